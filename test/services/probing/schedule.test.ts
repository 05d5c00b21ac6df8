/**
 * Probing's cadence (worker/services/probing/schedule.ts) in Node: when a listing is due again
 * after each outcome, the back-off after n failures in a row, leases, putting off and retention.
 * What D1 does with these values (the step picked by the row's failures, a new version due at
 * once) is test/worker/db/probes.test.ts's.
 */
import { describe, expect, it } from 'vitest'
import { PROBE_STATUSES, type ProbeStatus } from '@shared/surface'
import {
  BACKOFF_CAP_MS,
  BACKOFF_LADDER_SECONDS,
  backoffMs,
  cadenceOf,
  dueAfter,
  historyCutoff,
  leaseEnd,
  PROBE_LEASE_MS,
  putOffUntil,
  RUNNER_LEASE_MS,
} from '../../../worker/services/probing/schedule'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = new Date('2026-06-01T12:00:00.000Z')
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

/** The due time the schedule row gets after a failure with `failuresBefore` counted before it, as its SQL picks the step. */
function dueAfterFailures(status: ProbeStatus, failuresBefore: number): string {
  const { dueAt, backoff } = dueAfter(status, NOW)
  if (!backoff || failuresBefore === 0) return dueAt
  const step = backoff.ladderSeconds[Math.min(failuresBefore, backoff.ladderSeconds.length - 1)]
  return new Date(Date.parse(backoff.from) + step * 1000).toISOString()
}

describe('cadenceOf', () => {
  it('calls ok healthy, a key or a setting waiting, and everything else failing', () => {
    const cadences = Object.fromEntries(PROBE_STATUSES.map((s) => [s, cadenceOf(s)]))
    expect(cadences).toEqual({
      ok: 'healthy',
      auth_required: 'waiting',
      needs_config: 'waiting',
      unreachable: 'failing',
      timeout: 'failing',
      protocol_error: 'failing',
      refused: 'failing',
    })
  })
})

describe('dueAfter', () => {
  it('reads a healthy listing again in a day, without a back-off', () => {
    expect(dueAfter('ok', NOW)).toEqual({ dueAt: inMs(DAY), backoff: null })
  })

  it('asks a listing that needs a key or a setting again in a week, without backing off', () => {
    expect(dueAfter('needs_config', NOW)).toEqual({ dueAt: inMs(7 * DAY), backoff: null })
    expect(dueAfter('auth_required', NOW)).toEqual({ dueAt: inMs(7 * DAY), backoff: null })
  })

  it('backs a failing listing off from now: 1 h after the first failure, doubling, at most a week', () => {
    const due = dueAfter('timeout', NOW)
    expect(due.dueAt).toBe(inMs(HOUR))
    expect(due.backoff?.from).toBe(NOW.toISOString())
    const waits = Array.from({ length: 11 }, (_, n) => (Date.parse(dueAfterFailures('unreachable', n)) - NOW.getTime()) / HOUR)
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 168, 168, 168])
  })

  it('gives every failing status the same back-off', () => {
    for (const status of ['unreachable', 'timeout', 'protocol_error', 'refused'] as const) {
      expect(dueAfter(status, NOW).backoff?.ladderSeconds).toBe(BACKOFF_LADDER_SECONDS)
    }
  })
})

describe('the back-off', () => {
  it('doubles from an hour and stops at the cap, however many failures came before', () => {
    expect([0, 1, 2, 3].map(backoffMs)).toEqual([HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR])
    expect(backoffMs(8)).toBe(BACKOFF_CAP_MS)
    expect(backoffMs(1000)).toBe(BACKOFF_CAP_MS)
    expect(BACKOFF_CAP_MS).toBe(7 * DAY)
  })

  it('is written as a ladder of seconds ending at the first step that reaches the cap', () => {
    expect(BACKOFF_LADDER_SECONDS).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 168].map((h) => h * 3600))
    expect(BACKOFF_LADDER_SECONDS.every((s, i) => s === backoffMs(i) / 1000)).toBe(true)
  })
})

describe('leases, putting off and retention', () => {
  it('holds a queued remote for 15 minutes and a runner’s package for 30', () => {
    expect(leaseEnd(NOW, PROBE_LEASE_MS)).toBe(inMs(15 * 60_000))
    expect(leaseEnd(NOW, RUNNER_LEASE_MS)).toBe(inMs(30 * 60_000))
  })

  it('puts off a listing with nothing to probe for a week, as one waiting for a key', () => {
    expect(putOffUntil(NOW)).toBe(inMs(7 * DAY))
    expect(putOffUntil(NOW)).toBe(dueAfter('needs_config', NOW).dueAt)
  })

  it('keeps 90 days of probes row by row', () => {
    expect(historyCutoff(NOW)).toBe(inMs(-90 * DAY))
    expect(historyCutoff(NOW, 7)).toBe(inMs(-7 * DAY))
  })
})
