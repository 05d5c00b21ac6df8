/**
 * An admin's 'probe now': the listing is made due at once and put on the probe queue, under a
 * lease as the cron would queue it; the queue's consumer probes it within a minute or so. Nothing
 * is probed inside the request.
 */
import type { ProbeNowResponse } from '@shared/surface'
import type { DB } from '../../db/client'
import { markRemoteDueNow, releaseProbeLeases } from '../../db/probes'
import { ApiError } from '../../errors'
import { queueClaimed } from '../work-queue'
import { type ProbeNowListing, probeNowRefusal } from './enrolment'
import type { ProbeMessage } from './remote-probes'
import { leaseEnd, PROBE_LEASE_MS } from './schedule'

/**
 * Makes a listing due now and takes its lease for PROBE_LEASE_MS, unless a queued probe already
 * holds it; `queued` says whether this call took it (and so must queue the probe).
 */
export function markProbeDue(db: DB, serverId: string, now = new Date()): Promise<{ queued: boolean; dueAt: string }> {
  return markRemoteDueNow(db, serverId, { now, leaseUntil: leaseEnd(now, PROBE_LEASE_MS) })
}

/**
 * Makes the listing due now and queues it, unless a queued probe already holds it (then queued
 * once is enough: `queued` is false). A listing that cannot be probed is a 409 with the reason; a
 * failed send gives the lease back and throws.
 * @example await probeNow(db, server, { enabled }, (message) => queue.send(message, { contentType: 'json' }))
 */
export async function probeNow(
  db: DB,
  listing: ProbeNowListing & { id: string },
  settings: { enabled: boolean },
  send: (message: ProbeMessage) => Promise<unknown>,
  now = new Date(),
): Promise<ProbeNowResponse> {
  const refusal = probeNowRefusal(listing, settings.enabled)
  if (refusal) throw new ApiError('conflict', refusal)
  const { queued, dueAt } = await markProbeDue(db, listing.id, now)
  if (queued) {
    await queueClaimed(
      [listing.id],
      (serverId): ProbeMessage => ({ serverId }),
      ([message]) => send(message),
      (ids) => releaseProbeLeases(db, ids),
    )
  }
  return { serverId: listing.id, queued, dueAt }
}
