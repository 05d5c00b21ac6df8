/**
 * Release order: which version of a package came before which, as its registry orders versions
 * (npm: semver 2.0; PyPI: PEP 440), not as their publish times say. A mirror's `time` entries, a
 * backport to an old line or a re-published version can put times out of release order, and the
 * signals compare each version with the one released before it, so the order is the versions'
 * own. Publish time only breaks ties, and places versions the scheme cannot read.
 */
import type { WatchedRegistry } from '@shared/supply'

/** One comparable key: numbers compared in order, the first difference decides. */
type Key = number[]

const SEMVER = /^[vV=]?(\d{1,15})\.(\d{1,15})\.(\d{1,15})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/

/** A semver version's core and its pre-release identifiers (none: a release), or null when it is not semver. */
function semver(version: string): { core: Key; pre: string[] | null } | null {
  const m = SEMVER.exec(version.trim())
  if (!m) return null
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : null }
}

/** semver 2.0 §11: numeric identifiers below alphanumeric ones, fewer identifiers first when all before are equal. */
function comparePre(a: string[] | null, b: string[] | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    if (x === y) continue
    const nx = /^\d+$/.test(x)
    const ny = /^\d+$/.test(y)
    if (nx && ny) return Number(x) - Number(y) < 0 ? -1 : 1
    if (nx !== ny) return nx ? -1 : 1
    return x < y ? -1 : 1
  }
  return 0
}

/**
 * npm's order of two versions (semver 2.0, build metadata ignored); null when either is not semver.
 * @example compareSemver('1.0.0-beta.2', '1.0.0-beta.10') // -1
 */
export function compareSemver(a: string, b: string): number | null {
  const x = semver(a)
  const y = semver(b)
  if (!x || !y) return null
  const core = compareKeys(x.core, y.core)
  return core !== 0 ? core : comparePre(x.pre, y.pre)
}

/** PEP 440's public version, spelled any way it allows (normalized while read). */
const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d+)?)?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d+)?)?(?:[-_.]?(dev)[-_.]?(\d+)?)?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$/i

const PRE_PHASE: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 }

/**
 * A PEP 440 version's sort key, as the `packaging` library builds it: epoch, release (trailing
 * zeros dropped), pre-release (a dev release of a final version sorts before its pre-releases),
 * post-release, dev release. Null when it is not PEP 440.
 */
function pep440Key(version: string): { epoch: number; release: Key; rest: Key } | null {
  const m = PEP440.exec(version.trim())
  if (!m) return null
  const release = m[2].split('.').map(Number)
  while (release.length > 1 && release.at(-1) === 0) release.pop()
  const hasPre = m[3] !== undefined
  const hasPost = m[5] !== undefined || m[6] !== undefined
  const hasDev = m[8] !== undefined
  const pre = hasPre
    ? [PRE_PHASE[m[3].toLowerCase()], Number(m[4] ?? 0)]
    : !hasPost && hasDev
      ? [Number.NEGATIVE_INFINITY, 0]
      : [Number.POSITIVE_INFINITY, 0]
  const post = hasPost ? Number(m[5] ?? m[7] ?? 0) : Number.NEGATIVE_INFINITY
  const dev = hasDev ? Number(m[9] ?? 0) : Number.POSITIVE_INFINITY
  return { epoch: Number(m[1] ?? 0), release, rest: [...pre, post, dev] }
}

/**
 * PyPI's order of two versions (PEP 440, local labels ignored); null when either is not PEP 440.
 * @example comparePep440('1.0.dev1', '1.0a1') // -1
 * @example comparePep440('1.0', '1.0.post1') // -1
 */
export function comparePep440(a: string, b: string): number | null {
  const x = pep440Key(a)
  const y = pep440Key(b)
  if (!x || !y) return null
  if (x.epoch !== y.epoch) return x.epoch < y.epoch ? -1 : 1
  const release = compareKeys(x.release, y.release)
  return release !== 0 ? release : compareKeys(x.rest, y.rest)
}

/** Numbers compared in order, a missing one as 0. */
function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

/**
 * The registry's order of two versions: npm's semver, PyPI's PEP 440; null when the scheme cannot
 * read one of them (then the caller places them by publish time).
 */
export const compareReleases = (registry: WatchedRegistry, a: string, b: string): number | null =>
  registry === 'npm' ? compareSemver(a, b) : comparePep440(a, b)

/**
 * Versions in release order, oldest first: the registry's order where it reads both, else (and on
 * a tie) their times (`at`, NaN when unknown, last), else the version strings. Stable, so versions
 * already in publish order keep it where the scheme cannot tell them apart.
 * @example inReleaseOrder('npm', [{ version: '1.2.0', at: 1 }, { version: '1.1.0', at: 2 }], (v) => v.at) // 1.1.0 first
 */
export function inReleaseOrder<T extends { version: string }>(
  registry: WatchedRegistry,
  versions: readonly T[],
  at: (v: T) => number,
): T[] {
  const time = (v: T) => {
    const t = at(v)
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t
  }
  return [...versions].sort((a, b) => {
    const order = compareReleases(registry, a.version, b.version)
    if (order) return order
    const ta = time(a)
    const tb = time(b)
    if (ta !== tb) return ta < tb ? -1 : 1
    return order === 0 || a.version === b.version ? 0 : a.version < b.version ? -1 : 1
  })
}
