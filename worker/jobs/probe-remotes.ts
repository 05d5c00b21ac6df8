/**
 * Probing remotes, scheduled: every minute the cron takes the lease on a bounded number of due
 * listings (worker/db/probes.ts decides which) and puts them on the probe queue; the queue's
 * consumer probes each listing's remote (worker/lib/mcp-client) with bounded concurrency and
 * stores what it found. Work is never done in a person's request: an admin's 'probe now' only
 * marks the listing due and queues it.
 *
 * One invocation of the consumer stays within the platform's limits by counting its own outbound
 * requests: each probe may make at most PROBE_SUBREQUESTS requests, and a probe starts only while
 * the invocation's allowance (PROBE_SUBREQUEST_BUDGET) still covers that much for it and for every
 * probe under way. Listings that do not fit are given back and queued again by the next cron.
 * With the Paid allowance (950) all 10 probes of a batch always fit (19 would); with the Free one
 * (45) a probe takes the whole allowance, so one probe per invocation.
 */

import { DEFAULT_PROBE_BOUNDS, type FetchLike, hashSurface, type ProbeBounds, probeRemote } from '@mcp-catalogue/mcp-client'
import { readRemote } from '@shared/install/source'
import type { ProbeOutcome } from '@shared/surface'
import type { DB } from '../db/client'
import {
  claimDueProbes,
  deferProbe,
  findProbeTarget,
  PROBE_HISTORY_DAYS,
  pruneProbeHistory,
  recordProbe,
  releaseProbeLeases,
} from '../db/probes'
import { cappedFetch } from '../lib/outbound/fetch'
import { type AllowanceRun, consumeClaimed, queueClaimed, withinAllowance } from '../services/work-queue'

/** The queue's name in wrangler.toml, the key of its consumer in schedule.ts. */
export const PROBE_QUEUE_NAME = 'mcp-catalogue-probes'

/** One queued probe: the listing; its version and remote are read when the probe starts. */
export interface ProbeMessage {
  serverId: string
}

/**
 * Outbound requests one probe may make at most: with the default bounds, every page of the four
 * lists (4 x maxPages), the connect with its fallback and notification, the event stream, the close,
 * the Server Card and a redirect or two. Measured against the local servers, a probe makes 2 (a
 * 401) to 10 (server-everything) requests. A probe past it fails (its next request is refused)
 * rather than eating another probe's share.
 */
export const PROBE_SUBREQUESTS = 4 * DEFAULT_PROBE_BOUNDS.maxPages + 8

export interface ProbeSettings {
  /** PROBE_ENABLED: off, the cron queues nothing and the consumer probes nothing. */
  enabled: boolean
  /** PROBE_ALLOW_LOOPBACK: local development only. */
  allowLoopback: boolean
  /** Listings the cron queues per minute at most. */
  perMinute: number
  /** Probes under way at once in one consumer invocation. */
  concurrency: number
  /** Outbound requests one consumer invocation may make (PROBE_SUBREQUEST_BUDGET). */
  subrequestBudget: number
  bounds?: Partial<ProbeBounds>
  /** The fetch beneath the probe's guard (tests, the local script); the global one by default. */
  fetch?: FetchLike
  now?: () => Date
}

/**
 * The probing settings from the Worker's environment.
 * @example probeSettings(env).enabled // false unless PROBE_ENABLED is 'true'
 */
export function probeSettings(
  env: Pick<Env, 'PROBE_ENABLED' | 'PROBE_ALLOW_LOOPBACK' | 'PROBE_SUBREQUEST_BUDGET'>,
  overrides: Partial<ProbeSettings> = {},
): ProbeSettings {
  const budget = Number.parseInt(env.PROBE_SUBREQUEST_BUDGET, 10)
  return {
    enabled: env.PROBE_ENABLED === 'true',
    allowLoopback: env.PROBE_ALLOW_LOOPBACK === 'true',
    perMinute: 50,
    concurrency: 4,
    subrequestBudget: Number.isFinite(budget) && budget > 0 ? budget : 45,
    ...overrides,
  }
}

/**
 * The cron's part: takes the lease on due listings and queues them, one message each. A failed
 * send gives the leases back, so the next minute tries again.
 * @example await enqueueDueProbes(db, env.PROBE_QUEUE, probeSettings(env))
 */
export async function enqueueDueProbes(db: DB, queue: Queue<ProbeMessage>, settings: ProbeSettings): Promise<{ queued: number }> {
  if (!settings.enabled) return { queued: 0 }
  const ids = await claimDueProbes(db, { now: settings.now?.() ?? new Date(), limit: settings.perMinute })
  const queued = await queueClaimed(
    ids,
    (serverId): ProbeMessage => ({ serverId }),
    (bodies) => queue.sendBatch(bodies.map((body) => ({ body, contentType: 'json' as const }))),
    (claimed) => releaseProbeLeases(db, claimed),
  )
  return { queued }
}

/** The remote a listing is probed at: its first Streamable HTTP one, else its first SSE one. */
export function probedRemote(remotes: readonly unknown[]) {
  const usable = remotes.map(readRemote).filter((r) => r !== null)
  return usable.find((r) => r.type === 'streamable-http') ?? usable[0] ?? null
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
    await deferProbe(db, target, settings.now?.())
    return null
  }
  const outcome = await probeRemote({
    url: remote.url,
    transport: remote.type,
    bounds: settings.bounds,
    allowLoopback: settings.allowLoopback,
    fetch: fetch ?? settings.fetch,
  })
  const hashes = outcome.status === 'ok' && outcome.surface ? await hashSurface(outcome.surface) : null
  await recordProbe(db, { serverId, version: target.version, outcome, hashes, now: settings.now?.() })
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
 * The queue's consumer: probes the batch's listings (each once, however often it was queued),
 * acknowledges what was done or given back, and has the queue deliver again only a probe whose
 * storing failed. With probing off, the batch is acknowledged and its listings given back.
 */
export async function consumeProbes(batch: MessageBatch, context: { db: DB; env: Env }, overrides: Partial<ProbeSettings> = {}) {
  const settings = probeSettings(context.env, overrides)
  return consumeClaimed(
    batch.messages as ReadonlyArray<Message<ProbeMessage>>,
    (body) => (typeof body?.serverId === 'string' ? body.serverId : null),
    settings.enabled ? (ids) => probeWithinAllowance(context.db, ids, settings) : null,
    (ids) => releaseProbeLeases(context.db, ids),
  )
}

/** Probes pruned per statement, and statements per daily run at most (200,000 a day). */
const PRUNE_BATCH = 5000
const PRUNE_ROUNDS = 40

/**
 * The daily retention: probes older than PROBE_HISTORY_DAYS folded into probe_days, in bounded
 * batches. Returns how many were folded.
 */
export async function pruneProbes(db: DB, now = new Date()): Promise<number> {
  let total = 0
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const n = await pruneProbeHistory(db, { now, days: PROBE_HISTORY_DAYS, limit: PRUNE_BATCH })
    total += n
    if (n < PRUNE_BATCH) break
  }
  return total
}
