/**
 * The supply-chain watch's decisions (worker/jobs/supply-watch.ts schedules them, worker/db/supply.ts
 * stores them): which packages a listing enrols (enrolment.ts), when a package is read and how a
 * failure backs off (schedule.ts), which versions a check reads (targets.ts, read.ts), how they are
 * scored (scoring.ts), what a check stores (outcome.ts), what each listing shows (listing-choice.ts,
 * listings.ts), and one check from start to end (check.ts).
 */

export { claimDueChecks, watchPackage } from './check'
export { ENROL_BATCH } from './enrolment'
export { enrolListings, refreshListings } from './listings'
export type { WatchResult } from './outcome'
export { type WatchSettings, watchSettings } from './settings'
export { WATCH_SUBREQUESTS } from './targets'
