/**
 * Probing remotes, scheduled: every minute the cron takes the lease on a bounded number of due
 * listings and puts them on the probe queue; the queue's consumer probes each listing's remote
 * with bounded concurrency and stores what it found. What is due, how a listing is probed and
 * stored, and the invocation's allowance are services/probing/'s (remote-probes.ts, schedule.ts,
 * outcomes.ts); this is where the platform's queue and batch meet them. Work is never done in a
 * person's request: an admin's 'probe now' only marks the listing due and queues it.
 */
import type { DB } from '../db/client'
import { consumeProbeMessages, type ProbeMessage, queueDueProbes } from '../services/probing/remote-probes'
import { type ProbeSettings, probeSettings } from '../services/probing/settings'
import { sendAsJson } from '../services/work-queue'

export { pruneProbes } from '../services/probing/outcomes'
export type { ProbeMessage } from '../services/probing/remote-probes'
export { probeSettings } from '../services/probing/settings'

/** The queue's name in wrangler.toml, the key of its consumer in schedule.ts. */
export const PROBE_QUEUE_NAME = 'mcp-catalogue-probes'

/**
 * The cron's part: takes the lease on due listings and queues them, one message each. A failed
 * send gives the leases back, so the next minute tries again.
 * @example await enqueueDueProbes(db, env.PROBE_QUEUE, probeSettings(env))
 */
export function enqueueDueProbes(db: DB, queue: Queue<ProbeMessage>, settings: ProbeSettings): Promise<{ queued: number }> {
  return queueDueProbes(db, sendAsJson(queue), settings)
}

/**
 * The queue's consumer: the batch's listings probed and stored, acknowledged or given back
 * (services/probing/remote-probes.ts `consumeProbeMessages`), as the environment's settings say.
 */
export function consumeProbes(batch: MessageBatch, context: { db: DB; env: Env }, overrides: Partial<ProbeSettings> = {}) {
  return consumeProbeMessages(batch.messages as ReadonlyArray<Message<ProbeMessage>>, context.db, probeSettings(context.env, overrides))
}
