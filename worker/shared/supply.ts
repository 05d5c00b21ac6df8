/**
 * The supply-chain watch: what the catalogue learns of each version of a listed package from the
 * package registry's own metadata (npm, PyPI), the signals scored on it and the band they add up
 * to. Shared by the Worker (worker/lib/supply/, storage, the APIs, the feeds) and the SPA
 * (badges, the Supply chain section, the install note, the advisory). Every string here came from
 * a package registry: plain text, never HTML.
 */
import type { ReviewDecision } from './scan'

/** A version's band, as the first scan's advisory bands a score: High 10 or more, Medium 5 to 9, Low 1 to 4. */
export type SupplyBand = 'none' | 'low' | 'medium' | 'high'

export const SUPPLY_BANDS: readonly SupplyBand[] = ['none', 'low', 'medium', 'high']

/** The lowest score of each band above 'none'. */
export const BAND_FLOORS = { high: 10, medium: 5, low: 1 } as const

/**
 * The band of a score.
 * @example bandOf(11) // 'high'
 * @example bandOf(0) // 'none'
 */
export function bandOf(score: number): SupplyBand {
  if (score >= BAND_FLOORS.high) return 'high'
  if (score >= BAND_FLOORS.medium) return 'medium'
  if (score >= BAND_FLOORS.low) return 'low'
  return 'none'
}

/** The worse of two bands (null: not read yet). */
export function worseBand(a: SupplyBand | null, b: SupplyBand | null): SupplyBand | null {
  if (a === null) return b
  if (b === null) return a
  return SUPPLY_BANDS.indexOf(a) >= SUPPLY_BANDS.indexOf(b) ? a : b
}

/** The package registries the watch reads. */
export type WatchedRegistry = 'npm' | 'pypi'

export const WATCHED_REGISTRIES: readonly WatchedRegistry[] = ['npm', 'pypi']

/**
 * A package name as its registry compares names, the form the watch keeps: npm's in lower case,
 * PyPI's normalized (PEP 503: runs of '-', '_' and '.' are one '-').
 * @example watchedName('pypi', 'Mcp_Server.Git') // 'mcp-server-git'
 */
export function watchedName(registry: string, name: string): string {
  const lower = name.toLowerCase()
  return registry === 'pypi' ? lower.replace(/[-_.]+/g, '-') : lower
}

/** One signal that fired on a version: a rule of worker/lib/supply/signals.ts with its weight and evidence. */
export interface SupplySignal {
  /** The rule's id, stable across releases ('install-script.added'). */
  rule: string
  weight: number
  /** One line a person understands: why this matters. */
  reason: string
  /** What was seen, plainly: 'postinstall: node setup.js (1.0.15 had none)'. */
  evidence: string
}

/** What the registry says of one version (the watch's record; the fields the signals read). */
export interface VersionFacts {
  /** When the registry says it was published; for npm read once from the package's history, else when the watch first saw it. */
  publishedAt: string | null
  /** Who published it (npm's _npmUser); null where the registry does not say (PyPI). */
  publisher: string | null
  /** Whether the publisher is a trusted publisher (a CI identity, not a person's token). */
  trustedPublisher: boolean
  /** Maintainers' names, sorted. */
  maintainers: string[]
  /** Install-time scripts by name (preinstall, install, postinstall, prepare), each command cut to 200 characters. For PyPI: 'sdist-only' when no wheel is published (its build runs at install). */
  installScripts: Record<string, string>
  /** Provenance attestations present (true), absent (false), or not said by this registry (null). */
  provenance: boolean | null
  /** Dependency names and their ranges (runtime dependencies only), at most 200. */
  dependencies: Record<string, string>
  fileCount: number | null
  unpackedSize: number | null
  /** The deprecation message (npm) or the yank reason (PyPI, 'yanked' when none is given); null when neither. */
  deprecated: string | null
  /** The repository the package names, as 'owner/name' on github.com when it is there, else the URL as written (cut to 300); null when it names none. */
  repository: string | null
}

/** One version as the APIs carry it. */
export interface PackageVersionRecord {
  version: string
  publishedAt: string | null
  /** When the watch first read it. */
  seenAt: string
  /** Gone from the registry after the watch read it (unpublished, or its document answers 404 now). */
  removed: boolean
  /** A version the listing pins that the registry does not have and never had in the watch's records: not found, nothing read or scored. */
  missing: boolean
  facts: VersionFacts
  score: number
  band: SupplyBand
  signals: SupplySignal[]
  /** An admin's decision on this version for this listing (dismissed: the band no longer counts on the listing). */
  review: ReviewDecision | null
}

/** One package of a listing, as watched. */
export interface WatchedPackage {
  registry: WatchedRegistry
  name: string
  /** The version the listing pins; null when it installs the latest. */
  pinned: string | null
  /** The version the install configuration uses: the pinned one, else the newest not held back. Null until read. */
  installVersion: string | null
  /** The band of installVersion (dismissed findings left out); null until it is read. */
  band: SupplyBand | null
  /** The registry's latest version, as last read. */
  latest: string | null
  /** A newer version than installVersion that scored High, which the install configuration does not use. */
  heldBack: { version: string; score: number } | null
  /** When the watch last read the registry for this package. */
  checkedAt: string | null
  /**
   * What that read found: read, the package not found in the registry, or failed with its cause (one
   * line naming the registry's host); null before the first read.
   */
  lastRead: { status: 'read' | 'not_found' | 'failed'; error: string | null } | null
  /** The versions read, newest first, at most 10. */
  versions: PackageVersionRecord[]
}

/** The detail answer's `supplyChain`. */
export interface ServerSupplyChain {
  /** Whether the watch has taken in the listing's packages as they are now (a new or edited listing waits for the next minute's cron). */
  enrolled: boolean
  /** Whether the watch runs on this catalogue (SUPPLY_WATCH_ENABLED): off, a package not read yet will not be. */
  watching: boolean
  /** The worst band of the versions the install configurations use; null when no package was read yet (or the listing has none watched). */
  band: SupplyBand | null
  packages: WatchedPackage[]
  /** The listing's declared packages the watch does not read, and why (whether or not it has enrolled the listing yet). */
  unwatched: UnwatchedPackage[]
}

/**
 * A declared package the watch does not read: of a registry it does not read (`registry`: OCI,
 * NuGet, MCPB, or none named), or named as its registry would not allow (`name`).
 */
export interface UnwatchedPackage {
  registryType: string
  identifier: string
  reason: 'registry' | 'name'
}

/** A dashboard entry: a new version of a package of a server the user follows, liked or keeps scored Medium or above. */
export interface SupplyAlert {
  serverId: string
  serverName: string
  displayName: string
  registry: WatchedRegistry
  packageName: string
  version: string
  band: SupplyBand
  score: number
  /** One line: '@acme/mail 1.0.16 scored High (11): new publisher, install script added'. */
  summary: string
  at: string
  why: 'follow' | 'like' | 'category'
}

/** Live figures of the watch for the advisory page: GET /api/security/supply-stats. */
export interface SupplyStats {
  packagesWatched: number
  /** Versions read in the last 30 days, and how many fell in each band. */
  versionsChecked30d: number
  bands30d: Record<SupplyBand, number>
  /** The latest High versions (at most 10), newest first, each with a listing that uses the package. */
  latestHigh: Array<{
    serverId: string
    displayName: string
    registry: WatchedRegistry
    packageName: string
    version: string
    score: number
    at: string
  }>
  /** When the watch last read a registry. */
  lastRunAt: string | null
  /** The signals the watch scores, as worker/lib/supply/signals.ts holds them: the advisory's method table. */
  rules: Array<{ id: string; weight: number; reason: string }>
}

/** A version's title, as the review queue and the feed name it: '@acme/mail 1.0.16 scored High (11)'. */
export function supplyTitle(name: string, version: string, score: number): string {
  const band = bandOf(score)
  const label = band === 'none' ? 'no signal' : `${band[0].toUpperCase()}${band.slice(1)} (${score})`
  return `${name} ${version} scored ${label}`
}

/** A version's one-line summary, as the dashboard and the feed say it: its title and its heaviest signals' reasons. */
export function supplySummary(name: string, version: string, score: number, signals: readonly SupplySignal[]): string {
  const what = signals
    .slice()
    .sort((a, b) => b.weight - a.weight)
    .map((s) => s.reason.replace(/\.$/, ''))
    .slice(0, 3)
  return `${supplyTitle(name, version, score)}${what.length ? `: ${what.join('; ')}` : ''}`
}
