/**
 * Install output kept in `servers` (schema.ts) so that reads do not run the install generator
 * per request: each card's command (`card_install`), read by every list and search page, and the
 * install options with each client's command (`registry_install`), read by every entry of the
 * registry API's pages. The generator runs in the Worker and a migration or a trigger cannot call
 * it, so rows are filled here, a batch at a time, by the cron and after a bulk load: new rows,
 * rows whose name, registry name, version, packages or remotes changed (a trigger marks them), and
 * every row after INSTALL_REV is raised. Until a row is filled its readers generate the output per
 * request, so what they serve is the same either way.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { cardInstallCommand, INSTALL_REV } from '@shared/install'
import { installSummary } from '../lib/registry-api'
import { batchOf } from './batch'
import type { DB } from './client'
import { servedName, servers } from './schema'

/**
 * A kept column's value while it stands (the row's revision is the current generator's), else
 * null: what a reader takes instead of generating the output itself.
 */
export const keptOutput = (column: SQLiteColumn) =>
  sql<string | null>`CASE WHEN ${servers.installRev} = ${sql.raw(String(INSTALL_REV))} THEN ${column} END`

interface Listing {
  name: string
  /** The name the registry API serves it under. */
  served: string
  version: string
  packages: unknown[]
  remotes: unknown[]
}

/**
 * What the row keeps; null (its readers generate it per request, as before) for a listing the
 * generator cannot read, so one bad row never holds up the rows behind it.
 */
function generated(row: Listing): { card: string | null; registry: string | null } {
  const attempt = <T>(make: () => T): T | null => {
    try {
      return make()
    } catch {
      return null
    }
  }
  const registry = attempt(() => installSummary({ ...row, name: row.served }))
  return { card: attempt(() => cardInstallCommand(row)), registry: registry && JSON.stringify(registry) }
}

/** The rev of a row the fill has claimed and not written yet; like 0, below any generator's. */
const CLAIMED = -1
/** Rows written per UPDATE: three bound parameters each and the statement's own two, within D1's 100. */
const ROWS_PER_STATEMENT = 32

/**
 * Generates and keeps the install output of up to `limit` rows whose kept output is missing or
 * stale, and returns how many it claimed (0 when none is left). Two round trips whatever the
 * limit: one statement claims and reads the rows, then one UPDATE per 32 rows writes them, since
 * a statement per row costs D1 far more than the row.
 * @example while ((await fillKeptInstalls(db, 1000)) > 0) {}
 */
export async function fillKeptInstalls(db: DB, limit = 1000): Promise<number> {
  // A writer that changes a claimed listing before the write sets its rev back to 0 (the
  // trigger), so the write, which only touches rows still claimed, leaves it for the next fill.
  const pending = db.select({ seq: servers.seq }).from(servers).where(lt(servers.installRev, INSTALL_REV)).limit(limit)
  const rows = await db
    .update(servers)
    .set({ installRev: CLAIMED })
    .where(inArray(servers.seq, pending))
    .returning({
      seq: servers.seq,
      name: servers.name,
      served: servedName(servers),
      version: servers.version,
      packages: servers.packages,
      remotes: servers.remotes,
    })
  const writes = []
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const kept = generated(row)
      return sql`(${row.seq}, ${kept.card}, ${kept.registry})`
    })
    writes.push(
      db
        .update(servers)
        .set({ cardInstall: sql`v.column2`, registryInstall: sql`v.column3`, installRev: INSTALL_REV })
        .from(sql`(VALUES ${sql.join(values, sql`, `)}) AS v`)
        .where(and(sql`${servers.seq} = v.column1`, eq(servers.installRev, CLAIMED))),
    )
  }
  await batchOf(db, writes)
  return rows.length
}

/**
 * Fills every row the cron would, `limit` at a time, and returns how many: for a bulk load (the
 * seed script, the bench's generator), which should leave the catalogue as the cron would.
 */
export async function fillAllKeptInstalls(db: DB, limit = 1000): Promise<number> {
  let filled = 0
  for (let done = await fillKeptInstalls(db, limit); done > 0; done = await fillKeptInstalls(db, limit)) filled += done
  return filled
}
