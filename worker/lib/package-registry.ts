/**
 * A package as an MCP registry (docs/package-registries.md): which version of each of its servers
 * it serves (the owner's pin, else the newest not held back), the page of a registry API list read
 * from the package's few servers, the secret link of a private package, and the allowlist files.
 * Pure but for the key, which is an HMAC under the deployment's secret (tokens.ts).
 *
 * @example chooseVersion(listing, stored, null, new Set()) // { entry: [listing, facts], chosen: 'newest', heldBack: [] }
 */

import { isHttpUrl } from '@shared/install/url-template'
import {
  isRegistryName,
  listingVersions,
  type RegistryListing,
  type RegistryPageOptions,
  type RegistryVersion,
  toServerJson,
} from './render/registry-api'
import { watchablePackages } from './supply/watchable'
import { isToken, safeEqual, sign } from './tokens'

/** The facts the official `_meta` gives of a served version (render/registry-api.ts). */
export type VersionFacts = ReturnType<typeof listingVersions>[number][1]

/** A listing at the version a scope serves, with that version's official facts. */
export type ServedVersion = [RegistryListing, VersionFacts]

/** What the package's registry serves of one server. */
export interface PackageChoice {
  entry: ServedVersion
  /** 'pinned': the owner's choice; 'newest': the newest not held back. */
  chosen: 'pinned' | 'newest'
  /** The newer versions passed over, newest first. */
  heldBack: string[]
}

/**
 * The key of a package version as the watch scores it: registry, normalized name, version.
 * @example highKey('npm', '@acme/widget', '2.0.0') // 'npm:@acme/widget@2.0.0'
 */
export const highKey = (registry: string, name: string, version: string) => `${registry}:${name}@${version}`

/** Whether a version installs a package version the watch scored High (its `highKey`s in `high`). */
function installsHigh(l: RegistryListing, high: ReadonlySet<string>): boolean {
  return watchablePackages(l.packages).refs.some((ref) => ref.pinned !== null && high.has(highKey(ref.registry, ref.name, ref.pinned)))
}

/**
 * The version a package serves of a server: the pinned one while the server still has it; else the
 * newest not held back, walking the versions newest first (the current one, then the stored ones by
 * publication, newest first), passing over deleted ones and those that install a package version
 * the supply-chain watch scored High. When none passes, the current version, with every one passed
 * over named. The served version is the registry's latest: the only one it has of that server.
 */
export function chooseVersion(
  listing: RegistryListing,
  stored: readonly RegistryVersion[],
  pin: string | null,
  high: ReadonlySet<string>,
): PackageChoice {
  const versions = listingVersions(listing, stored)
  const latest = ([l, facts]: ServedVersion): ServedVersion => [l, { ...facts, isLatest: true }]
  const pinned = pin === null ? undefined : versions.find(([l]) => l.version === pin)
  if (pinned) return { entry: latest(pinned), chosen: 'pinned', heldBack: [] }
  const heldBack: string[] = []
  for (const v of versions) {
    if (v[1].status === 'deleted' && v[0] !== listing) continue
    if (installsHigh(v[0], high)) {
      heldBack.push(v[0].version)
      continue
    }
    return { entry: latest(v), chosen: 'newest', heldBack }
  }
  return { entry: latest(versions[0]), chosen: 'newest', heldBack: heldBack.filter((v) => v !== listing.version) }
}

/** One server of a package as its registry serves it. */
export interface ScopedEntry extends PackageChoice {
  /** The name it is served under. */
  name: string
}

/**
 * A page of a package's registry: its servers in name order after the cursor's name, filtered as
 * the catalogue's list filters (name fragment in any case, updated since, exact version, deleted
 * only when asked), and the name the next page starts after when more follow.
 */
export function scopePage(entries: readonly ScopedEntry[], opts: RegistryPageOptions): { entries: ScopedEntry[]; after: string | null } {
  const since = opts.updatedSince === undefined ? null : Date.parse(opts.updatedSince)
  const fragment = opts.search?.toLowerCase()
  const matching = entries
    .filter(({ name, entry: [l] }) => {
      if (l.status !== 'active' && !(opts.includeDeleted && l.status === 'deleted')) return false
      if (opts.after !== undefined && name <= opts.after) return false
      if (fragment !== undefined && !name.toLowerCase().includes(fragment)) return false
      if (since !== null && !(Date.parse(updatedAtOf(l)) >= since)) return false
      return opts.version === undefined || opts.version === 'latest' || l.version === opts.version
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const page = matching.slice(0, opts.limit)
  return { entries: page, after: matching.length > opts.limit ? page.at(-1)!.name : null }
}

/** A stored time read as UTC (older rows lack the zone). */
const updatedAtOf = (l: RegistryListing) => (/[zZ]|[+-]\d\d:?\d\d$/.test(l.updatedAt) ? l.updatedAt : `${l.updatedAt.replace(' ', 'T')}Z`)

/** A server of a package as the scope's read finds it: its listing, the owner's pin, the precedence of its name. */
export interface ScopeServer {
  listing: RegistryListing
  pin: string | null
  /** Imported from the registry under its name: it comes first among listings sharing a name. */
  fromRegistry: boolean
}

/**
 * The servers a package's registry serves: those whose name the registry allows, each name once
 * (as the catalogue serves it: the active listing first, then the one imported from the registry,
 * then the oldest), each at its chosen version.
 */
export function scopeEntries(
  servers: readonly ScopeServer[],
  stored: ReadonlyMap<string, RegistryVersion[]>,
  high: ReadonlySet<string>,
): ScopedEntry[] {
  const rank = (s: ScopeServer) =>
    [s.listing.status !== 'active' ? 1 : 0, s.fromRegistry ? 0 : 1, s.listing.createdAt, s.listing.id] as const
  const before = (a: ScopeServer, b: ScopeServer) => {
    const [x, y] = [rank(a), rank(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i]
    return false
  }
  const byName = new Map<string, ScopeServer>()
  for (const s of servers) {
    if (!isRegistryName(s.listing.name) || (s.listing.status !== 'active' && s.listing.status !== 'deleted')) continue
    const seen = byName.get(s.listing.name)
    if (!seen || before(s, seen)) byName.set(s.listing.name, s)
  }
  return [...byName.values()].map((s) => ({
    name: s.listing.name,
    ...chooseVersion(s.listing, stored.get(s.listing.id) ?? [], s.pin, high),
  }))
}

/** The package's registry key purpose: signed for nothing else. */
const KEY_PURPOSE = 'package-registry'

/**
 * The secret of a package's registry link at a key revision: never stored, so rotating the
 * revision ends every older link.
 */
export const registryKey = (env: Env, packageId: string, rev: number) => sign(env, KEY_PURPOSE, `${packageId}:${rev}`)

/** Whether `key` is the package's current key; compared in constant time, and never computed for a malformed one. */
export async function isRegistryKey(env: Env, packageId: string, rev: number, key: string): Promise<boolean> {
  return isToken(key) && safeEqual(key, await registryKey(env, packageId, rev))
}

/**
 * Where a package is served as a registry, from the origin: every public package at its id; a
 * private one only at its secret link (`key`, given to its owner alone); null for anyone else.
 * @example registryPathOf({ id: 'p', isPublic: true }, null) // '/registry/p'
 */
export function registryPathOf(pkg: { id: string; isPublic: boolean }, key: string | null): string | null {
  if (pkg.isPublic) return `/registry/${pkg.id}`
  return key === null ? null : `/registry/${pkg.id}/${key}`
}

/** The package an allowlist is of. */
export interface AllowlistPackage {
  id: string
  name: string
  /** The package's page. */
  url: string
  /** The registry's base URL (registry clients append /v0.1/servers). */
  registry: string
}

/** A remote URL fit for a line of a text file: http(s), no whitespace or control characters. */
const isLineUrl = (url: unknown): url is string => typeof url === 'string' && !/[\s\p{Cc}]/u.test(url) && isHttpUrl(url)

interface AllowedServer {
  name: string
  version: string
  remotes: string[]
  packages: Array<{ registryType: string; identifier: string; version?: string }>
}

/** What the allowlist names of one served entry: its server.json's remotes and packages, at the version served. */
function allowedServer({ name, entry: [l] }: ScopedEntry): AllowedServer {
  const json = toServerJson(l) as { version: string; remotes?: Array<{ url?: unknown }>; packages?: Array<Record<string, unknown>> }
  return {
    name,
    version: json.version,
    remotes: [...new Set((json.remotes ?? []).map((r) => r.url).filter(isLineUrl))],
    packages: (json.packages ?? []).map((p) => ({
      registryType: String(p.registryType),
      identifier: String(p.identifier),
      ...(typeof p.version === 'string' ? { version: p.version } : {}),
    })),
  }
}

/** The entries an allowlist names: those served as active, in name order. */
const allowed = (entries: readonly ScopedEntry[]) => scopePage(entries, { limit: entries.length, includeDeleted: false }).entries

/** The allowlist forms a package's registry offers, by the file name each is served under. */
export const ALLOWLIST_FORMS = {
  /** Every server with its version, remote URLs and package identifiers, for a policy or a script. */
  'allowlist.json': 'application/json; charset=utf-8',
  /** One registry name a line: for policies that match servers by name. */
  'allowlist.names.txt': 'text/plain; charset=utf-8',
  /** One remote URL a line: for policies that match remote servers by URL. */
  'allowlist.urls.txt': 'text/plain; charset=utf-8',
} as const

export type AllowlistForm = keyof typeof ALLOWLIST_FORMS

/**
 * An allowlist file of a package's registry, in one of its forms.
 * @example allowlistBody('allowlist.names.txt', pkg, entries) // 'io.github.acme/widget\n'
 */
export function allowlistBody(form: AllowlistForm, pkg: AllowlistPackage, entries: readonly ScopedEntry[]): string {
  const servers = allowed(entries).map(allowedServer)
  if (form === 'allowlist.names.txt') return servers.map((s) => `${s.name}\n`).join('')
  if (form === 'allowlist.urls.txt') return [...new Set(servers.flatMap((s) => s.remotes))].map((u) => `${u}\n`).join('')
  return `${JSON.stringify({ package: { id: pkg.id, name: pkg.name, url: pkg.url }, registry: pkg.registry, servers }, null, 2)}\n`
}

/**
 * The file name a download is saved under: the package's name made safe (letters, digits, dashes),
 * then the form.
 * @example allowlistFileName('My tools!', 'allowlist.json') // 'my-tools-allowlist.json'
 */
export function allowlistFileName(packageName: string, form: AllowlistForm): string {
  const slug = packageName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug || 'package'}-${form.replace(/\./g, (_m, i: number, s: string) => (i === s.lastIndexOf('.') ? '.' : '-'))}`
}
