/**
 * Probing's cadence, as plain rules over a probe's status and the time: when a listing is due
 * again after each outcome (daily when healthy, weekly when it waits for a key or a setting,
 * backing off when failing), how long a lease holds it, when a listing with nothing to probe is
 * asked again, and how long probes are kept row by row. Remotes (the Worker's probes) and packages
 * (the runner's) share it. db/ writes what these functions give as values; the one rule that stays
 * in SQL is "a new version is due at once" (db/probes.ts `isDue`), since the claim that reads it
 * must be one statement.
 */
import type { ProbeStatus } from '@shared/surface'
import type { DueAfter } from '../../db/probes'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A healthy listing is read again daily. */
export const HEALTHY_INTERVAL_MS = DAY_MS
/** A listing that needs a key or a setting will not change by itself soon: weekly. */
export const WAITING_INTERVAL_MS = 7 * DAY_MS
/** A failing listing backs off: 1 h after its first failure, doubling, at most weekly. */
export const BACKOFF_BASE_MS = HOUR_MS
export const BACKOFF_CAP_MS = 7 * DAY_MS

/** How long a queued probe holds its listing: past it, a lost message is queued again. */
export const PROBE_LEASE_MS = 15 * 60_000
/**
 * How long a claimed package is the claiming runner's: a probe takes at most a minute or so
 * (fetch, start, list, each under its own limit), so a runner's batch of 20 fits; past it, the
 * package is given to the next runner that asks.
 */
export const RUNNER_LEASE_MS = 30 * 60_000

/** Probes kept row by row; older ones are summarised per day in probe_days. */
export const PROBE_HISTORY_DAYS = 90

/** Statuses that are a steady state rather than a failure: no back-off, weekly. */
const WAITING_STATUSES: readonly ProbeStatus[] = ['auth_required', 'needs_config']

/** What an outcome says of a listing's health, for its cadence. */
export type Cadence = 'healthy' | 'waiting' | 'failing'

export function cadenceOf(status: ProbeStatus): Cadence {
  if (status === 'ok') return 'healthy'
  return WAITING_STATUSES.includes(status) ? 'waiting' : 'failing'
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The wait after a failure, given the failures in a row before it: 1 h, 2 h, 4 h ... capped at a
 * week.
 * @example backoffMs(3) // 8 hours
 */
export function backoffMs(failuresBefore: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failuresBefore), BACKOFF_CAP_MS)
}

/**
 * The back-off as the ladder the schedule's SQL reads by the failures it holds: the wait in
 * seconds after 0, 1, 2 ... failures before, up to the first that reaches the cap, which holds
 * for any number past it. The failures in a row are known only to the row being updated, so the
 * probe's one batch picks the step there rather than read the row first.
 */
export const BACKOFF_LADDER_SECONDS: readonly number[] = (() => {
  const ladder: number[] = []
  for (let failures = 0; ladder.at(-1) !== BACKOFF_CAP_MS / 1000; failures++) ladder.push(backoffMs(failures) / 1000)
  return ladder
})()

/**
 * When a listing is due again after a probe with this status, made `now`.
 * @example dueAfter('ok', now).dueAt // a day after now
 */
export function dueAfter(status: ProbeStatus, now: Date): DueAfter {
  const at = now.getTime()
  switch (cadenceOf(status)) {
    case 'healthy':
      return { dueAt: iso(at + HEALTHY_INTERVAL_MS), backoff: null }
    case 'waiting':
      return { dueAt: iso(at + WAITING_INTERVAL_MS), backoff: null }
    case 'failing':
      return { dueAt: iso(at + backoffMs(0)), backoff: { from: iso(at), ladderSeconds: BACKOFF_LADDER_SECONDS } }
  }
}

/**
 * When a listing turned out to have nothing to probe (delisted, its remotes gone, no package the
 * runner can run) is asked again: in a week, as one waiting for a key, unless its version changes.
 */
export function putOffUntil(now: Date): string {
  return iso(now.getTime() + WAITING_INTERVAL_MS)
}

/** When a lease taken `now` for `ms` ends. */
export function leaseEnd(now: Date, ms: number): string {
  return iso(now.getTime() + ms)
}

/** Probes started before this are folded into daily counts. */
export function historyCutoff(now: Date, days = PROBE_HISTORY_DAYS): string {
  return iso(now.getTime() - days * DAY_MS)
}
