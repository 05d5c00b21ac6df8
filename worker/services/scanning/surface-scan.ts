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

/**
 * A read surface's scan, as the probe's batch stores it.
 * @example await readSurfaceScan(db, { serverId, version: '1.2.0', source: 'remote', surface, hash })
 */
export async function readSurfaceScan(
  db: DB,
  input: { serverId: string; version: string; source: 'remote' | 'package'; surface: Surface; hash: string; listErrors?: ListErrors },
): Promise<StoredScan> {
  const basis = await readScanBasis(db, input)
  // Only a surface new to the store is scanned for its texts, against the other servers' tool names.
  const context = basis.existing ? undefined : await scanContext(db)
  return planSurfaceScan({
    surface: input.surface,
    version: input.version,
    hash: input.hash,
    before: basis,
    context,
    listErrors: input.listErrors,
  })
}

/** A declared surface's findings: its texts, against the other servers' tool names. */
export async function declaredSurfaceFindings(db: DB, surface: Surface): Promise<FindingRow[]> {
  return textFindingRows(surface, await scanContext(db))
}
