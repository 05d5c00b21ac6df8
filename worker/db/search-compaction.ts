/**
 * The SQL of compacting the full-text indexes (worker/jobs/search-compaction.ts): how many
 * segments an index holds, and FTS5's own 'merge' command.
 */
import { sql } from 'drizzle-orm'
import type { DB } from './client'
import type { SearchIndex } from './server-search'

/** The segments an index holds now. */
export async function segmentCount(db: DB, index: SearchIndex): Promise<number> {
  const row = await db.get<{ n: number }>(sql`SELECT count(DISTINCT segid) AS n FROM ${sql.raw(`${index}_idx`)}`)
  return Number(row?.n ?? 0)
}

/**
 * One step of merging an index's segments into one: at most `pages` index pages written (a
 * negative page count asks FTS5 to merge everything, not only segments of one level).
 */
export async function mergeStep(db: DB, index: SearchIndex, pages: number): Promise<void> {
  // The table's own name as the column: FTS5's special command, not a row.
  await db.run(sql`INSERT INTO ${sql.raw(index)}(${sql.raw(index)}, rank) VALUES ('merge', ${-pages})`)
}
