/**
 * A rescan run's decisions and figures, apart from its SQL (db/rescan-runs.ts): when a batch ends
 * the run, and the run as admins read it (before → after by severity, class and risk, and how
 * many listings' risk rose or fell) from the rows the store keeps. Pure.
 */
import { type RescanRun, RISK_LEVELS, type RiskLevel, SCAN_CLASSES, type ScanClass, SEVERITIES, type Severity } from '@shared/scan'
import type { RescanRunRows } from '../../db/rescan-runs'

/**
 * Whether a batch of `rescanned` surfaces, asked for up to `limit`, ends the run: fewer than asked
 * means none older rules scanned is left (staleSurfaces takes them by id, the first `limit`).
 */
export const finishesRun = (rescanned: number, limit: number) => rescanned < limit

const rank = (risk: string) => RISK_LEVELS.indexOf(risk as RiskLevel)

/** The runs as the admin API answers them, the newest first, each with its before → after tables. */
export function toRescanRuns({ runs, counts, listings }: RescanRunRows): RescanRun[] {
  return runs.map((run) => {
    const mine = counts.filter((c) => c.scannerVersion === run.scannerVersion)
    const of = (measure: string, key: string) => {
      const row = mine.find((c) => c.measure === measure && c.key === key)
      return { before: row?.nBefore ?? 0, after: row?.nAfter ?? 0 }
    }
    const touched = listings.filter((l) => l.scannerVersion === run.scannerVersion)
    const listingRisk = RISK_LEVELS.map((risk) => ({
      risk,
      before: touched.filter((l) => l.riskBefore === risk).reduce((n, l) => n + l.n, 0),
      after: touched.filter((l) => l.riskAfter === risk).reduce((n, l) => n + l.n, 0),
    }))
    const moved = (test: (before: number, after: number) => boolean) =>
      touched.filter((l) => test(rank(l.riskBefore), rank(l.riskAfter))).reduce((n, l) => n + l.n, 0)
    return {
      scannerVersion: run.scannerVersion,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      surfacesTotal: run.surfacesTotal,
      surfacesRescanned: run.surfacesRescanned,
      bySeverity: [...SEVERITIES].reverse().map((severity: Severity) => ({ severity, ...of('severity', severity) })),
      byClass: SCAN_CLASSES.map((name: ScanClass) => ({ class: name, ...of('class', name) })).filter((c) => c.before + c.after > 0),
      surfaceRisk: RISK_LEVELS.map((risk) => ({ risk, ...of('surface_risk', risk) })),
      listingRisk,
      listings: { rose: moved((b, a) => a > b), fell: moved((b, a) => a < b), same: moved((b, a) => a === b) },
    }
  })
}
