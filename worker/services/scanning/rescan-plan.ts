/**
 * What a rescan writes after the rules changed (SCANNER_VERSION): each stale surface's text
 * findings found again by the rules of now (its change findings stay: they belong to the change),
 * and the risk of every listing those surfaces belong to, each listing once, in the order met.
 */
import type { Surface } from '@shared/surface'
import type { ScanContext, ScanSelf } from '../../lib/scan/rule-types'
import { type FindingRow, textFindingRows } from '../../lib/scan/stored-scan'

/** A stored surface that older rules scanned, or none did (surfaces stored before the scanner). */
export interface StaleSurface {
  id: number
  serverId: string
  surface: Surface
  /** The listing it belongs to (services/scanning/catalogue.ts selfOf), read with it. */
  self?: ScanSelf
}

export interface Rescan {
  /** Each surface with the findings that replace its text findings. */
  surfaces: Array<{ id: number; serverId: string; rows: FindingRow[] }>
  /** The listings whose risk is worked out again after. */
  listings: string[]
}

/** @example planRescan(await staleSurfaces(db, { scannerVersion: SCANNER_VERSION, limit }), await scanContext(db)) */
export function planRescan(stale: readonly StaleSurface[], context: ScanContext): Rescan {
  return {
    surfaces: stale.map(({ id, serverId, surface, self }) => ({
      id,
      serverId,
      rows: textFindingRows(surface, self ? { ...context, self } : context),
    })),
    listings: [...new Set(stale.map((s) => s.serverId))],
  }
}
