/**
 * The verdicts' job: every minute, a bounded batch of listings whose verdict is behind (an input
 * changed: a probe, a scan or rescan, a watch result, a sync; or the method was raised) or was
 * graded over a day ago, graded and stored (services/verdict/). Two round trips per invocation
 * whatever the batch; the seeded catalogue (464 listings) is graded within three minutes.
 */
import type { DB } from '../db/client'
import { type GradeRun, gradeDueListings } from '../services/verdict'

/** Listings graded per invocation: the seeded catalogue (464 listings) in three, a method change over 10,000 listings in under an hour. */
export const VERDICT_BATCH = 200

export function gradeVerdicts(db: DB, opts: { limit?: number; now?: Date } = {}): Promise<GradeRun> {
  return gradeDueListings(db, { limit: opts.limit ?? VERDICT_BATCH, ...(opts.now ? { now: opts.now } : {}) })
}

/** Grades every listing the cron would, `limit` at a time, and returns how many: for a bulk load and tests. */
export async function gradeAllVerdicts(db: DB, opts: { limit?: number; now?: Date } = {}): Promise<number> {
  let graded = 0
  for (let run = await gradeVerdicts(db, opts); run.graded > 0; run = await gradeVerdicts(db, opts)) graded += run.graded
  return graded
}
