/**
 * Package registry documents read into the facts the supply-chain signals compare (VersionFacts).
 * Everything a registry answers is hostile input: any field may be missing, of the wrong type, huge
 * or many thousands long. So every reader here takes `unknown`, keeps only the types it expects,
 * cuts every string and every list to a cap, and never throws; an odd document gives empty facts,
 * not an error. The Worker's outbound client fetches the documents and calls these.
 */
import { type VersionFacts, watchedName } from '@shared/supply'

/** Dependencies kept per version. */
export const MAX_DEPENDENCIES = 200
/** Maintainers kept per version. */
export const MAX_MAINTAINERS = 50
/** An install script's command, cut to this. */
export const MAX_SCRIPT = 200
/** A repository URL that is not on github.com, cut to this. */
export const MAX_REPOSITORY = 300
/** A deprecation message or yank reason, cut to this. */
export const MAX_MESSAGE = 300
/** A package name (npm allows 214), a person's name, a dependency range. */
const MAX_NAME = 214
const MAX_PERSON = 100
const MAX_RANGE = 200
/** A version string longer than this is no version (skipped rather than cut, so two never collide). */
const MAX_VERSION = 100
/** Elements of a list looked at before the caps apply (a list of a million costs no more than this). */
const MAX_SCANNED = 1000
/** Versions of a packument or releases of a PyPI project looked at. */
const MAX_VERSIONS_READ = 20000
/** The most versions npmPackumentHistory returns, whatever `keep` asks. */
const MAX_KEEP = 100

/** The install-time scripts npm runs for a registry install, and prepare (which it runs only for git installs). */
export const NPM_INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'] as const

/** The installScripts key of a PyPI version that publishes no wheel. */
export const SDIST_ONLY = 'sdist-only'
const SDIST_ONLY_NOTE = 'no wheel published: the source build runs at install'

type Obj = Record<string, unknown>

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A field of an object, without reaching into its prototype ('constructor', '__proto__'). */
function field(value: unknown, key: string): unknown {
  return isObj(value) && Object.hasOwn(value, key) ? value[key] : undefined
}

/** A non-empty trimmed string cut to `max`, else null. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const out = value
    .slice(0, max * 4)
    .trim()
    .slice(0, max)
  return out === '' ? null : out
}

/** A count or size: a finite non-negative integer, else null. */
function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null
}

/** A time as ISO 8601 (UTC), else null. PyPI's older `upload_time` has no zone: it is UTC. */
export function isoTime(value: unknown): string | null {
  const raw = text(value, 40)
  if (!raw) return null
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw) ? `${raw}Z` : raw
  const ms = Date.parse(zoned)
  if (Number.isNaN(ms)) return null
  const date = new Date(ms)
  return date.getUTCFullYear() < 1990 || date.getUTCFullYear() > 9999 ? null : date.toISOString()
}

/** The first `MAX_SCANNED` elements of an array (none when it is not one). */
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_SCANNED) : [])

/** The own keys of an object, at most `max`. */
function keys(value: unknown, max: number): string[] {
  if (!isObj(value)) return []
  const out: string[] = []
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    out.push(key)
    if (out.length >= max) break
  }
  return out
}

/** Names sorted, deduplicated and capped. */
const nameList = (names: Iterable<string>): string[] => [...new Set(names)].sort().slice(0, MAX_MAINTAINERS)

/** A person as npm writes one: { name, email } or 'Name <email> (url)'. */
function personName(value: unknown): string | null {
  if (isObj(value)) return text(field(value, 'name'), MAX_PERSON)
  const raw = text(value, MAX_PERSON * 4)
  if (!raw) return null
  return text(raw.replace(/<[^>]*>|\([^)]*\)/g, ''), MAX_PERSON)
}

/** The empty facts every reader starts from. */
export function emptyFacts(): VersionFacts {
  return {
    publishedAt: null,
    publisher: null,
    trustedPublisher: false,
    maintainers: [],
    installScripts: {},
    provenance: null,
    dependencies: {},
    fileCount: null,
    unpackedSize: null,
    deprecated: null,
    repository: null,
  }
}

// ---------------------------------------------------------------------------------------------
// Repositories
// ---------------------------------------------------------------------------------------------

const GITHUB_OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})'
const GITHUB_REPO = '[A-Za-z0-9._-]{1,100}'
/** Any URL-ish form naming github.com, then owner/name and anything after. */
const GITHUB_URL = new RegExp(
  `^(?:git\\+)?(?:(?:https?|git|ssh|git\\+ssh)://)?(?:[^@/\\s]+@)?(?:www\\.)?github\\.com[:/](${GITHUB_OWNER})/(${GITHUB_REPO})(?:[/#?].*)?$`,
  'i',
)
/** npm's shorthands: 'github:owner/name' and plain 'owner/name'. */
const GITHUB_SHORT = new RegExp(`^(?:github:)?(${GITHUB_OWNER})/(${GITHUB_REPO})(?:#.*)?$`, 'i')

/** Whether repositoryOf gave 'owner/name' on github.com (a URL elsewhere always has a scheme or a colon). */
export const isGithubSlug = (repository: string) => /^[a-z0-9][a-z0-9-]*\/[a-z0-9._-]+$/.test(repository)

/**
 * The repository a package names: 'owner/name' lower-cased when it is on github.com, in any form
 * npm and PyPI documents use; else the URL as written, cut to 300; null for none.
 * @example repositoryOf('git+https://github.com/Acme/Mail.git') // 'acme/mail'
 * @example repositoryOf({ type: 'git', url: 'git@github.com:acme/mail.git' }) // 'acme/mail'
 * @example repositoryOf('https://github.com/acme/mono/tree/main/packages/x') // 'acme/mono'
 * @example repositoryOf('https://gitlab.com/acme/mail') // 'https://gitlab.com/acme/mail'
 */
export function repositoryOf(value: unknown): string | null {
  const raw = text(isObj(value) ? field(value, 'url') : value, MAX_REPOSITORY * 2)
  if (!raw) return null
  const match = GITHUB_URL.exec(raw) ?? GITHUB_SHORT.exec(raw)
  if (match) {
    const name = match[2].replace(/\.git$/i, '')
    if (name !== '' && name !== '.' && name !== '..') return `${match[1]}/${name}`.toLowerCase()
  }
  // A password written into a URL is not repeated.
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/\s]*:[^@/\s]*@/i, '$1').slice(0, MAX_REPOSITORY)
}

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------

/** A version string kept as given when it is plausible, else null. */
function versionString(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_VERSION) return null
  const out = value.trim()
  return out === '' ? null : out
}

/** A version's parts for ordering: the numeric core and what follows it (a pre-release, or PyPI's rc/post/dev). */
function versionParts(version: string): { core: number[]; rest: string } {
  const match = /^[vV]?(\d+(?:\.\d+)*)(.*)$/.exec(version)
  if (!match) return { core: [], rest: version }
  return { core: match[1].split('.').map(Number), rest: match[2].replace(/\+.*$/, '').replace(/^[-.]/, '') }
}

/**
 * Semver-ish order of two version strings: numeric parts compared as numbers, a version with a
 * suffix (1.0.0-beta.1, 1.0rc1) before the same version without one, anything else as text.
 * @example ['1.10.0', '1.2.0', '1.2.0-rc.1'].sort(compareVersions) // ['1.2.0-rc.1', '1.2.0', '1.10.0']
 */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a)
  const pb = versionParts(b)
  for (let i = 0; i < Math.max(pa.core.length, pb.core.length); i++) {
    const x = pa.core[i] ?? 0
    const y = pb.core[i] ?? 0
    if (x !== y) return x < y ? -1 : 1
  }
  if (pa.rest !== pb.rest) {
    if (pa.rest === '') return 1
    if (pb.rest === '') return -1
    const tokens = (s: string) => s.split(/[.-]|(?<=\d)(?=\D)|(?<=\D)(?=\d)/)
    const ta = tokens(pa.rest)
    const tb = tokens(pb.rest)
    for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
      const x = ta[i]
      const y = tb[i]
      if (x === y) continue
      if (x === undefined) return -1
      if (y === undefined) return 1
      const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN
      const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN
      if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx < ny ? -1 : 1
      return x < y ? -1 : 1
    }
  }
  return a === b ? 0 : a < b ? -1 : 1
}

/** Versions ordered oldest first: by time where both have one, else semver-ish. */
function byTimeThenVersion<T extends { version: string; at: number | null }>(a: T, b: T): number {
  if (a.at !== null && b.at !== null && a.at !== b.at) return a.at - b.at
  return compareVersions(a.version, b.version)
}

// ---------------------------------------------------------------------------------------------
// npm
// ---------------------------------------------------------------------------------------------

/**
 * One npm version document (GET /<name>/<version>, the same shape as a packument's
 * versions[v]) read into facts. `publishedAt` comes from the packument's `time[version]`, which
 * the per-version document does not carry.
 */
export function npmVersionFacts(doc: unknown, publishedAt: string | null): VersionFacts {
  const facts = emptyFacts()
  facts.publishedAt = isoTime(publishedAt)
  if (!isObj(doc)) return facts

  const npmUser = field(doc, '_npmUser')
  facts.publisher = personName(npmUser)
  // Trusted publishing (OIDC from CI) marks the publisher: { name: 'GitHub Actions', trustedPublisher: { id: 'github', ... } }.
  const trusted = field(npmUser, 'trustedPublisher')
  facts.trustedPublisher = trusted !== undefined && trusted !== null && trusted !== false

  facts.maintainers = nameList(
    items(field(doc, 'maintainers'))
      .map(personName)
      .filter((n): n is string => n !== null),
  )

  const scripts = field(doc, 'scripts')
  const installScripts: Record<string, string> = {}
  for (const name of NPM_INSTALL_SCRIPTS) {
    const command = text(field(scripts, name), MAX_SCRIPT)
    if (command) installScripts[name] = command
  }
  // A package with a binding.gyp and no install script gets `node-gyp rebuild` at install.
  if (field(doc, 'gypfile') === true && !installScripts.install && !installScripts.preinstall) installScripts.install = 'node-gyp rebuild'
  facts.installScripts = installScripts

  const dist = field(doc, 'dist')
  const attestations = field(dist, 'attestations')
  facts.provenance = attestations !== undefined && attestations !== null
  facts.fileCount = count(field(dist, 'fileCount'))
  facts.unpackedSize = count(field(dist, 'unpackedSize'))

  const deps = field(doc, 'dependencies')
  const entries: Array<[string, string]> = []
  for (const name of keys(deps, MAX_SCANNED)) {
    const range = field(deps, name)
    if (name.length > MAX_NAME || typeof range !== 'string') continue
    entries.push([name, range.slice(0, MAX_RANGE)])
    if (entries.length >= MAX_DEPENDENCIES) break
  }
  // fromEntries defines each key as the object's own, so a dependency named '__proto__' stays a name.
  facts.dependencies = Object.fromEntries(entries)

  facts.deprecated = text(field(doc, 'deprecated'), MAX_MESSAGE)
  facts.repository = repositoryOf(field(doc, 'repository'))
  return facts
}

/** A packument's `time.created`: when the package was first published (a dependency's age). */
export function npmCreatedAt(doc: unknown): string | null {
  return isoTime(field(field(doc, 'time'), 'created'))
}

/**
 * A whole packument (GET /<name>), read once per package: its latest dist-tag, when it was
 * created, and the newest `keep` versions by publish time (`time[version]`), oldest first, each
 * with its facts. Versions without a time fall back on semver-ish order; a time naming a version
 * the document does not hold is skipped.
 */
export function npmPackumentHistory(
  doc: unknown,
  keep: number,
): { latest: string | null; created: string | null; versions: Array<{ version: string; facts: VersionFacts }> } {
  const latest = versionString(field(field(doc, 'dist-tags'), 'latest'))
  const created = npmCreatedAt(doc)
  const versions = field(doc, 'versions')
  const time = field(doc, 'time')
  const wanted = Number.isFinite(keep) ? Math.max(0, Math.min(MAX_KEEP, Math.floor(keep))) : 0
  if (wanted === 0) return { latest, created, versions: [] }
  const listed: Array<{ version: string; at: number | null; published: string | null }> = []
  for (const key of keys(versions, MAX_VERSIONS_READ)) {
    const version = versionString(key)
    if (!version || !isObj(field(versions, key))) continue
    const published = isoTime(field(time, key))
    listed.push({ version: key, at: published ? Date.parse(published) : null, published })
  }
  listed.sort(byTimeThenVersion)
  return {
    latest,
    created,
    versions: listed.slice(-wanted).map(({ version, published }) => ({
      version,
      facts: npmVersionFacts(field(versions, version), published),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// PyPI
// ---------------------------------------------------------------------------------------------

/** PEP 503's normal form of a project name: lower case, runs of '-', '_' and '.' as one '-'. */
export const pypiName = (name: string) => watchedName('pypi', name)

/** The earliest upload time of a list of PyPI files (upload_time_iso_8601, else upload_time). */
function earliestUpload(files: unknown[]): string | null {
  let best: string | null = null
  for (const file of files) {
    const at = isoTime(field(file, 'upload_time_iso_8601')) ?? isoTime(field(file, 'upload_time'))
    if (at && (best === null || at < best)) best = at
  }
  return best
}

/**
 * A PyPI project document (GET /pypi/<name>/json): the latest version (`info.version`) and every
 * release with files, oldest first by its earliest file's upload time, with whether it is yanked
 * (PyPI yanks a whole release: every file says so).
 */
export function pypiProjectReleases(doc: unknown): {
  latest: string | null
  versions: Array<{ version: string; publishedAt: string | null; yanked: boolean }>
} {
  const latest = versionString(field(field(doc, 'info'), 'version'))
  const releases = field(doc, 'releases')
  const listed: Array<{ version: string; at: number | null; publishedAt: string | null; yanked: boolean }> = []
  for (const key of keys(releases, MAX_VERSIONS_READ)) {
    const version = versionString(key)
    const files = items(field(releases, key))
    if (!version || files.length === 0) continue
    const publishedAt = earliestUpload(files)
    const yanked = files.every((file) => field(file, 'yanked') === true)
    listed.push({ version: key, at: publishedAt ? Date.parse(publishedAt) : null, publishedAt, yanked })
  }
  listed.sort(byTimeThenVersion)
  return { latest, versions: listed.map(({ version, publishedAt, yanked }) => ({ version, publishedAt, yanked })) }
}

/** The parts of one of PyPI's free-text people fields: split on commas, semicolons, 'and' and '&'. */
const peopleParts = (value: unknown): string[] => (text(value, 2000) ?? '').split(/,|;|\band\b|&/).slice(0, MAX_SCANNED)

/**
 * Names out of PyPI's author and maintainer fields, emails dropped; and the names of the
 * 'Name <email>' entries of author_email and maintainer_email, where pyproject.toml's
 * `authors = [{ name, email }]` puts them (leaving `author` empty).
 */
function pypiPeople(info: unknown): string[] {
  const names: string[] = []
  for (const part of [...peopleParts(field(info, 'author')), ...peopleParts(field(info, 'maintainer'))]) {
    const name = text(part.replace(/<[^>]*>/g, '').replace(/\S+@\S+/g, ''), MAX_PERSON)
    if (name) names.push(name)
  }
  for (const part of [...peopleParts(field(info, 'author_email')), ...peopleParts(field(info, 'maintainer_email'))]) {
    const match = /^\s*"?([^"<>@]+?)"?\s*<[^>]*>\s*$/.exec(part)
    const name = match ? text(match[1], MAX_PERSON) : null
    if (name) names.push(name)
  }
  return nameList(names)
}

/** One requirement of requires_dist: 'httpx (>=0.27)', 'pydantic<3,>=2.7; python_version >= "3.9"'. */
const REQUIREMENT = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(.*)$/s

/** The labels of info.project_urls that name code, in order of preference (letters only, lower case). */
const SOURCE_LABELS = ['source', 'sourcecode', 'repository', 'code', 'github']
const HOME_LABELS = ['homepage', 'home']

/** The repository of a PyPI version: the first github.com URL among its source and home links, else a source link as written. */
function pypiRepository(info: unknown): string | null {
  const urls = field(info, 'project_urls')
  const labelled = new Map<string, unknown>()
  for (const label of keys(urls, MAX_SCANNED)) {
    const key = label.toLowerCase().replace(/[^a-z]/g, '')
    if (!labelled.has(key)) labelled.set(key, field(urls, label))
  }
  const sources = SOURCE_LABELS.map((l) => labelled.get(l)).filter((v) => v !== undefined)
  const candidates = [...sources, ...HOME_LABELS.map((l) => labelled.get(l)), field(info, 'home_page')]
  for (const candidate of candidates) {
    const repo = repositoryOf(candidate)
    if (repo && isGithubSlug(repo)) return repo
  }
  // A homepage elsewhere is a website, not a repository; a source link elsewhere (GitLab, Codeberg) is one.
  for (const candidate of sources) {
    const repo = repositoryOf(candidate)
    if (repo) return repo
  }
  return null
}

/**
 * A PyPI version document (GET /pypi/<name>/<version>/json) read into facts. PyPI names no
 * publisher and has no provenance flag in this document; maintainers are the names its author
 * and maintainer fields give.
 */
export function pypiVersionFacts(doc: unknown): VersionFacts {
  const facts = emptyFacts()
  if (!isObj(doc)) return facts
  const info = field(doc, 'info')
  const files = Array.isArray(field(doc, 'urls')) ? (field(doc, 'urls') as unknown[]) : []
  const scanned = files.slice(0, MAX_SCANNED)

  facts.publishedAt = earliestUpload(scanned)
  facts.maintainers = pypiPeople(info)

  const types = new Set(scanned.map((file) => field(file, 'packagetype')))
  if (types.has('sdist') && !types.has('bdist_wheel')) facts.installScripts = { [SDIST_ONLY]: SDIST_ONLY_NOTE }

  const entries: Array<[string, string]> = []
  for (const requirement of items(field(info, 'requires_dist'))) {
    if (typeof requirement !== 'string' || requirement.length > 2000) continue
    const match = REQUIREMENT.exec(requirement)
    if (!match || /\bextra\s*==/.test(match[2])) continue
    // Names in PEP 503 form, so 'Typing_Extensions' and 'typing-extensions' are one dependency.
    const name = pypiName(match[1]).slice(0, MAX_NAME)
    if (entries.some(([n]) => n === name)) continue
    entries.push([
      name,
      match[2]
        .trim()
        .replace(/^\((.*)\)/, '$1')
        .slice(0, MAX_RANGE),
    ])
    if (entries.length >= MAX_DEPENDENCIES) break
  }
  facts.dependencies = Object.fromEntries(entries)

  facts.fileCount = files.length
  // PyPI gives each file's size as uploaded (compressed wheel or sdist), not unpacked: comparable
  // between versions of one project, which is what the size signals do with it.
  let size: number | null = null
  for (const file of scanned) {
    const bytes = count(field(file, 'size'))
    if (bytes !== null) size = (size ?? 0) + bytes
  }
  facts.unpackedSize = size

  if (field(info, 'yanked') === true) facts.deprecated = text(field(info, 'yanked_reason'), MAX_MESSAGE) ?? 'yanked'
  facts.repository = pypiRepository(info)
  return facts
}
