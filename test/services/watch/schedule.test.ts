/** When a watched package is read: the lease, the next check, and the back-off after failures. */
import { describe, expect, it } from 'vitest'
import {
  backoffHours,
  checkedSchedule,
  failedSchedule,
  LEASE_MINUTES,
  leaseUntil,
  MAX_BACKOFF_HOURS,
  NOT_FOUND_HOURS,
  WATCH_EVERY_HOURS,
} from '../../../worker/services/watch/schedule'

const now = new Date('2025-06-01T12:00:00.000Z')
const HOUR = 3600_000
const hoursUntil = (iso: string) => (Date.parse(iso) - now.getTime()) / HOUR

describe('leaseUntil', () => {
  it('holds a claimed package for the lease', () => {
    expect(Date.parse(leaseUntil(now)) - now.getTime()).toBe(LEASE_MINUTES * 60_000)
  })
})

describe('backoffHours', () => {
  it('doubles from two hours with each failure, at most two days', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(backoffHours)).toEqual([2, 4, 8, 16, 32, 48, 48, 48])
    expect(MAX_BACKOFF_HOURS).toBe(48)
  })
})

describe('checkedSchedule', () => {
  const check = {
    status: 'ok' as const,
    validators: { etag: '"e2"', lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT', contentHash: 'abc' },
    latest: '1.2.0',
    verified: false,
    now,
  }

  it('reads the package again in six hours, clearing the lease and the failures', () => {
    const s = checkedSchedule(check)
    expect(hoursUntil(s.dueAt)).toBe(WATCH_EVERY_HOURS)
    expect(s).toMatchObject({
      etag: '"e2"',
      lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT',
      contentHash: 'abc',
      latestVersion: '1.2.0',
      priority: 0,
      leaseUntil: null,
      failures: 0,
      lastStatus: 'ok',
      lastError: null,
      checkedAt: now.toISOString(),
    })
    expect(s).not.toHaveProperty('verifiedAt')
  })

  it('keeps the validators it sent when the answer was unchanged, and the latest when none was read', () => {
    const s = checkedSchedule({
      ...check,
      status: 'unchanged',
      validators: { etag: null, lastModified: null, contentHash: null },
      latest: null,
    })
    expect(s.etag).toBeUndefined()
    expect(s.lastModified).toBeUndefined()
    expect(s.contentHash).toBeUndefined()
    expect(s.latestVersion).toBeUndefined()
    expect(s.lastStatus).toBe('unchanged')
  })

  it('asks for a package the registry does not have again after a week', () => {
    expect(hoursUntil(checkedSchedule({ ...check, status: 'not_found' }).dueAt)).toBe(NOT_FOUND_HOURS)
    expect(NOT_FOUND_HOURS).toBe(24 * 7)
  })

  it("stamps the day's verification when it was done", () => {
    expect(checkedSchedule({ ...check, verified: true }).verifiedAt).toBe(now.toISOString())
  })
})

describe('failedSchedule', () => {
  it('backs off by the failures before, records why and gives the lease back', () => {
    expect(failedSchedule(0, 'npm answered 429', now)).toEqual({
      dueAt: new Date(now.getTime() + 2 * HOUR).toISOString(),
      leaseUntil: null,
      lastStatus: 'failed',
      lastError: 'npm answered 429',
      checkedAt: now.toISOString(),
    })
    expect(hoursUntil(failedSchedule(3, 'x', now).dueAt)).toBe(16)
  })

  it('keeps 300 characters of the reason', () => {
    expect(failedSchedule(0, 'x'.repeat(1000), now).lastError).toHaveLength(300)
  })
})
