/**
 * What a check stores: its versions, a review item per listing for each new or re-read version that
 * scores Medium or above (never for a package's history), the package's schedule, the content
 * version when there is something new, and whether the listings' choices are worked out again.
 */
import type { Severity } from '@shared/scan'
import { supplyTitle, type WatchedRegistry } from '@shared/supply'
import type { CheckWrite, PackageReview, ScoredVersion } from '../../db/supply'
import type { Validators } from '../../lib/outbound/package-registry'
import { REVIEWED_BANDS, versionKey } from '../../lib/supply/review'
import { checkedSchedule } from './schedule'

/** What one check of a package found. */
export interface WatchResult {
  packageId: number
  registry: WatchedRegistry
  name: string
  /** The latest version before this check: the listings' choices are worked out again when it moved. */
  previousLatest: string | null
  status: 'ok' | 'unchanged' | 'not_found'
  validators: Validators
  latest: string | null
  added: ScoredVersion[]
  /** Known versions read again (deprecated or removed since), scored again. */
  updated: Array<ScoredVersion & { id: number }>
  verified: boolean
  scorerVersion: number
  now: Date
}

/** A review item's title and reason are kept to these lengths. */
const TITLE_CHARS = 300
const REASON_CHARS = 2000

/**
 * The review items a check opens: one per version read as news (not history) whose band is
 * reviewed, titled by its score and giving every signal with its evidence.
 */
export function reviewsOf(pkg: { registry: string; name: string }, versions: readonly ScoredVersion[]): PackageReview[] {
  return versions
    .filter((v) => !v.history && REVIEWED_BANDS.includes(v.band))
    .map((v) => ({
      key: versionKey(pkg.registry, pkg.name, v.version),
      severity: v.band as Severity,
      title: supplyTitle(pkg.name, v.version, v.score).slice(0, TITLE_CHARS),
      reason: (v.signals.map((s) => `${s.reason} (${s.evidence})`).join(' ') || 'No signal.').slice(0, REASON_CHARS),
    }))
}

/** Everything a check writes, in one batch (db/supply.ts's storeCheck). */
export function checkWrite(r: WatchResult): CheckWrite {
  return {
    packageId: r.packageId,
    at: r.now.toISOString(),
    scorerVersion: r.scorerVersion,
    added: r.added,
    updated: r.updated,
    reviews: reviewsOf(r, [...r.added, ...r.updated]),
    schedule: checkedSchedule(r),
    // Once per check, however many versions are new.
    newsForGuests: r.added.length > 0,
  }
}

/** The listings' choices are worked out again when a version was stored or the latest moved. */
export const movesListings = (r: Pick<WatchResult, 'added' | 'updated' | 'latest' | 'previousLatest'>) =>
  r.added.length > 0 || r.updated.length > 0 || r.latest !== r.previousLatest
