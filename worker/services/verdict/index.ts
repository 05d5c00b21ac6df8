/**
 * Grading listings whose verdict is behind (an input changed, or the method) or aged: claim and
 * read them in one round trip (db/verdicts.ts), grade each (lib/verdict), decide what changed
 * (decide.ts), write it all in one more.
 */
import type { DB } from '../../db/client'
import { claimListingsToGrade, saveVerdicts } from '../../db/verdicts'
import { gradeListing, VERDICT_REV } from '../../lib/verdict'
import { HEALTH_DAYS } from '../../lib/verdict/grade'
import { decideWrite, verdictHash } from './decide'

export { decideWrite, dropReasons, fell, verdictHash, verdictText } from './decide'

/** A verdict graded longer ago than this is graded again: the latest version's age and the probes' window move with time. */
export const VERDICT_MAX_AGE_MS = 24 * 3600_000

export interface GradeOptions {
  /** Listings graded at most. */
  limit: number
  now?: Date
  /** The claim's token (a negative verdict_rev); a fresh one by default. */
  token?: number
}

/** A fresh claim token: negative, below any method's rev, and unlikely to be another invocation's. */
export const claimToken = () => -1 - Math.floor(Math.random() * 1_000_000_000)

export interface GradeRun {
  graded: number
  /** Verdicts written (their hash changed). */
  written: number
  /** Cards whose grade changed. */
  regraded: number
  drops: number
}

/** Grades up to `limit` listings that are behind or aged: two round trips. */
export async function gradeDueListings(db: DB, opts: GradeOptions): Promise<GradeRun> {
  const now = opts.now ?? new Date()
  const token = opts.token ?? claimToken()
  const listings = await claimListingsToGrade(db, {
    rev: VERDICT_REV,
    token,
    limit: opts.limit,
    agedBefore: new Date(now.getTime() - VERDICT_MAX_AGE_MS).toISOString(),
    probesSince: new Date(now.getTime() - HEALTH_DAYS * 24 * 3600_000).toISOString(),
  })
  if (listings.length === 0) return { graded: 0, written: 0, regraded: 0, drops: 0 }
  const writes = await Promise.all(
    listings.map(async (listing) => {
      const verdict = gradeListing(listing.inputs, now)
      return decideWrite(listing, verdict, await verdictHash(verdict))
    }),
  )
  await saveVerdicts(db, { rev: VERDICT_REV, token, checkedAt: now.toISOString(), writes })
  return {
    graded: listings.length,
    written: writes.filter((w) => w.verdict !== null).length,
    regraded: writes.filter((w) => w.gradeChanged).length,
    drops: writes.filter((w) => w.drop !== null).length,
  }
}
