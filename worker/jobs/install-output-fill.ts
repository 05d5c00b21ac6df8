/**
 * Generates the install output `servers` keeps (worker/db/kept-installs.ts says which and why):
 * the minutely schedule fills a batch of new or changed rows at a time, and a bulk load (the seed
 * script, the bench's generator) fills every row, leaving the catalogue as the cron would.
 */

import { cardInstallCommand } from '@shared/install'
import { withWatchPins } from '@shared/install/pins'
import type { DB } from '../db/client'
import { type ClaimedListing, claimStaleInstalls, type KeptInstall, saveKeptInstalls } from '../db/kept-installs'
import { watchPinsOf } from '../db/supply'
import { installSummary } from '../lib/render/registry-api'

/**
 * What the row keeps; null (its readers generate it per request, as before) for a listing the
 * generator cannot read, so one bad row never holds up the rows behind it.
 */
function generated(row: ClaimedListing): KeptInstall {
  const attempt = <T>(make: () => T): T | null => {
    try {
      return make()
    } catch {
      return null
    }
  }
  const registry = attempt(() => installSummary({ ...row, name: row.served }))
  return { seq: row.seq, card: attempt(() => cardInstallCommand(row)), registry: registry && JSON.stringify(registry) }
}

/**
 * Generates and keeps the install output of up to `limit` rows whose kept output is missing or
 * stale, and returns how many it claimed (0 when none is left). Three round trips whatever the
 * limit: one claims and reads the rows, one reads the watch's pins, one writes them.
 * @example while ((await fillKeptInstalls(db, 1000)) > 0) {}
 */
export async function fillKeptInstalls(db: DB, limit = 1000): Promise<number> {
  const rows = await claimStaleInstalls(db, limit)
  // A package left unpinned is pinned where the supply-chain watch held a newer version back.
  const pins = rows.length ? await watchPinsOf(db) : new Map()
  await saveKeptInstalls(
    db,
    rows.map((row) => generated(withWatchPins(row, pins.get(row.seq) ?? []))),
  )
  return rows.length
}

/** Fills every row the cron would, `limit` at a time, and returns how many: for a bulk load. */
export async function fillAllKeptInstalls(db: DB, limit = 1000): Promise<number> {
  let filled = 0
  for (let done = await fillKeptInstalls(db, limit); done > 0; done = await fillKeptInstalls(db, limit)) filled += done
  return filled
}
