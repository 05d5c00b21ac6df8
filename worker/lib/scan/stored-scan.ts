/**
 * What storing a surface's scan writes, worked out from the surface, the scan, and what the store
 * holds already (db/scans.ts turns it into statements for the probe's own batch, and the rescan of
 * services/scanning/ for its own): the findings, each with the key its review keeps to, its review
 * item's title and whether a person reviews it; and, for a surface other than the one read before,
 * the Changes entry. Pure: the database's part is read before and written after.
 */

import { canonicalJson } from '@mcp-catalogue/mcp-client'
import type { Finding, Severity, SurfaceDiff } from '@shared/scan'
import type { ListErrors, Surface, SurfaceList } from '@shared/surface'
import { changeFindings } from './changes'
import { diffSurfaces } from './diff'
import type { ScanContext } from './rule-types'
import { scanSurface } from './scan'
import { changeSummary, findingKey, findingTitle } from './summary'

/**
 * Findings of at least this severity go to the review queue, raise an alert and count as new
 * (a severity's meaning: medium, a person should look).
 */
export const REVIEWED: readonly Severity[] = ['medium', 'high']

/** Whether a finding of this severity raises a review item. */
export const raisesReview = (severity: Severity) => REVIEWED.includes(severity)

/** A finding as stored: the key its review keeps to (findingKey), its review item's title, and whether it is reviewed. */
export interface FindingRow extends Finding {
  key: string
  title: string
  reviewed: boolean
}

/** Findings as rows; `change` names the change (the surfaces' hashes) a change finding is about. */
export const findingRows = (findings: readonly Finding[], change: { from: string | null; to: string } | null): FindingRow[] =>
  findings.map((f) => ({ ...f, key: findingKey(f, change), title: findingTitle(f), reviewed: raisesReview(f.severity) }))

/**
 * A surface's text findings as rows: what a declared surface stores (no Changes entry: the Tools
 * tab compares it with what is read), and what a rescan puts in place of a stored surface's.
 */
export const textFindingRows = (surface: Surface, context?: ScanContext): FindingRow[] => findingRows(scanSurface(surface, context), null)

/** What the store holds before a read surface is stored (db/scans.ts `readScanBasis` reads it). */
export interface ScanBefore {
  /** The row of this exact surface (same listing version, source and hash), when it is stored already: its text findings are too. */
  existing: object | null
  /** The newest surface of the same source stored before, which the new one is compared with, and the lists it was read without. */
  previous: { hash: string; version: string; surface: Surface; listErrors?: ListErrors } | null
  /** The keys of the previous surface's findings of medium or above: what is not 'new'. */
  previousKeys: ReadonlySet<string>
}

/** A Changes entry: what the timeline, the dashboards and the changes feed show of a surface read. */
export interface ChangeEntry {
  previousHash: string | null
  /** Null for a first read. */
  diff: SurfaceDiff | null
  /** Findings of medium or above the surface before did not have. */
  newFindings: number
  summary: string
  /** Whether the people who follow the server are told: anything changed, or a finding of medium or above is new. */
  alert: boolean
}

/** A read surface's scan, as its storage writes it. */
export interface StoredScan {
  /** The text findings (of a surface new to the store), then the change findings. */
  rows: FindingRow[]
  /** Whether findings are written: there are some, or the surface is new and is marked scanned without any. */
  writesFindings: boolean
  /** For a surface other than the one read before (a change, a first read, a return to an earlier one); null when read again unchanged. */
  change: ChangeEntry | null
}

/**
 * The new surface as it is compared with the one before: a list either of them was read without
 * (announced, then refused or failed) is not known to have changed, so it is taken as it was
 * before. Its emptiness is a failure to read, never 'every resource removed'.
 */
function comparable(surface: Surface, listErrors: ListErrors | undefined, previous: NonNullable<ScanBefore['previous']>): Surface {
  const lost = new Set([...Object.keys(listErrors ?? {}), ...Object.keys(previous.listErrors ?? {})] as SurfaceList[])
  if (lost.size === 0) return surface
  return { ...surface, ...Object.fromEntries([...lost].map((key) => [key, previous.surface[key]])) }
}

/**
 * A read surface's scan: a surface new to the store gets its text findings; a surface other than
 * the one read before gets a Changes entry with the diff and the change findings; the surface read
 * again unchanged gets nothing. A list either surface was read without (`listErrors`) is left out
 * of the comparison, so a surface that differs only by a list that failed is no change.
 * @example planSurfaceScan({ surface, version: '1.2.0', hash, before: basis, context })
 */
export function planSurfaceScan(input: {
  surface: Surface
  version: string
  hash: string
  before: ScanBefore
  context?: ScanContext
  /** The lists this surface was read without (each empty in it). */
  listErrors?: ListErrors
}): StoredScan {
  const { surface, version, hash, before } = input
  const previous = before.previous
  const textRows = before.existing ? [] : textFindingRows(surface, input.context)
  const compared = previous ? comparable(surface, input.listErrors, previous) : surface
  const unchanged =
    previous && (previous.hash === hash || (compared !== surface && canonicalJson(compared) === canonicalJson(previous.surface)))
  if (unchanged) return { rows: textRows, writesFindings: textRows.length > 0 || !before.existing, change: null }
  let diff: SurfaceDiff | null = null
  let changeRows: FindingRow[] = []
  if (previous) {
    diff = diffSurfaces({ surface: previous.surface, listingVersion: previous.version }, { surface: compared, listingVersion: version })
    // The listing's own service is no outside destination for an address a parameter offers (changes.ts).
    changeRows = findingRows(changeFindings(previous.surface, compared, diff, { self: input.context?.self }), {
      from: previous.hash,
      to: hash,
    })
  }
  const rows = [...textRows, ...changeRows]
  const newFindings =
    textRows.filter((r) => r.reviewed && !before.previousKeys.has(r.key)).length + changeRows.filter((r) => r.reviewed).length
  return {
    rows,
    writesFindings: rows.length > 0 || !before.existing,
    change: {
      previousHash: previous?.hash ?? null,
      diff,
      newFindings,
      summary: changeSummary(diff, newFindings, surface.tools.length),
      alert: diff !== null || newFindings > 0,
    },
  }
}
