/**
 * The supply-chain watch, scheduled: every minute the cron enrols listings whose packages changed
 * and puts due packages on the watch queue (new versions first); the queue's consumer checks each
 * package (worker/services/watch/: what is new at its registry, each new version scored, stored
 * through worker/db/supply.ts). No package is ever run: everything comes from the metadata the
 * registries publish.
 *
 * A check makes at most WATCH_SUBREQUESTS requests, and an invocation starts a check only while its
 * allowance (PROBE_SUBREQUEST_BUDGET, the same platform limit the probes count against) still
 * covers that; packages that do not fit are given back for the next minute.
 */
import type { DB } from '../db/client'
import { releaseWatchLeases } from '../db/supply'
import { cappedFetch } from '../lib/outbound/fetch'
import type { RegistryFetch } from '../lib/outbound/package-registry'
import {
  claimDueChecks,
  ENROL_BATCH,
  enrolListings,
  WATCH_SUBREQUESTS,
  type WatchResult,
  type WatchSettings,
  watchPackage,
  watchSettings,
} from '../services/watch'
import { type AllowanceRun, consumeClaimed, queueClaimed, sendAsJson, withinAllowance } from '../services/work-queue'

/** The queue's name in wrangler.toml, the key of its consumer in schedule.ts. */
export const WATCH_QUEUE_NAME = 'mcp-catalogue-watch'

/** One queued check: the watched package's id. */
export interface WatchMessage {
  packageId: number
}

/**
 * The cron's part: enrols listings whose packages changed, then takes the lease on due packages
 * and queues them. A failed send gives the leases back.
 */
export async function enqueueDueWatches(
  db: DB,
  queue: Queue<WatchMessage>,
  settings: WatchSettings,
): Promise<{ enrolled: number; queued: number }> {
  if (!settings.enabled) return { enrolled: 0, queued: 0 }
  const now = settings.now?.() ?? new Date()
  const enrolled = await enrolListings(db, { limit: ENROL_BATCH, now })
  const ids = await claimDueChecks(db, now, settings.perMinute)
  const queued = await queueClaimed(
    ids,
    (packageId): WatchMessage => ({ packageId }),
    sendAsJson(queue),
    (claimed) => releaseWatchLeases(db, claimed),
  )
  return { enrolled, queued }
}

export type WatchRun = AllowanceRun<number, WatchResult | null>

/** Checks packages one after another while the invocation's allowance covers another check (services/work-queue.ts). */
export async function watchPackages(db: DB, ids: readonly number[], settings: WatchSettings): Promise<WatchRun> {
  const underlying: RegistryFetch = settings.fetch ?? ((input, init) => fetch(input, init))
  return withinAllowance(
    ids,
    { budget: settings.subrequestBudget, perPiece: WATCH_SUBREQUESTS, concurrency: 1 },
    (share) => cappedFetch(underlying, share, 'a check'),
    (id, capped) => watchPackage(db, id, settings, capped),
  )
}

/** The queue's consumer: checks the batch's packages, gives back those that did not fit, retries only a check whose storing failed. */
export async function consumeWatches(batch: MessageBatch, context: { db: DB; env: Env }, overrides: Partial<WatchSettings> = {}) {
  const settings = watchSettings(context.env, overrides)
  return consumeClaimed(
    batch.messages as ReadonlyArray<Message<WatchMessage>>,
    (body) => (Number.isInteger(body?.packageId) ? (body as WatchMessage).packageId : null),
    settings.enabled ? (ids) => watchPackages(context.db, ids, settings) : null,
    (ids) => releaseWatchLeases(context.db, ids),
  )
}
