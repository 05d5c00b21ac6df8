/**
 * Install output kept in `servers` (schema.ts) so that reads do not run the install generator
 * per request: each card's command (`card_install`), read by every list and search page, and the
 * install options with each client's command (`registry_install`), read by every entry of the
 * registry API's pages. The generator runs in the Worker and a migration or a trigger cannot call
 * it, so rows are filled by a job (worker/jobs/install-output-fill.ts), a batch at a time, from
 * the cron and after a bulk load: new rows, rows whose name, registry name, version, packages or
 * remotes changed (a trigger marks them), and every row after INSTALL_REV is raised. Until a row
 * is filled its readers generate the output per request, so what they serve is the same either
 * way. Here: what readers take, and the fill's reads and writes.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { INSTALL_REV } from '@shared/install'
import { batchOf } from './batch'
import type { DB } from './client'
import { servedName, servers } from './schema'

/**
 * A kept column's value while it stands (the row's revision is the current generator's), else
 * null: what a reader takes instead of generating the output itself.
 */
export const keptOutput = (column: SQLiteColumn) =>
  sql<string | null>`CASE WHEN ${servers.installRev} = ${sql.raw(String(INSTALL_REV))} THEN ${column} END`

/** A row the fill claimed: what the generator reads of it. */
export interface ClaimedListing {
  seq: number
  name: string
  /** The name the registry API serves it under. */
  served: string
  version: string
  packages: unknown[]
  remotes: unknown[]
}

/** A claimed row's generated output; null where the generator could not read the listing. */
export interface KeptInstall {
  seq: number
  card: string | null
  registry: string | null
}

/** The rev of a row the fill has claimed and not written yet; like 0, below any generator's. */
export const CLAIMED_INSTALL = -1
/** Rows written per UPDATE: three bound parameters each and the statement's own two, within D1's 100. */
const ROWS_PER_STATEMENT = 32

/**
 * Claims up to `limit` rows whose kept output is missing or stale, and reads what the generator
 * needs of them: one statement.
 */
export async function claimStaleInstalls(db: DB, limit: number): Promise<ClaimedListing[]> {
  // A writer that changes a claimed listing before the write sets its rev back to 0 (the
  // trigger), so the write, which only touches rows still claimed, leaves it for the next fill.
  const pending = db.select({ seq: servers.seq }).from(servers).where(lt(servers.installRev, INSTALL_REV)).limit(limit)
  return db
    .update(servers)
    .set({ installRev: CLAIMED_INSTALL })
    .where(inArray(servers.seq, pending))
    .returning({
      seq: servers.seq,
      name: servers.name,
      served: servedName(servers),
      version: servers.version,
      packages: servers.packages,
      remotes: servers.remotes,
    })
}

/**
 * Writes the claimed rows' output under the current INSTALL_REV, in one round trip: one UPDATE
 * per 32 rows, since a statement per row costs D1 far more than the row.
 */
export async function saveKeptInstalls(db: DB, kept: readonly KeptInstall[]): Promise<void> {
  const writes = []
  for (let i = 0; i < kept.length; i += ROWS_PER_STATEMENT) {
    const values = kept.slice(i, i + ROWS_PER_STATEMENT).map((row) => sql`(${row.seq}, ${row.card}, ${row.registry})`)
    writes.push(
      db
        .update(servers)
        .set({ cardInstall: sql`v.column2`, registryInstall: sql`v.column3`, installRev: INSTALL_REV })
        .from(sql`(VALUES ${sql.join(values, sql`, `)}) AS v`)
        .where(and(sql`${servers.seq} = v.column1`, eq(servers.installRev, CLAIMED_INSTALL))),
    )
  }
  await batchOf(db, writes)
}
