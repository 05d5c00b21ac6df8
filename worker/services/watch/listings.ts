/**
 * The listings' side of the watch, read via db -> decided here -> written via db: enrolling the
 * listings whose packages changed, and working out again what listings show after a check or an
 * admin's dismissal.
 */
import type { DB } from '../../db/client'
import { ID_CHUNK, readListingLinks, storeEnrolment, storeListingChoices, toEnrolQuery } from '../../db/supply'
import { refsOfListing } from './enrolment'
import { listingChoice } from './listing-choice'

/**
 * Enrols listings whose packages changed since (or were never read): their watched packages
 * exist, their links are the packages they declare now, a version they pin that the watch has not
 * read makes its package due at once, and what they show is worked out again. Bounded per
 * invocation; a listing changed again meanwhile stays to be enrolled.
 */
export async function enrolListings(db: DB, opts: { limit: number; now: Date }): Promise<number> {
  const rows = await toEnrolQuery(db, opts.limit)
  if (rows.length === 0) return 0
  const listings = rows.map((row) => ({ id: row.id, packagesText: row.packagesText, refs: refsOfListing(row) }))
  await storeEnrolment(db, listings, opts.now.toISOString())
  await refreshListings(db, { serverIds: rows.map((r) => r.id) })
  return rows.length
}

/**
 * Works out again, for the listings of some packages (or some listings), the version each install
 * uses, the version held back and the band, and each listing's band for cards. Two round trips
 * (per ID_CHUNK ids: D1 binds at most 100 parameters a statement).
 */
export async function refreshListings(db: DB, which: { packageIds?: number[]; serverIds?: string[] }): Promise<void> {
  for (const key of ['packageIds', 'serverIds'] as const) {
    const ids = which[key]
    if (ids && ids.length > ID_CHUNK) {
      for (let i = 0; i < ids.length; i += ID_CHUNK) await refreshListings(db, { [key]: ids.slice(i, i + ID_CHUNK) })
      return
    }
  }
  const links = await readListingLinks(db, which)
  const serverIds = which.serverIds ?? [...new Set(links.map((l) => l.serverId))]
  await storeListingChoices(db, links.map(listingChoice), serverIds)
}
