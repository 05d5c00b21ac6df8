/**
 * Generated card commands, kept in `servers.card_install` (schema.ts) so that a list or a search
 * page reads each card's command instead of running the install generator for every card of
 * every request. The generator runs in the Worker and a migration or a trigger cannot call it, so
 * rows are filled here, a batch at a time, by the cron and after a bulk load: new rows, rows
 * whose name, version, packages or remotes changed (a trigger marks them), and every row after
 * CARD_INSTALL_REV is raised. Until a row is filled its cards generate the command per request,
 * so what a card copies is the same either way.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { CARD_INSTALL_REV, cardInstallCommand } from '../lib/install'
import { batchOf } from './batch'
import type { DB } from './client'
import { servers } from './schema'

/**
 * The row's card command; null (the Worker generates it per request, as before) for a listing
 * the generator cannot read, so one bad row never holds up the rows behind it.
 */
function generated(row: { name: string; version: string; packages: unknown[]; remotes: unknown[] }): string | null {
  try {
    return cardInstallCommand(row)
  } catch {
    return null
  }
}

/** The rev of a row the fill has claimed and not written yet; like 0, below any generator's. */
const CLAIMED = -1
/** Rows written per UPDATE: two bound parameters each, within D1's 100 per statement. */
const ROWS_PER_STATEMENT = 49

/**
 * Generates and keeps the card command of up to `limit` rows whose kept one is missing or
 * stale, and returns how many it claimed (0 when none is left). Two round trips whatever the
 * limit: one statement claims and reads the rows, then one UPDATE per 49 rows writes them, since
 * a statement per row costs D1 far more than the row.
 * @example while ((await fillCardInstalls(db, 1000)) > 0) {}
 */
export async function fillCardInstalls(db: DB, limit = 1000): Promise<number> {
  // A writer that changes a claimed listing before the write sets its rev back to 0 (the
  // trigger), so the write, which only touches rows still claimed, leaves it for the next fill.
  const pending = db.select({ seq: servers.seq }).from(servers).where(lt(servers.cardInstallRev, CARD_INSTALL_REV)).limit(limit)
  const rows = await db
    .update(servers)
    .set({ cardInstallRev: CLAIMED })
    .where(inArray(servers.seq, pending))
    .returning({ seq: servers.seq, name: servers.name, version: servers.version, packages: servers.packages, remotes: servers.remotes })
  const writes = []
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => sql`(${row.seq}, ${generated(row)})`)
    writes.push(
      db
        .update(servers)
        .set({ cardInstall: sql`v.column2`, cardInstallRev: CARD_INSTALL_REV })
        .from(sql`(VALUES ${sql.join(values, sql`, `)}) AS v`)
        .where(and(sql`${servers.seq} = v.column1`, eq(servers.cardInstallRev, CLAIMED))),
    )
  }
  await batchOf(db, writes)
  return rows.length
}

/**
 * Fills every row the cron would, `limit` at a time, and returns how many: for a bulk load (the
 * seed script, the bench's generator), which should leave the catalogue as the cron would.
 */
export async function fillAllCardInstalls(db: DB, limit = 1000): Promise<number> {
  let filled = 0
  for (let done = await fillCardInstalls(db, limit); done > 0; done = await fillCardInstalls(db, limit)) filled += done
  return filled
}
