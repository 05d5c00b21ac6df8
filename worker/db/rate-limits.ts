/** Fixed-window counters for rate limits, one row per client and bucket. */
import { sql } from 'drizzle-orm'
import type { DB } from './client'
import { rateLimits } from './schema'

/**
 * Counts one request against `key` in the window starting at `windowStart` (seconds) with a
 * single upsert, so concurrent requests never lose a count; returns the window's count so far.
 */
export async function countRequest(db: DB, key: string, windowStart: number): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count })
  return row.count
}
