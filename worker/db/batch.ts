import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from './client'

type Slot = BatchItem<'sqlite'> | null

/**
 * Runs the queries a request needs in one round trip, where which of them it needs depends on
 * what it already knows: a null slot is not sent and reads back as null, in its place.
 */
export async function batchOf<T extends readonly Slot[]>(
  db: DB,
  queries: T,
): Promise<{ -readonly [K in keyof T]: T[K] extends null ? null : Awaited<T[K]> }> {
  const sent = queries.filter((q): q is BatchItem<'sqlite'> => q !== null)
  const results: unknown[] = sent.length ? await db.batch(sent as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]) : []
  let next = 0
  return queries.map((q) => (q === null ? null : results[next++])) as never
}
