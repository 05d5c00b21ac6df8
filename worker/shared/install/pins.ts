/**
 * The supply-chain watch's say in an install configuration: a package the listing leaves
 * unpinned runs whatever is newest, so when the watch holds a newer version back (it scored
 * High), the configuration pins the version the watch chose instead. The planner is not told
 * about the watch: it is handed a copy of the listing whose package entries carry that version,
 * as if the listing had pinned it.
 */
import { type WatchedPackage, watchedName } from '../supply'
import type { InstallListing, InstallVersion } from './plan'
import { readPackage } from './source'

/** The watch's facts of one package that decide a pin. */
export type WatchedPin = Pick<WatchedPackage, 'registry' | 'name' | 'pinned' | 'installVersion' | 'latest'>

/** Whether two names are one package, as its registry compares names (watchedName). */
export function samePackageName(registry: string, a: string, b: string): boolean {
  return watchedName(registry, a) === watchedName(registry, b)
}

/**
 * The version to pin for a package the listing leaves unpinned: the watch's install version when
 * it is not the registry's latest (a newer one is held back); null when the latest may run.
 */
export function watchPin(pkg: WatchedPin): string | null {
  if (pkg.pinned !== null || !pkg.installVersion) return null
  return pkg.installVersion !== pkg.latest ? pkg.installVersion : null
}

function pinPackages(packages: readonly unknown[], pins: ReadonlyArray<{ registry: string; name: string; version: string }>): unknown[] {
  return packages.map((raw) => {
    // A plain string names no registry, so no watch applies to it.
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw
    const declared = readPackage(raw)
    if (!declared || declared.version !== null) return raw
    const pin = pins.find((p) => p.registry === declared.registryType && samePackageName(p.registry, p.name, declared.identifier))
    // `version` is the field both server.json shapes name the package's version by.
    return pin ? { ...(raw as Record<string, unknown>), version: pin.version } : raw
  })
}

/**
 * The listing with the watch's pins written into its unpinned package entries (each version's),
 * for `installPlan`; the listing itself when nothing is to be pinned.
 * @example installPlan(withWatchPins(server, server.supplyChain.packages), { version })
 */
export function withWatchPins<T extends InstallListing>(listing: T, watched: readonly WatchedPin[]): T {
  const pins = watched.flatMap((p) => {
    const version = watchPin(p)
    return version ? [{ registry: p.registry, name: p.name, version }] : []
  })
  if (!pins.length) return listing
  const pinned = <V extends InstallVersion>(v: V): V => ({ ...v, packages: pinPackages(v.packages, pins) })
  return { ...pinned(listing), versions: listing.versions?.map(pinned) }
}
