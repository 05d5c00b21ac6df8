/**
 * Categories for servers written before categories existed (or by other means): a migration
 * cannot run the classifier, so the minutely schedule and the seed script file them here, a
 * bounded number at a time, until none is left.
 */
import { autoCategories, saveAutoCategories, uncategorizedServers } from '../db/categories'
import type { DB } from '../db/client'

/**
 * Classifies up to `limit` servers that have no categories and returns how many it classified
 * (0 when none is left).
 * @example while ((await backfillCategories(db, 200)) > 0) {}
 */
export async function backfillCategories(db: DB, limit = 200): Promise<number> {
  const rows = await uncategorizedServers(db, limit)
  await saveAutoCategories(
    db,
    rows.map((row) => ({ id: row.id, slugs: autoCategories(row) })),
  )
  return rows.length
}
