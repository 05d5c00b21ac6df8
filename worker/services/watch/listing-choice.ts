/**
 * What a listing shows of a package it installs: the version its install configurations use, a
 * newer one held back, and the band (worker/lib/supply/install.ts's choice), with the versions an
 * admin dismissed for this listing counting no band.
 */
import type { ListingChoice, ListingLink } from '../../db/supply'
import { installChoice } from '../../lib/supply/install'
import { versionKey } from '../../lib/supply/review'

export function listingChoice(link: ListingLink): ListingChoice {
  const dismissed = new Set(link.dismissed)
  const versions = link.versions.map((v) => ({ ...v, dismissed: dismissed.has(versionKey(link.registry, link.name, v.version)) }))
  return { serverId: link.serverId, packageId: link.packageId, ...installChoice(link.pinned, link.latest, versions) }
}
