/**
 * When a watched package is read: a check holds its package under a lease; after a check it is
 * read again in six hours (a week when the registry does not have it), and after a failure the
 * wait doubles, 2, 4, 8... hours, at most two days.
 */
import type { CheckedPackage, FailedPackage } from '../../db/supply'
import type { Validators } from '../../lib/outbound/package-registry'

/** How often a package is read again when nothing is wrong. */
export const WATCH_EVERY_HOURS = 6
/** How long a package the registry does not have waits before it is asked for again. */
export const NOT_FOUND_HOURS = 24 * 7
/** A check holds its package this long, so a queued check is not queued again meanwhile. */
export const LEASE_MINUTES = 15
/** The longest wait after failures. */
export const MAX_BACKOFF_HOURS = 48
/** A failure's reason is kept to this many characters. */
const ERROR_CHARS = 300

const hoursLater = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString()

/** Until when a check claimed `now` holds its package. */
export const leaseUntil = (now: Date) => new Date(now.getTime() + LEASE_MINUTES * 60_000).toISOString()

/**
 * Hours to wait after a failure, given the failures before it: 2, 4, 8, 16, 32, then 48.
 * @example backoffHours(0) // 2
 */
export const backoffHours = (failuresBefore: number) => Math.min(MAX_BACKOFF_HOURS, 2 ** Math.min(failuresBefore + 1, 6))

/**
 * The package's row after a check that reached its registry: due again in six hours (a week when
 * not found), the lease and the failures cleared, the validators (ETag, Last-Modified, the body's
 * hash) kept as they were when the answer was unchanged, the latest version kept when none was
 * read, and the day's verification stamped when done.
 */
export function checkedSchedule(check: {
  status: 'ok' | 'unchanged' | 'not_found'
  validators: Validators
  latest: string | null
  verified: boolean
  now: Date
}): CheckedPackage {
  const at = check.now.toISOString()
  const unchanged = check.status === 'unchanged'
  return {
    etag: unchanged ? undefined : check.validators.etag,
    lastModified: unchanged ? undefined : check.validators.lastModified,
    contentHash: unchanged ? undefined : check.validators.contentHash,
    latestVersion: check.latest ?? undefined,
    dueAt: hoursLater(check.now, check.status === 'not_found' ? NOT_FOUND_HOURS : WATCH_EVERY_HOURS),
    priority: 0,
    leaseUntil: null,
    failures: 0,
    lastStatus: check.status,
    lastError: null,
    checkedAt: at,
    ...(check.verified ? { verifiedAt: at } : {}),
  }
}

/** The package's row after a failed check: backed off by the failures before it, and why, the lease given back. */
export function failedSchedule(failuresBefore: number, error: string, now: Date): FailedPackage {
  return {
    dueAt: hoursLater(now, backoffHours(failuresBefore)),
    leaseUntil: null,
    lastStatus: 'failed',
    lastError: error.slice(0, ERROR_CHARS),
    checkedAt: now.toISOString(),
  }
}
