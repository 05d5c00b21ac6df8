/**
 * Probing remotes: the cron's part (due listings leased and queued, once) and the queue's
 * consumer's (each listing probed at its remote with the MCP client, within the invocation's
 * request allowance, and stored). worker/jobs/probe-remotes.ts hands them the queue and the
 * batch; the steps of claim, queue, work and give back are services/work-queue.ts's.
 *
 * One invocation of the consumer stays within the platform's limits by counting its own outbound
 * requests: each probe may make at most PROBE_SUBREQUESTS requests, and a probe starts only while
 * the invocation's allowance (PROBE_SUBREQUEST_BUDGET) still covers that much for it and for every
 * probe under way. Listings that do not fit are given back and queued again by the next cron.
 * With the Paid allowance (950) all 10 probes of a batch always fit (18 would); with the Free one
 * (45) a probe takes the whole allowance, so one probe per invocation.
 */

import { DEFAULT_PROBE_BOUNDS, type FetchLike, probeRemote } from '@mcp-catalogue/mcp-client'
import type { ProbeOutcome } from '@shared/surface'
import type { DB } from '../../db/client'
import { deferProbe, findProbeTarget, leaseDueRemotes, releaseProbeLeases } from '../../db/probes'
import { cappedFetch } from '../../lib/outbound/fetch'
import { type AllowanceRun, consumeClaimed, type QueuedMessage, queueClaimed, withinAllowance } from '../work-queue'
import { probedRemote } from './enrolment'
import { storeOutcome } from './outcomes'
import { leaseEnd, PROBE_LEASE_MS, putOffUntil } from './schedule'
import type { ProbeSettings } from './settings'

/** One queued probe: the listing; its version and remote are read when the probe starts. */
export interface ProbeMessage {
  serverId: string
}

/**
 * Outbound requests one probe may make at most: with the default bounds, every page of the four
 * lists (4 x maxPages), the connect with its fallback and notification, the event stream, the close,
 * the Server Card, a redirect or two, and for a server that answered the stateless exchange the
 * `initialize` check (its handshake, notification and close: 3). Measured against the local
 * servers, a probe makes 2 (a 401) to 10 (server-everything) requests. A probe past it fails (its
 * next request is refused) rather than eating another probe's share.
 */
export const PROBE_SUBREQUESTS = 4 * DEFAULT_PROBE_BOUNDS.maxPages + 11

/**
 * Takes the lease on at most `limit` due listings with a remote, for PROBE_LEASE_MS, and returns
 * their ids (db/probes.ts `leaseDueRemotes` says which are due).
 * @example const ids = await claimDueProbes(db, { now: new Date(), limit: 50 })
 */
export function claimDueProbes(db: DB, opts: { now: Date; limit: number }): Promise<string[]> {
  return leaseDueRemotes(db, { now: opts.now, leaseUntil: leaseEnd(opts.now, PROBE_LEASE_MS), limit: opts.limit })
}

/**
 * The cron's part: takes the lease on due listings and sends them, one message each. A failed
 * send gives the leases back, so the next minute tries again.
 */
export async function queueDueProbes(
  db: DB,
  send: (messages: ProbeMessage[]) => Promise<unknown>,
  settings: ProbeSettings,
): Promise<{ queued: number }> {
  if (!settings.enabled) return { queued: 0 }
  const ids = await claimDueProbes(db, { now: settings.now?.() ?? new Date(), limit: settings.perMinute })
  const queued = await queueClaimed(
    ids,
    (serverId): ProbeMessage => ({ serverId }),
    send,
    (claimed) => releaseProbeLeases(db, claimed),
  )
  return { queued }
}

/**
 * Probes one listing at its remote and stores the outcome. Null when there was nothing to probe
 * (the listing is gone, no longer listed, or has no usable remote any more): then it is put off
 * for a week, or until its version changes.
 */
export async function probeListing(db: DB, serverId: string, settings: ProbeSettings, fetch?: FetchLike): Promise<ProbeOutcome | null> {
  const target = await findProbeTarget(db, serverId)
  if (!target) return null
  const remote = target.status === 'active' ? probedRemote(target.remotes) : null
  if (!remote) {
    await deferProbe(db, target, putOffUntil(settings.now?.() ?? new Date()))
    return null
  }
  const outcome = await probeRemote({
    url: remote.url,
    transport: remote.type,
    bounds: settings.bounds,
    allowLoopback: settings.allowLoopback,
    fetch: fetch ?? settings.fetch,
  })
  await storeOutcome(db, { serverId, version: target.version, outcome, now: settings.now?.() })
  return outcome
}

export interface ProbeRun extends Omit<AllowanceRun<string, ProbeOutcome | null>, 'results'> {
  /** Each listing probed and its outcome (null: nothing to probe). */
  outcomes: Map<string, ProbeOutcome | null>
}

/**
 * Probes listings `concurrency` at a time within the invocation's request allowance: a probe
 * starts only while the allowance covers PROBE_SUBREQUESTS for it on top of what was spent and
 * what the probes under way may still spend (services/work-queue.ts). The same code serves the
 * queue and `npm run probe`.
 */
export async function probeListings(db: DB, serverIds: readonly string[], settings: ProbeSettings): Promise<ProbeRun> {
  const { results, ...run } = await probeWithinAllowance(db, serverIds, settings)
  return { outcomes: results, ...run }
}

function probeWithinAllowance(db: DB, serverIds: readonly string[], settings: ProbeSettings) {
  const underlying: FetchLike = settings.fetch ?? ((input, init) => fetch(input, init))
  return withinAllowance(
    serverIds,
    { budget: settings.subrequestBudget, perPiece: PROBE_SUBREQUESTS, concurrency: settings.concurrency },
    (share) => cappedFetch(underlying, share, 'a probe'),
    (serverId, capped) => probeListing(db, serverId, settings, capped),
  )
}

/**
 * The queue consumer's turn: probes the batch's listings (each once, however often it was
 * queued), acknowledges what was done or given back, and has the queue deliver again only a probe
 * whose storing failed. With probing off, the batch is acknowledged and its listings given back.
 */
export function consumeProbeMessages(messages: ReadonlyArray<QueuedMessage<ProbeMessage>>, db: DB, settings: ProbeSettings) {
  return consumeClaimed(
    messages,
    (body) => (typeof body?.serverId === 'string' ? body.serverId : null),
    settings.enabled ? (ids) => probeWithinAllowance(db, ids, settings) : null,
    (ids) => releaseProbeLeases(db, ids),
  )
}
