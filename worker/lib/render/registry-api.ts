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
import type {
  DeclaredArgument,
  DeclaredInput,
  DeclaredKeyValue,
  DeclaredPackage,
  DeclaredRemote,
  PostInstallInstruction,
} from '@shared/install/model'
import { readPackage, readRemote } from '@shared/install/source'
import { HTTP_URL_RE, isRemoteUrl, servedUrl, variablesOf } from '@shared/install/url-template'
import type { RiskLevel } from '@shared/scan'
import type { SupplyBand, SupplySignal, WatchedRegistry } from '@shared/supply'
import { type ProbeStatus, reachedServer } from '@shared/surface'
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
  /**
   * What the signals `_meta` says beyond likes and stars (worker/db/registry.ts reads it in the
   * page's own statement); absent or null: nothing known (views 0, in no package, never probed).
   */
  signals?: ListingSignals | null
}

/** A listing's popularity and trust signals as read with it; likes and stars are the listing's own fields. */
export interface ListingSignals {
  views: number
  /** Public packages that include the listing. */
  packages: number
  /** The latest probe of its remote, as the probe schedule keeps it; null when none was probed. */
  health: ProbeHealth | null
  /** The latest read of its package by the probe runner, likewise. */
  packageRead: ProbeHealth | null
  /** The scanner's risk level of the surface the listing shows (servers.risk); null when none was read or declared. */
  risk: RiskLevel | null
  /** The supply-chain watch's worst band of the package versions its install uses (servers.supply_band). */
  supplyBand: SupplyBand | null
  /** The verdict's overall grade (servers.grade); null when not enough is known or not graded. */
  grade: Grade | null
}

/** The latest probe of a listing, as its probe schedule keeps it. */
export interface ProbeHealth {
  status: ProbeStatus
  /** When it ran (RFC 3339). */
  at: string
  /** The version it probed. */
  version: string | null
  /** Failed probes in a row up to it: 0 when it reached the server. */
  failuresInARow: number
}

/**
 * The catalogue's signals namespace (SIGNALS_META_KEY) of an entry, every key always present
 * (null: not known): docs/registry-api.md, "Signals".
 */
export interface RegistrySignals {
  likes: number
  views: number
  stars: number
  packages: number
  health: (ProbeHealth & { reachable: boolean }) | null
  packageRead: (ProbeHealth & { reachable: boolean }) | null
  risk: RiskLevel | null
  supplyBand: SupplyBand | null
  grade: Grade | null
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

/** What a page of a registry API list asks for, the whole catalogue's or a package's (docs/registry-api.md). */
export interface RegistryPageOptions {
  /** The last name of the previous page. */
  after?: string
  limit: number
  /** Part of the name, any case. */
  search?: string
  /** ISO-8601 UTC: listings updated at or after it. */
  updatedSince?: string
  /** An exact version; 'latest' and none mean the current one, which is every listing's. */
  version?: string
  includeDeleted: boolean
}

/** What the official `_meta` says of the version served. */
interface VersionFacts {
  status: 'active' | 'deprecated' | 'deleted'
  publishedAt: string
  updatedAt: string
  isLatest: boolean
}

const officialStatus = (status: string): VersionFacts['status'] => (status === 'deleted' || status === 'deprecated' ? status : 'active')

/** The trust signals of a version other than the one assessed: none known. */
const UNASSESSED = { health: null, packageRead: null, risk: null, supplyBand: null, grade: null } satisfies Partial<ListingSignals>

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
      // Its signals keep the listing's popularity; its trust (probes, risk, band, grade) is the current version's.
      {
        ...l,
        version: v.version,
        packages: v.packages,
        remotes: v.remotes,
        install: null,
        tools: null,
        supplyChain: null,
        verdict: null,
        signals: l.signals ? { ...l.signals, ...UNASSESSED } : null,
      },
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

/** An input's value a URL can take without asking anyone: its fixed value, else its default; null when it has neither. */
const givenValue = (d: DeclaredInput | undefined): string | null => (d ? (!d.placeholder && d.value) || d.default || null : null)

/**
 * A value a package's transport URL refers to: the draft resolves its `{variables}` from the
 * package's environment variables (by name) and arguments (by value hint or name).
 */
function packageValue(p: DeclaredPackage): (name: string) => string | null {
  return (name) => {
    const env = p.environmentVariables.find((kv) => kv.name === name)
    if (env) return givenValue(env)
    const arg = [...p.runtimeArguments, ...p.packageArguments].find((a) => a.valueHint === name || a.name?.replace(/^-+/, '') === name)
    return givenValue(arg)
  }
}

/** A post-install step as the draft writes it (modelcontextprotocol/registry#1364). */
const postInstallJson = (i: PostInstallInstruction): Json =>
  compact({ description: i.description, command: i.command, documentation: i.documentation, optional: i.optional })

/**
 * One entry served for a declared package or remote: what `server` carries (null: left out, as
 * the published schema has no place for it), and, for a transport URL beginning with a variable,
 * the entry as declared (valid by the draft), which the catalogue's `_meta` carries.
 */
export interface ServedEntry {
  served: Json | null
  templated: { declared: Json; servedUrl: string | null } | null
}

/** A package as `server.packages` carries it: every field of the current shape, its post-install steps included. */
export function servedPackage(p: DeclaredPackage): ServedEntry {
  const t = p.transport
  if (t.type !== 'stdio' && !isRemoteUrl(t.url)) return { served: null, templated: null }
  const json = (url: string | null) =>
    compact({
      registryType: p.registryType,
      identifier: p.identifier,
      version: p.version,
      runtimeHint: p.runtimeHint,
      transport: t.type === 'stdio' ? { type: 'stdio' } : compact({ type: t.type, url, headers: t.headers.map(keyValue) }),
      runtimeArguments: p.runtimeArguments.map(argument),
      packageArguments: p.packageArguments.map(argument),
      environmentVariables: p.environmentVariables.map(keyValue),
      postInstallInstructions: p.postInstallInstructions.map(postInstallJson),
    })
  if (t.type === 'stdio' || HTTP_URL_RE.test(t.url)) return { served: json(t.type === 'stdio' ? null : t.url), templated: null }
  const url = servedUrl(t.url, packageValue(p))
  return { served: url === null ? null : json(url), templated: { declared: json(t.url), servedUrl: url } }
}

/**
 * A remote as `server.remotes` carries it. One whose URL begins with a variable is served with
 * that URL resolved when every variable it names has a fixed value or a default (the variables
 * it used then left out), else left out.
 */
export function servedRemote(r: DeclaredRemote): ServedEntry {
  const json = (url: string, variables: Array<[string, DeclaredInput]>) =>
    compact({
      type: r.type,
      url,
      headers: r.headers.map(keyValue),
      variables: variables.length ? Object.fromEntries(variables.map(([k, v]) => [k, input(v)])) : null,
    })
  const variables = Object.entries(r.variables)
  if (HTTP_URL_RE.test(r.url)) return { served: json(r.url, variables), templated: null }
  if (!isRemoteUrl(r.url)) return { served: null, templated: null }
  const url = servedUrl(r.url, (name) => givenValue(r.variables[name]))
  const used = variablesOf(r.url)
  return {
    served:
      url === null
        ? null
        : json(
            url,
            variables.filter(([k]) => !used.has(k)),
          ),
    templated: { declared: json(r.url, variables), servedUrl: url },
  }
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

/**
 * What a listing declares that a transport URL beginning with a variable kept out of `server` or
 * served resolved: each as declared, as the draft writes it, with the URL it was served at (null:
 * left out). The catalogue's `_meta` carries them, so a client of the draft loses nothing.
 */
export interface TemplatedEntries {
  remotes: Array<{ remote: Json; servedUrl: string | null }>
  packages: Array<{ package: Json; servedUrl: string | null }>
}

/** The listing's server.json and what of it only the draft can say. */
function serverParts(l: RegistryListing): { server: Json; templated: TemplatedEntries } {
  const description = l.description.trim() || l.displayName.trim() || l.name
  const repo = parseGithubUrl(l.githubUrl)
  const { websiteUrl, subfolder } = importedFacts(l.metadata)
  const title = l.displayName.trim()
  const packages = l.packages.map(readPackage).filter(present).map(servedPackage)
  const remotes = l.remotes.map(readRemote).filter(present).map(servedRemote)
  const server = compact({
    $schema: SERVER_SCHEMA_URL,
    name: l.name,
    description: clip(description, DESCRIPTION_MAX),
    title: title ? clip(title, TITLE_MAX) : null,
    version: l.version,
    repository: repo ? compact({ url: `https://github.com/${repo.owner}/${repo.repo}`, source: 'github', subfolder }) : null,
    websiteUrl,
    icons: isHttpUrl(l.icon, true) && l.icon.length <= ICON_SRC_MAX ? [{ src: l.icon }] : null,
    packages: packages.map((p) => p.served).filter(present),
    remotes: remotes.map((r) => r.served).filter(present),
  })
  const templated = {
    packages: packages.flatMap(({ templated: t }) => (t ? [{ package: t.declared, servedUrl: t.servedUrl }] : [])),
    remotes: remotes.flatMap(({ templated: t }) => (t ? [{ remote: t.declared, servedUrl: t.servedUrl }] : [])),
  }
  return { server, templated }
}

/**
 * The listing's server.json: the fields the registry's schema knows, within its limits, valid by
 * the newest published schema and the draft alike.
 */
export function toServerJson(l: RegistryListing): Json {
  return serverParts(l).server
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

const probeSignal = (h: ProbeHealth | null) => (h ? { ...h, at: isoTime(h.at), reachable: reachedServer(h.status) } : null)

/**
 * The signals namespace of a listing: popularity (likes, views, stars, the public packages that
 * include it) and trust (its latest probes, the scanner's risk, the supply band, the verdict's
 * grade), every key present, null where nothing is known.
 */
export function toSignals(l: RegistryListing): RegistrySignals {
  const s = l.signals
  return {
    likes: l.likeCount,
    views: s?.views ?? 0,
    stars: l.stars,
    packages: s?.packages ?? 0,
    health: probeSignal(s?.health ?? null),
    packageRead: probeSignal(s?.packageRead ?? null),
    risk: s?.risk ?? null,
    supplyBand: s?.supplyBand ?? null,
    grade: s?.grade ?? null,
  }
}

/** A listing as one entry of the registry API: its server.json and the `_meta` namespaces. */
export function toServerResponse(
  l: RegistryListing,
  opts: { origin: string; version?: VersionFacts; pageUrl?: string; package?: PackageMeta },
) {
  const { server, templated } = serverParts(l)
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
        ...(templated.remotes.length ? { templatedRemotes: templated.remotes } : {}),
        ...(templated.packages.length ? { templatedPackages: templated.packages } : {}),
      },
      [SIGNALS_META_KEY]: toSignals(l),
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
