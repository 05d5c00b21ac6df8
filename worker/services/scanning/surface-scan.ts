/**
 * The scan of a surface about to be stored, worked out before the batch that stores it, so that
 * the batch (db/probes.ts) only writes what was decided here: for a read surface, what it is
 * compared with (one round trip: is it stored already, the surface read before and its reviewed
 * findings), the catalogue's tool names when it is new, then lib/scan's plan of its findings and
 * Changes entry; for a declared surface, its text findings.
 */
import type { ListErrors, Surface } from '@shared/surface'
import type { DB } from '../../db/client'
import { readScanBasis, scanContext } from '../../db/scans'
import { type FindingRow, planSurfaceScan, type StoredScan, textFindingRows } from '../../lib/scan/stored-scan'
import { type SelfSource, selfOf } from './catalogue'

/** The server's own names as the surface gives them: a brand they carry is the listing's own. */
const serverNames = (surface: Surface) => [surface.serverInfo?.name, surface.serverInfo?.title]

/**
 * A read surface's scan, as the probe's batch stores it.
 * @example await readSurfaceScan(db, { serverId, version: '1.2.0', source: 'remote', surface, hash })
 */
export async function readSurfaceScan(
  db: DB,
  input: {
    serverId: string
    version: string
    source: 'remote' | 'package'
    surface: Surface
    hash: string
    listErrors?: ListErrors
    now?: Date
  },
): Promise<StoredScan> {
  const now = input.now ?? new Date()
  // The listing's row comes in the basis's batch: knowing which listing this is costs no round trip.
  const basis = await readScanBasis(db, input, now)
  // Only a surface new to the store is scanned for its texts, against the catalogue's other listings.
  const context = basis.existing
    ? undefined
    : { ...(await scanContext(db)), ...(basis.self ? { self: selfOf(basis.self, now, serverNames(input.surface)) } : {}) }
  return planSurfaceScan({
    surface: input.surface,
    version: input.version,
    hash: input.hash,
    before: basis,
    context,
    listErrors: input.listErrors,
  })
}

/**
 * A declared surface's findings: its texts, against the catalogue's other listings. `listing` is
 * the listing's row the caller read already (the route authorizing the declaration), so knowing
 * which listing this is costs no round trip; without it the scan knows no self.
 */
export async function declaredSurfaceFindings(db: DB, surface: Surface, listing?: SelfSource, now = new Date()): Promise<FindingRow[]> {
  const context = await scanContext(db)
  return textFindingRows(surface, listing ? { ...context, self: selfOf(listing, now, serverNames(surface)) } : context)
}
