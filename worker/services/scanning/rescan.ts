/**
 * The rescan, run by the cron (jobs/rescan.ts): up to `limit` stored surfaces that older rules
 * scanned, read, scanned again (rescan-plan.ts) and written in one batch, each with its text
 * findings replaced and its risk rewritten, and the listings' risks after. The batch also keeps
 * the run of this scanner version (db/rescan-runs.ts): started by its first batch, what its
 * surfaces and listings held before and hold after, counted around the writes, and finished when
 * none is left.
 */
import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from '../../db/client'
import { countStatements, finishRun, progressStatement, startRunStatement } from '../../db/rescan-runs'
import { rescanStatements, scanContext, setListingRisk, staleSurfaces } from '../../db/scans'
import { SCANNER_VERSION } from '../../lib/scan/scan'
import { selfOf } from './catalogue'
import { planRescan } from './rescan-plan'
import { finishesRun } from './rescan-runs'

/** Returns how many surfaces were scanned again; the cron repeats while it is `limit`. */
export async function rescanSurfaces(db: DB, opts: { limit: number; now?: Date }): Promise<number> {
  const scannerVersion = SCANNER_VERSION
  const now = opts.now ?? new Date()
  const at = now.toISOString()
  // Each surface comes with its listing's row, in the same statement: which listing it is costs nothing more.
  const stale = await staleSurfaces(db, { scannerVersion, limit: opts.limit, now })
  if (!stale.length) {
    // Nothing older is left: the run, if one is open, ends (a statement that matches no row writes nothing).
    await finishRun(db, { scannerVersion, at })
    return 0
  }
  const surfaces = stale.map(({ self, ...surface }) => ({
    ...surface,
    ...(self ? { self: selfOf(self, now, [surface.surface.serverInfo?.name, surface.surface.serverInfo?.title]) } : {}),
  }))
  const rescan = planRescan(surfaces, await scanContext(db))
  const counted = { scannerVersion, surfaceIds: stale.map((s) => s.id), serverIds: rescan.listings }
  const statements: BatchItem<'sqlite'>[] = [
    startRunStatement(db, { scannerVersion, at }),
    ...countStatements(db, { ...counted, side: 'before' }),
    ...rescan.surfaces.flatMap((surface) => rescanStatements(db, { ...surface, at })),
    ...rescan.listings.map((serverId) => setListingRisk(db, serverId)),
    ...countStatements(db, { ...counted, side: 'after' }),
    progressStatement(db, { scannerVersion, rescanned: stale.length, finished: finishesRun(stale.length, opts.limit), at }),
  ]
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  return stale.length
}
