import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { CATALOGUE_SERVER, catalogueListing } from '@shared/mcp-endpoint'
import { PAGE_PATHS } from '@shared/page-paths'
import { packageIdParam, registryListQuery, registryServerParam, registryServerQuery } from '@shared/schemas'
import { packageScope } from '../db/package-registry'
import { type RegistryPageOptions, registryListing, registryPage, registryVersions } from '../db/registry'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import {
  ALLOWLIST_FORMS,
  type AllowlistForm,
  allowlistBody,
  allowlistFileName,
  isRegistryKey,
  type ScopedEntry,
  scopeEntries,
  scopePage,
  type VersionFacts,
} from '../lib/package-registry'
import {
  decodeCursor,
  encodeCursor,
  isRegistryName,
  listingVersions,
  type PackageMeta,
  type RegistryListing,
  toServerResponse,
} from '../lib/render/registry-api'
import { isToken } from '../lib/tokens'
import { SERVER_NOT_FOUND } from '../middleware/authz'
import { guestCache, publicCache } from '../middleware/cache'
import { validate } from '../middleware/validate'

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin

/** When the catalogue's own entry was first served; it changes only with CATALOGUE_SERVER.version. */
const OWN_ENTRY_SINCE = '2026-11-26T00:00:00.000Z'

/**
 * The catalogue's own MCP server (routes/mcp.ts) as a registry entry: a static listing whose one
 * remote is this origin's endpoint, so it is named under its name wherever the catalogue is served.
 * Its page is the one that explains it (`pageUrl`), not a server page.
 */
function ownListing(c: Context<AppEnv>): RegistryListing {
  return {
    id: 'catalogue',
    name: CATALOGUE_SERVER.name,
    displayName: CATALOGUE_SERVER.title,
    description: CATALOGUE_SERVER.description,
    version: CATALOGUE_SERVER.version,
    icon: null,
    githubUrl: null,
    tags: [],
    categories: [],
    packages: [],
    remotes: catalogueListing(origin(c)).remotes,
    metadata: {},
    status: 'active',
    likeCount: 0,
    stars: 0,
    featured: false,
    createdAt: OWN_ENTRY_SINCE,
    updatedAt: OWN_ENTRY_SINCE,
    install: null,
  }
}

/** Where a listing's `_meta` points people: its server page, or for the catalogue's own entry the page about it. */
const pageUrl = (c: Context<AppEnv>, listing: RegistryListing) =>
  listing.name === CATALOGUE_SERVER.name && listing.id === 'catalogue' ? `${origin(c)}${PAGE_PATHS.useFromAi}` : undefined

/** The listing served under a name, when the caller may see it; a 404 otherwise. */
async function findListing(c: Context<AppEnv>, serverName: string, includeDeleted: boolean): Promise<RegistryListing> {
  if (serverName === CATALOGUE_SERVER.name) return ownListing(c)
  const listing = isRegistryName(serverName) ? await registryListing(c.var.db, serverName) : null
  if (!listing || (listing.status === 'deleted' && !includeDeleted)) throw new ApiError('server_not_found', SERVER_NOT_FOUND)
  return listing
}

/** One entry a scope serves: a listing at a version, and what the scope adds to its `_meta`. */
export interface ScopeEntry {
  listing: RegistryListing
  /** The official facts of the version served; the listing's current version when absent. */
  version?: VersionFacts
  pageUrl?: string
  package?: PackageMeta
}

/**
 * What the registry API is read from: the whole catalogue, or one package (below).
 * The handlers below are the same for both; a scope says which listings it has, at which versions,
 * and how its answers may be cached.
 */
export interface RegistryScope {
  /** A page of the list, and the name the next page starts after when more follow. */
  page(opts: RegistryPageOptions): Promise<{ entries: ScopeEntry[]; after: string | null }>
  /**
   * The versions the scope serves of the server under `name`, newest first (the latest first);
   * `wanted` is the version asked for, when one is (a scope may read less to answer it). Throws
   * the 404 when the scope has no such server.
   */
  versions(name: string, includeDeleted: boolean, wanted?: string): Promise<ScopeEntry[]>
  /** Marks the answer's caching. */
  cache(c: Context<AppEnv>): void
}

/** The whole catalogue as a registry: every servable listing, with every version the sync stored. */
const catalogueScope = (c: Context<AppEnv>): RegistryScope => ({
  async page(opts) {
    const { listings, after } = await registryPage(c.var.db, opts)
    return { entries: listings.map((listing) => ({ listing })), after }
  },
  async versions(name, includeDeleted, wanted) {
    const listing = await findListing(c, name, includeDeleted)
    const stored = wanted === 'latest' || wanted === listing.version ? [] : await registryVersions(c.var.db, listing.id)
    return listingVersions(listing, stored).map(([l, version]) => ({ listing: l, version, pageUrl: pageUrl(c, l) }))
  },
  cache: (c) => publicCache(c, 30),
})

const serverResponse = (c: Context<AppEnv>, e: ScopeEntry) =>
  toServerResponse(e.listing, { origin: origin(c), version: e.version, pageUrl: e.pageUrl, package: e.package })

/**
 * The MCP registry's read API (`/v0.1`) over a scope, so that registry clients and other
 * sub-registries read the catalogue, or one package of it, as they read the official registry.
 * Public, the same for everyone: no session is read, any origin may call (app.ts).
 * @example new Hono().route('/v0.1', registryApi(catalogueScope, registryCache))
 */
export function registryApi(scopeOf: (c: Context<AppEnv>) => RegistryScope | Promise<RegistryScope>, cache: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .get('/servers', cache, validate('query', registryListQuery), async (c) => {
      const q = c.req.valid('query')
      const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
      if (after === null) throw new ApiError('invalid_input', 'Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }])
      const scope = await scopeOf(c)
      const { entries, after: next } = await scope.page({
        after,
        limit: q.limit,
        search: q.search?.trim() || undefined,
        updatedSince: q.updated_since && new Date(q.updated_since).toISOString(),
        version: q.version,
        // As the registry does: a client asking what changed also learns what was deleted.
        includeDeleted: q.include_deleted || q.updated_since !== undefined,
      })
      scope.cache(c)
      return c.json({
        servers: entries.map((e) => serverResponse(c, e)),
        metadata: { count: entries.length, ...(next !== null ? { nextCursor: encodeCursor(next) } : {}) },
      })
    })
    .get(
      '/servers/:serverName/versions',
      cache,
      validate('param', registryServerParam),
      validate('query', registryServerQuery),
      async (c) => {
        const scope = await scopeOf(c)
        const entries = await scope.versions(c.req.valid('param').serverName, c.req.valid('query').include_deleted)
        scope.cache(c)
        return c.json({ servers: entries.map((e) => serverResponse(c, e)), metadata: { count: entries.length } })
      },
    )
    .get(
      '/servers/:serverName/versions/:version',
      cache,
      validate('param', registryServerParam),
      validate('query', registryServerQuery),
      async (c) => {
        const { serverName, version } = c.req.valid('param')
        const scope = await scopeOf(c)
        const entries = await scope.versions(serverName, c.req.valid('query').include_deleted, version)
        const found = version === 'latest' ? entries[0] : entries.find((e) => e.listing.version === version)
        if (!found) throw new ApiError('version_not_found', 'Server version not found')
        scope.cache(c)
        return c.json(serverResponse(c, found))
      },
    )
}

/** Registry clients poll the same pages from everywhere, and a page of 100 costs the Worker more than a read. */
const registryCache = guestCache({ shared: true })

/**
 * The whole catalogue's registry API: a listing is served at its current version in lists, and
 * with every version the sync stored under /versions.
 */
export const registryRoutes = registryApi(catalogueScope, registryCache)

// Each package as a registry: the same handlers over the package's scope.

/** The one answer for a package that is not there, is private, or was asked with a wrong key: it says nothing of which. */
const notFound = () => new ApiError('server_not_found', SERVER_NOT_FOUND)

/** A package's registry as the caller may read it, with its servers at the versions served. */
interface ReadScope {
  pkg: { id: string; name: string }
  entries: ScopedEntry[]
  /** Where the registry is, as the caller reached it (with the key when they used it). */
  base: string
  /** Reached by the secret link: the answer is the link holder's alone, never kept by a shared cache. */
  secret: boolean
}

/**
 * The package's registry for this request (one batch), when the caller may read it: a public
 * package at its id or its valid key, a private one only at its valid key. Anything else is the
 * same 404, whether the package exists or not.
 */
async function readScope(c: Context<AppEnv>): Promise<ReadScope> {
  const id = c.req.param('packageId') ?? ''
  const key = c.req.param('key')
  if (!packageIdParam.shape.id.safeParse(id).success || (key !== undefined && !isToken(key))) throw notFound()
  const scope = await packageScope(c.var.db, id)
  if (!scope) throw notFound()
  if (key === undefined ? !scope.pkg.isPublic : !(await isRegistryKey(c.env, id, scope.pkg.registryKeyRev, key))) throw notFound()
  return {
    pkg: scope.pkg,
    entries: scopeEntries(scope.servers, scope.stored, scope.high),
    base: `${origin(c)}/registry/${id}${key === undefined ? '' : `/${key}`}`,
    secret: key !== undefined,
  }
}

/** The package's page, where its `_meta` and allowlists point people. */
const packagePageUrl = (c: Context<AppEnv>, id: string) => `${origin(c)}${PAGE_PATHS.package.replace(':id', id)}`

/** A public registry's answer may be kept 30 seconds, as the catalogue's; a secret link's, nowhere. */
function cacheFor(c: Context<AppEnv>, secret: boolean) {
  if (secret) c.header('Cache-Control', 'private, no-store')
  else publicCache(c, 30)
}

/** A served entry as the registry API's handlers serve it, with the package's `_meta`. */
function toScopeEntry(c: Context<AppEnv>, pkg: ReadScope['pkg'], e: ScopedEntry): ScopeEntry {
  const meta: PackageMeta = {
    id: pkg.id,
    name: pkg.name,
    url: packagePageUrl(c, pkg.id),
    chosen: e.chosen,
    heldBack: e.heldBack,
  }
  return { listing: e.entry[0], version: e.entry[1], package: meta }
}

/**
 * A package as a registry scope: only its servers, each at the one version the package serves
 * (pinned, or the newest not held back), the latest and only version under /versions.
 */
async function packageRegistryScope(c: Context<AppEnv>): Promise<RegistryScope> {
  const read = await readScope(c)
  const find = (name: string, includeDeleted: boolean) => {
    const e = read.entries.find((x) => x.name === name)
    if (!e || (e.entry[0].status !== 'active' && !includeDeleted)) throw notFound()
    return e
  }
  return {
    async page(opts) {
      const { entries, after } = scopePage(read.entries, opts)
      return { entries: entries.map((e) => toScopeEntry(c, read.pkg, e)), after }
    },
    async versions(name, includeDeleted) {
      return [toScopeEntry(c, read.pkg, find(name, includeDeleted))]
    },
    cache: (c) => cacheFor(c, read.secret),
  }
}

/** A package's answers are never kept by the guests' cache: its pins and link change without the servers changing. */
const uncached: MiddlewareHandler<AppEnv> = (_c, next) => next()

const api = registryApi(packageRegistryScope, uncached)

/** The allowlist file names, as the route's pattern (grouped: Hono's router would split a bare alternation). */
const FORM_PATTERN = `(?:${Object.keys(ALLOWLIST_FORMS)
  .map((f) => f.replace(/\./g, '\\.'))
  .join('|')})`

/** An allowlist of the servers the package's registry serves, as a download in one of its forms. */
async function allowlist(c: Context<AppEnv>) {
  const form = c.req.param('form') as AllowlistForm
  const read = await readScope(c)
  const pkg = {
    id: read.pkg.id,
    name: read.pkg.name,
    url: packagePageUrl(c, read.pkg.id),
    registry: read.base,
  }
  cacheFor(c, read.secret)
  return c.body(allowlistBody(form, pkg, read.entries), 200, {
    'Content-Type': ALLOWLIST_FORMS[form],
    'Content-Disposition': `attachment; filename="${allowlistFileName(read.pkg.name, form)}"`,
  })
}

/**
 * Every package as an MCP registry (docs/package-registries.md): the registry read API at
 * `/registry/{id}/v0.1` (public packages) and `/registry/{id}/{key}/v0.1` (the secret link, the
 * only way to a private package's), through the same handlers as the catalogue's `/v0.1`, and the
 * allowlist downloads beside it.
 */
export const packageRegistryRoutes = new Hono<AppEnv>()
  .route('/:packageId/v0.1', api)
  .route('/:packageId/:key/v0.1', api)
  .get(`/:packageId/:form{${FORM_PATTERN}}`, allowlist)
  .get(`/:packageId/:key/:form{${FORM_PATTERN}}`, allowlist)
