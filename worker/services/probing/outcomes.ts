/**
 * A probe's outcome stored, whoever made it (the Worker's probe of a remote, the runner's of a
 * package): its surface hashed by the Worker and scanned (services/scanning/surface-scan.ts), the
 * listing's next due time decided by the schedule, all written in one batch by db/probes.ts
 * `recordProbe`. And the history's retention: probes past
 * PROBE_HISTORY_DAYS folded into daily counts, in bounded statements.
 */

import { hashSurface } from '@mcp-catalogue/mcp-client'
import type { ProbeOutcome, ShippedProvenance } from '@shared/surface'
import type { DB } from '../../db/client'
import { foldProbeHistory, recordProbe } from '../../db/probes'
import { readSurfaceScan } from '../scanning/surface-scan'
import { dueAfter, historyCutoff } from './schedule'

export interface StoreOutcomeInput {
  serverId: string
  /** The listing's version the probe was made for. */
  version: string
  outcome: ProbeOutcome
  /** A remote's (probe_schedule, by default) or a package's (package_probe_schedule). */
  source?: 'remote' | 'package'
  /** For a surface shipped with the catalogue's data (services/probing/shipped.ts): who read it, kept beside the surface. */
  shipped?: ShippedProvenance
  now?: Date
}

/**
 * Stores one outcome with the hashes of its surface (an 'ok' one's) and when the listing is due
 * again; returns the hashes.
 * @example await storeOutcome(db, { serverId, version: target.version, outcome })
 */
export async function storeOutcome(db: DB, input: StoreOutcomeInput) {
  const { outcome, serverId, version } = input
  const source = input.source ?? 'remote'
  const surface = outcome.status === 'ok' ? outcome.surface : null
  const hashes = surface ? await hashSurface(surface) : null
  const scan =
    surface && hashes
      ? await readSurfaceScan(db, {
          serverId,
          version,
          source,
          surface,
          hash: hashes.surface,
          listErrors: outcome.listErrors,
          now: input.now,
        })
      : undefined
  const due = dueAfter(outcome.status, input.now ?? new Date())
  await recordProbe(db, { serverId, version, outcome, hashes, source, due, scan, shipped: input.shipped })
  return hashes
}

/**
 * One statement of the retention: at most `limit` probes older than the history keeps folded into
 * daily counts. Returns how many were folded.
 */
export function pruneProbeHistory(db: DB, opts: { now?: Date; limit: number }): Promise<number> {
  return foldProbeHistory(db, { before: historyCutoff(opts.now ?? new Date()), limit: opts.limit })
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
    const n = await pruneProbeHistory(db, { now, limit: PRUNE_BATCH })
    total += n
    if (n < PRUNE_BATCH) break
  }
  return total
}
