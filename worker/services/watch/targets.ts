/**
 * Which versions a check reads, and how many requests that may take. New versions first, the
 * newest first, a few a check (a package that released more waits for the next one); the versions
 * listings pin that the watch has not read; once a day the versions listings install, read again
 * for a deprecation or removal since; and the age of a version's new npm dependencies.
 */
import type { VersionFacts, WatchedRegistry } from '@shared/supply'
import type { KnownVersion, WatchBasis } from '../../db/supply'

/** New versions read per check at most (newest first): a package that released more waits for the next check. */
export const NEW_VERSIONS_PER_CHECK = 5
/** A whole packument's versions kept as history when the watch first meets a package. */
export const HISTORY_ON_FIRST_READ = 20
/** New dependencies whose age is looked up per check at most. */
export const DEPENDENCY_LOOKUPS = 4
/** Install versions read again per day (for a deprecation or removal since). */
export const VERIFY_PER_DAY = 2
/** Requests one check may make at most: discovery (and the first read's packument), the new versions, the dependencies, the verification. */
export const WATCH_SUBREQUESTS = 2 + NEW_VERSIONS_PER_CHECK + DEPENDENCY_LOOKUPS + VERIFY_PER_DAY
/** The dist-tags a check looks at (after `latest`): a package with hundreds of tags is not read whole. */
const DIST_TAGS_READ = 10
/** A version string longer than this is no version. */
const VERSION_MAX = 100
/** How long the installed versions' verification holds. */
const VERIFY_EVERY_MS = 24 * 3600_000

/**
 * The newest first, without those already known or listed twice.
 * @example newTargets(['2.0.0', null, '1.0.0', '2.0.0'], new Set(['1.0.0'])) // ['2.0.0']
 */
export function newTargets(candidates: ReadonlyArray<string | null | undefined>, known: ReadonlySet<string>): string[] {
  return [
    ...new Set(candidates.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= VERSION_MAX && !known.has(v))),
  ]
}

/**
 * What npm's dist-tags say: the latest version (else the one known before) and the tagged
 * versions not read yet, `latest` first.
 */
export function distTagTargets(doc: Record<string, unknown>, latestBefore: string | null, known: ReadonlySet<string>) {
  const latest = typeof doc.latest === 'string' ? doc.latest : latestBefore
  const tagged = Object.values(doc)
    .map((v) => (typeof v === 'string' ? v : null))
    .slice(0, DIST_TAGS_READ)
  return { latest, targets: newTargets([latest, ...tagged], known) }
}

/** The versions listings pin that are neither known nor already to be read. */
export const pinnedTargets = (pinned: readonly string[], known: ReadonlySet<string>, already: readonly string[]) =>
  newTargets(pinned, new Set([...known, ...already]))

/**
 * The PyPI releases a check reads: the newest unknown ones (at most NEW_VERSIONS_PER_CHECK), then
 * the pinned versions not read, one more at most.
 */
export function pypiTargets(releases: readonly string[], known: ReadonlySet<string>, pinned: readonly string[]): string[] {
  const newest = releases.filter((v) => !known.has(v)).slice(-NEW_VERSIONS_PER_CHECK)
  return [...newest, ...pinnedTargets(pinned, known, newest)].slice(0, NEW_VERSIONS_PER_CHECK + 1)
}

/**
 * The known versions listings install (pinned, or the latest) to read again: none when verified
 * within the day, else the newest VERIFY_PER_DAY not already removed.
 */
export function verifyTargets(basis: Pick<WatchBasis, 'verifiedAt' | 'pinned' | 'latest' | 'versions'>, now: Date): KnownVersion[] {
  if (basis.verifiedAt && now.getTime() - Date.parse(basis.verifiedAt) < VERIFY_EVERY_MS) return []
  const installed = [...basis.pinned, basis.latest].filter((v): v is string => v !== null)
  return basis.versions.filter((v) => installed.includes(v.version) && !v.removed).slice(-VERIFY_PER_DAY)
}

/**
 * The dependencies new in a version (against the one before it) whose age is worth a look-up:
 * npm only, never for a package's first version, never for a registry's well-known names.
 */
export function dependencyLookups(
  registry: WatchedRegistry,
  facts: VersionFacts,
  previous: VersionFacts | undefined,
  popular: ReadonlySet<string>,
): string[] {
  const added = Object.keys(facts.dependencies).filter((d) => !previous || !(d in previous.dependencies))
  return registry === 'npm' && previous ? added.filter((d) => !popular.has(d)) : []
}
