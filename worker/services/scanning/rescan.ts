/**
 * The rescan, run by the cron (jobs/rescan.ts): up to `limit` stored surfaces that older rules
 * scanned, read, scanned again (rescan-plan.ts) and written in one batch, each with its text
 * findings replaced and its risk rewritten, and the listings' risks after.
 */
import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from '../../db/client'
import { rescanStatements, scanContext, setListingRisk, staleSurfaces } from '../../db/scans'
import { SCANNER_VERSION } from '../../lib/scan/scan'
import { selfOf } from './catalogue'
import { planRescan } from './rescan-plan'

/** Returns how many surfaces were scanned again; the cron repeats while it is `limit`. */
export async function rescanSurfaces(db: DB, opts: { limit: number; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date()
  // Each surface comes with its listing's row, in the same statement: which listing it is costs nothing more.
  const stale = await staleSurfaces(db, { scannerVersion: SCANNER_VERSION, limit: opts.limit, now })
  if (!stale.length) return 0
  const at = now.toISOString()
  const surfaces = stale.map(({ self, ...surface }) => ({
    ...surface,
    ...(self ? { self: selfOf(self, now, [surface.surface.serverInfo?.name, surface.surface.serverInfo?.title]) } : {}),
  }))
  const rescan = planRescan(surfaces, await scanContext(db))
  const statements: BatchItem<'sqlite'>[] = [
    ...rescan.surfaces.flatMap((surface) => rescanStatements(db, { ...surface, at })),
    ...rescan.listings.map((serverId) => setListingRisk(db, serverId)),
  ]
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  return stale.length
}
