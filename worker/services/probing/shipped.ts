/**
 * Surfaces shipped with the catalogue's data (worker/lib/shipped-surfaces.ts reads the file),
 * stored as if a runner had just posted them: each surface through the same caps as a posted one
 * (lib/posted-surface.ts) and the one door for storing an outcome (outcomes.ts `storeOutcome`), so
 * it is hashed and scanned as a live probe's, with who read it kept beside it. scripts/seed.ts
 * loads them on the first start, after the snapshot.
 */
import type { ProbeOutcome } from '@shared/surface'
import type { DB } from '../../db/client'
import { listingsByRegistryName } from '../../db/runner'
import { readPostedOutcome } from '../../lib/posted-surface'
import type { ShippedSurface, ShippedSurfaces } from '../../lib/shipped-surfaces'
import { storeOutcome } from './outcomes'

/** What loading a data file did. */
export interface ShippedReport {
  stored: number
  /** Entries whose listing is not in the database at that version (or not listed): 'name@version'. */
  unmatched: string[]
  /** Entries whose surface could not be kept (past the caps, an item without a name...), with why. */
  refused: Array<{ name: string; reason: string }>
}

/** The outcome a shipped entry stands for: an 'ok' of the package, over stdio, read when the runner read it. */
function outcomeOf(entry: ShippedSurface): ProbeOutcome {
  return readPostedOutcome({
    status: 'ok',
    protocolVersion: entry.protocolVersion,
    transport: 'stdio',
    target: entry.package,
    startedAt: entry.readAt,
    durationMs: entry.durationMs,
    error: null,
    authMetadataUrl: null,
    missingVariable: null,
    surface: entry.surface,
    serverCard: null,
    cause: null,
    listErrors: entry.listErrors ?? {},
  })
}

/**
 * Stores each entry of a checked data file as its listing's package surface, for the listing's
 * version the entry names (a listing since updated to another version is left alone: the surface
 * would be of another release); an entry whose surface the caps refuse is reported, not stored.
 * @example const report = await storeShippedSurfaces(db, readShippedSurfaces(doc))
 */
export async function storeShippedSurfaces(db: DB, file: ShippedSurfaces, now = new Date()): Promise<ShippedReport> {
  const report: ShippedReport = { stored: 0, unmatched: [], refused: [] }
  const listings = new Map(
    (await listingsByRegistryName(db, [...new Set(file.surfaces.map((e) => e.server.name))])).map((l) => [l.registryName, l]),
  )
  for (const entry of file.surfaces) {
    const listing = listings.get(entry.server.name)
    if (listing?.status !== 'active' || listing.version !== entry.server.version) {
      report.unmatched.push(`${entry.server.name}@${entry.server.version}`)
      continue
    }
    const outcome = outcomeOf(entry)
    if (outcome.status !== 'ok') {
      report.refused.push({ name: entry.server.name, reason: outcome.error ?? 'its surface cannot be kept' })
      continue
    }
    const shipped = { runnerVersion: entry.runner.version, fence: entry.runner.fence }
    await storeOutcome(db, { serverId: listing.id, version: listing.version, outcome, source: 'package', shipped, now })
    report.stored++
  }
  return report
}
