/**
 * The catalogue as a sub-registry: a listing (one row, its current version) as the MCP registry's
 * read API serves it, `{ server, _meta }`, with `server` a server.json of the current schema and
 * the catalogue's own facts under its own reverse-DNS key in `_meta`. Pure: the Worker's
 * /v0.1 routes and the tests build the same answer from the same row.
 *
 * @example toServerResponse(row, { origin: 'https://catalogue.example' }).server.name // 'io.github.acme/widget'
 */
import { parseGithubUrl } from '@shared/github-url'
import { type ClientId, clientConfig, installPlan, runCommand } from '@shared/install'
import type { DeclaredArgument, DeclaredInput, DeclaredKeyValue, DeclaredPackage, DeclaredRemote } from '@shared/install/model'
import { readPackage, readRemote } from '@shared/install/source'
import type { RiskLevel } from '@shared/scan'
import type { SupplyBand, SupplySignal, WatchedRegistry } from '@shared/supply'
import type { Grade, VerdictDimension } from '@shared/verdict'

/** The server.json schema the `server` objects follow. */
export const SERVER_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'

/** The registry's own `_meta` key, which every sub-registry fills with its view of the entry. */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official'

/** The catalogue's `_meta` key: its page, community counts, tags, categories, install commands and the tools read from the server. */
export const CATALOGUE_META_KEY = 'io.github.mcp-catalogue/listing'

/**
 * The catalogue's popularity and trust signals of a listing (likes, views, packages including it,
 * probe health, scan risk, supply band): docs/registry-api.md, "Signals".
 */
export const SIGNALS_META_KEY = 'io.github.mcp-catalogue/signals'

/** In a package's registry only: the package, and which version of the server it serves and why (docs/package-registries.md). */
export const PACKAGE_META_KEY = 'io.github.mcp-catalogue/package'

/** What a package's registry says of the package an entry is served for. */
export interface PackageMeta {
  id: string
  name: string
  /** The package's page. */
  url: string
  /** 'pinned': the owner chose this version; 'newest': the newest not held back. */
  chosen: 'pinned' | 'newest'
  /** Newer versions passed over because the supply-chain watch scored a package they install High. */
  heldBack: string[]
}

/** The registry's name rule: a reverse-DNS namespace, one slash, a name. */
const REGISTRY_NAME_RE = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
const REGISTRY_NAME_MAX = 200

/** server.json limits on text that the catalogue allows to be longer. */
const DESCRIPTION_MAX = 100
const TITLE_MAX = 100
const ICON_SRC_MAX = 255

/** Clients whose one-line command goes in `_meta` (the others are configured by a file). */
const COMMAND_CLIENTS: readonly ClientId[] = ['claude-code', 'vscode', 'codex', 'gemini']

/** A listing as the registry API needs it; `name` is the name it is served under. */
export interface RegistryListing {
  id: string
  name: string
  displayName: string
  description: string
  version: string
  icon: string | null
  githubUrl: string | null
  tags: string[]
  /** Category slugs of the catalogue's taxonomy (worker/shared/categories.ts), best first. */
  categories: string[]
  packages: unknown[]
  remotes: unknown[]
  metadata: Record<string, unknown>
  status: string
  likeCount: number
  stars: number
  featured: boolean
  createdAt: string
  updatedAt: string
  /**
   * The install options as kept for this very listing (worker/db/kept-installs.ts), or null for
   * the Worker to generate them: the same either way.
   */
  install: InstallSummary | null
  /** The tools read from the server for this version (worker/db/probes.ts); absent or null when none were read. */
  tools?: RegistryTools | null
  /** The supply-chain watch's record of each package version the install uses (worker/db/supply.ts); absent or null when none is watched. */
  supplyChain?: RegistrySupplyEntry[] | null
  /** The stored verdict's grades (worker/db/verdict-reads.ts); absent or null when the listing was never graded. */
  verdict?: RegistryVerdict | null
}

/**
 * What the catalogue's `_meta` says of its verdict on a listing (docs/verdict.md): the overall
 * grade and each dimension's that applies (null: not enough known), the method's revision and
 * when it was graded.
 */
export interface RegistryVerdict {
  grade: Grade | null
  dimensions: Partial<Record<VerdictDimension, Grade | null>>
  method: number
  computedAt: string
}

/** What the catalogue's `_meta` says of one package the version served installs, as the supply-chain watch scored it. */
export interface RegistrySupplyEntry {
  registry: WatchedRegistry
  name: string
  /** The version the listing pins; null when it installs the latest. */
  pinned: string | null
  /** The version its install configurations use; null until the watch read the package. */
  version: string | null
  /** That version's band for this listing (an admin's dismissal counts none); null until read. */
  band: SupplyBand | null
  score: number | null
  signals: SupplySignal[]
  /** A newer version that scored High, which the install does not use. */
  heldBack: { version: string; score: number } | null
  checkedAt: string | null
}

/** What the catalogue's `_meta` says of the tools read from a server for the version served. */
export interface RegistryTools {
  count: number
  /** The tools' names, in the order the server listed them. */
  names: string[]
  /** sha-256 of the surface's canonical JSON: equal hashes, equal surfaces. */
  surfaceHash: string
  /** Each tool's sha-256 (of its canonical JSON, docs/surface-hash.md), by name: what a client pins. */
  toolHashes: Record<string, string>
  /** The scanner's risk level of that surface (none, low, medium, high; dismissed findings left out). */
  risk: RiskLevel
  /** When that surface was last read (RFC 3339). */
  readAt: string
}

/** One version the registry published of a listing, as the sync stores it. */
export interface RegistryVersion {
  version: string
  /** 'active', 'deprecated' or 'deleted', as the registry gave it. */
  status: string
  publishedAt: string | null
  upstreamUpdatedAt: string | null
  packages: unknown[]
  remotes: unknown[]
}

/** What the official `_meta` says of the version served. */
interface VersionFacts {
  status: 'active' | 'deprecated' | 'deleted'
  publishedAt: string
  updatedAt: string
  isLatest: boolean
}

const officialStatus = (status: string): VersionFacts['status'] => (status === 'deleted' || status === 'deprecated' ? status : 'active')

/**
 * The versions of a listing to serve, newest first: every stored one, the listing's own (current)
 * version always among them, each with its own packages and remotes. A listing registered here has
 * none stored and is served at its current version alone.
 * @example listingVersions(listing, []) // [[listing, { isLatest: true, ... }]]
 */
export function listingVersions(l: RegistryListing, stored: readonly RegistryVersion[]): Array<[RegistryListing, VersionFacts]> {
  const current: [RegistryListing, VersionFacts] = [
    l,
    { status: officialStatus(l.status), publishedAt: isoTime(l.createdAt), updatedAt: isoTime(l.updatedAt), isLatest: true },
  ]
  const older = stored
    .filter((v) => v.version !== l.version)
    .map((v): [RegistryListing, VersionFacts] => [
      // Another version's packages: its install options are its own, never the kept ones, and the
      // tools read are the current version's.
      // The supply chain's record is likewise the current version's install, and the verdict was
      // graded from the current version's facts.
      { ...l, version: v.version, packages: v.packages, remotes: v.remotes, install: null, tools: null, supplyChain: null, verdict: null },
      {
        status: officialStatus(v.status),
        publishedAt: isoTime(v.publishedAt ?? l.createdAt),
        updatedAt: isoTime(v.upstreamUpdatedAt ?? v.publishedAt ?? l.updatedAt),
        isLatest: false,
      },
    ])
  return [current, ...older.sort((a, b) => b[1].publishedAt.localeCompare(a[1].publishedAt))]
}

/**
 * Whether a name can be served: the registry's pattern and length.
 * @example isRegistryName('io.github.acme/widget') // true
 */
export const isRegistryName = (name: string) => name.length >= 3 && name.length <= REGISTRY_NAME_MAX && REGISTRY_NAME_RE.test(name)

/**
 * The opaque cursor of a page: the last name it served, so the next page starts after it
 * whatever was added or removed meanwhile.
 * @example decodeCursor(encodeCursor('io.github.acme/widget')) // 'io.github.acme/widget'
 */
export function encodeCursor(name: string): string {
  const bytes = new TextEncoder().encode(name)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The name a cursor holds, or null when it is not one of ours. */
export function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
    const name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
    return name && encodeCursor(name) === cursor ? name : null
  } catch {
    return null
  }
}

/** Text cut to `max` characters (code points, as JSON Schema counts them), an ellipsis marking the cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

const isHttpUrl = (v: unknown, https = false): v is string => {
  if (typeof v !== 'string') return false
  try {
    const url = new URL(v)
    return url.protocol === 'https:' || (!https && url.protocol === 'http:')
  } catch {
    return false
  }
}

const TRANSPORT_URL = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/

type Json = Record<string, unknown>

/**
 * Drops empty optional fields (null, empty lists, false flags: their absence means the same), so
 * an entry says only what the listing declares.
 */
function compact(o: Json): Json {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0) && v !== false),
  )
}

function input(d: DeclaredInput): Json {
  // An example value of a 2025 entry is something to replace, not a fixed value: a placeholder.
  const fixed = d.placeholder ? null : d.value
  const variables = Object.entries(d.variables)
  return compact({
    description: d.description,
    isRequired: d.isRequired,
    value: fixed,
    isSecret: d.isSecret,
    default: d.default,
    placeholder: d.placeholder ? d.value : null,
    choices: d.choices,
    variables: variables.length ? Object.fromEntries(variables.map(([k, v]) => [k, input(v)])) : null,
  })
}

function argument(a: DeclaredArgument, index: number): Json {
  if (a.type === 'named') return { ...input(a), type: 'named', name: a.name }
  const out: Json = { ...input(a), type: 'positional', valueHint: a.valueHint }
  // A positional argument needs a value or a hint; an example to replace gets a hint of its place.
  if (!out.value && !out.valueHint) out.valueHint = `argument_${index + 1}`
  return compact(out)
}

const keyValue = (kv: DeclaredKeyValue): Json => ({ ...input(kv), name: kv.name })

function packageJson(p: DeclaredPackage): Json | null {
  const t = p.transport
  if (t.type !== 'stdio' && !TRANSPORT_URL.test(t.url)) return null
  return compact({
    registryType: p.registryType,
    identifier: p.identifier,
    version: p.version,
    runtimeHint: p.runtimeHint,
    transport: t.type === 'stdio' ? { type: 'stdio' } : compact({ type: t.type, url: t.url, headers: t.headers.map(keyValue) }),
    runtimeArguments: p.runtimeArguments.map(argument),
    packageArguments: p.packageArguments.map(argument),
    environmentVariables: p.environmentVariables.map(keyValue),
  })
}

function remoteJson(r: DeclaredRemote): Json {
  const variables = Object.entries(r.variables)
  return compact({
    type: r.type,
    url: r.url,
    headers: r.headers.map(keyValue),
    variables: variables.length ? Object.fromEntries(variables.map(([k, v]) => [k, input(v)])) : null,
  })
}

const present = <T>(v: T | null): v is T => v !== null

/** What the registry `metadata.registry` of an imported listing kept from its server.json. */
function importedFacts(metadata: Record<string, unknown>): { websiteUrl?: string; subfolder?: string } {
  const registry = metadata.registry
  if (!registry || typeof registry !== 'object') return {}
  const r = registry as Record<string, unknown>
  return {
    websiteUrl: isHttpUrl(r.websiteUrl) ? r.websiteUrl : undefined,
    subfolder: typeof r.subfolder === 'string' && r.subfolder.trim() ? r.subfolder : undefined,
  }
}

/** The listing's server.json: the fields the registry's schema knows, within its limits. */
export function toServerJson(l: RegistryListing): Json {
  const description = l.description.trim() || l.displayName.trim() || l.name
  const repo = parseGithubUrl(l.githubUrl)
  const { websiteUrl, subfolder } = importedFacts(l.metadata)
  const title = l.displayName.trim()
  return compact({
    $schema: SERVER_SCHEMA_URL,
    name: l.name,
    description: clip(description, DESCRIPTION_MAX),
    title: title ? clip(title, TITLE_MAX) : null,
    version: l.version,
    repository: repo ? compact({ url: `https://github.com/${repo.owner}/${repo.repo}`, source: 'github', subfolder }) : null,
    websiteUrl,
    icons: isHttpUrl(l.icon, true) && l.icon.length <= ICON_SRC_MAX ? [{ src: l.icon }] : null,
    packages: l.packages.map(readPackage).filter(present).map(packageJson).filter(present),
    remotes: l.remotes.map(readRemote).filter(present).map(remoteJson),
  })
}

/** A listing's install options as the registry API's `_meta` carries them. */
export type InstallSummary = Json[]

/**
 * The install options that can run, each with what the user supplies and the one-line commands
 * that add it to a client: enough for a client to offer the install, small enough for a list.
 */
export function installSummary(l: Pick<RegistryListing, 'name' | 'version' | 'packages' | 'remotes'>): InstallSummary {
  const plan = installPlan(l)
  return plan.options
    .filter((o) => !o.unsupported)
    .map((o) => {
      const commands: Partial<Record<ClientId, string>> = {}
      for (const id of COMMAND_CLIENTS) {
        const command = clientConfig(plan, o, id)?.command
        if (command) commands[id] = command
      }
      return compact({
        kind: o.kind,
        label: o.label,
        detail: o.detail,
        inputs: o.inputs.map((i) => compact({ name: i.envName, secret: i.isSecret })),
        run: runCommand(o),
        commands,
      })
    })
}

/** A listing as one entry of the registry API: its server.json and both `_meta` namespaces. */
export function toServerResponse(
  l: RegistryListing,
  opts: { origin: string; version?: VersionFacts; pageUrl?: string; package?: PackageMeta },
) {
  const server = toServerJson(l)
  const clipped = Array.from(l.description.trim()).length > DESCRIPTION_MAX
  return {
    server,
    _meta: {
      // Without a version named, the listing's own: its current version, the newest.
      [OFFICIAL_META_KEY]: opts.version ?? listingVersions(l, [])[0][1],
      [CATALOGUE_META_KEY]: {
        url: opts.pageUrl ?? `${opts.origin}/servers/${l.id}`,
        likes: l.likeCount,
        stars: l.stars,
        tags: l.tags,
        categories: l.categories,
        featured: l.featured,
        ...(clipped ? { description: l.description } : {}),
        install: l.install ?? installSummary(l),
        ...(l.tools ? { tools: { ...l.tools, readAt: isoTime(l.tools.readAt) } } : {}),
        ...(l.supplyChain ? { supplyChain: l.supplyChain } : {}),
        ...(l.verdict ? { verdict: { ...l.verdict, computedAt: isoTime(l.verdict.computedAt) } } : {}),
      },
      ...(opts.package ? { [PACKAGE_META_KEY]: opts.package } : {}),
    },
  }
}

export type ServerResponse = ReturnType<typeof toServerResponse>

/** A stored time as RFC 3339 (stored times are ISO already; older rows may lack the zone). */
function isoTime(stored: string): string {
  const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(stored) ? stored : `${stored.replace(' ', 'T')}Z`)
  return Number.isNaN(t) ? new Date(0).toISOString() : new Date(t).toISOString()
}
