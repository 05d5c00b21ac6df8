import { type Context, Hono } from 'hono'
import { CATALOGUE_SERVER, catalogueListing } from '@shared/mcp-endpoint'
import { PAGE_PATHS } from '@shared/page-paths'
import { registryListQuery, registryServerParam, registryServerQuery } from '@shared/schemas'
import { registryListing, registryPage, registryVersions } from '../db/registry'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import {
  decodeCursor,
  encodeCursor,
  isRegistryName,
  listingVersions,
  type RegistryListing,
  toServerResponse,
} from '../lib/render/registry-api'
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

/** Registry clients poll the same pages from everywhere, and a page of 100 costs the Worker more than a read. */
const registryCache = guestCache({ shared: true })

/**
 * The MCP registry's read API (`/v0.1`), so that registry clients and other sub-registries read
 * the catalogue as they read the official registry. A listing is served at its current version in
 * lists, and with every version the sync stored under /versions. Public, the same for everyone: no
 * session is read, any origin may call.
 */
export const registryRoutes = new Hono<AppEnv>()
  .get('/servers', registryCache, validate('query', registryListQuery), async (c) => {
    const q = c.req.valid('query')
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
    if (after === null) throw new ApiError('invalid_input', 'Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }])
    const { listings, after: next } = await registryPage(c.var.db, {
      after,
      limit: q.limit,
      search: q.search?.trim() || undefined,
      updatedSince: q.updated_since && new Date(q.updated_since).toISOString(),
      version: q.version,
      // As the registry does: a client asking what changed also learns what was deleted.
      includeDeleted: q.include_deleted || q.updated_since !== undefined,
    })
    publicCache(c, 30)
    return c.json({
      servers: listings.map((l) => toServerResponse(l, { origin: origin(c) })),
      metadata: { count: listings.length, ...(next !== null ? { nextCursor: encodeCursor(next) } : {}) },
    })
  })
  .get(
    '/servers/:serverName/versions',
    registryCache,
    validate('param', registryServerParam),
    validate('query', registryServerQuery),
    async (c) => {
      const listing = await findListing(c, c.req.valid('param').serverName, c.req.valid('query').include_deleted)
      const versions = listingVersions(listing, await registryVersions(c.var.db, listing.id))
      publicCache(c, 30)
      return c.json({
        servers: versions.map(([l, version]) => toServerResponse(l, { origin: origin(c), version, pageUrl: pageUrl(c, l) })),
        metadata: { count: versions.length },
      })
    },
  )
  .get(
    '/servers/:serverName/versions/:version',
    registryCache,
    validate('param', registryServerParam),
    validate('query', registryServerQuery),
    async (c) => {
      const { serverName, version } = c.req.valid('param')
      const listing = await findListing(c, serverName, c.req.valid('query').include_deleted)
      const versions =
        version === 'latest' || version === listing.version
          ? listingVersions(listing, [])
          : listingVersions(listing, await registryVersions(c.var.db, listing.id))
      const found = versions.find(([l]) => version === 'latest' || l.version === version)
      if (!found) throw new ApiError('version_not_found', 'Server version not found')
      publicCache(c, 30)
      return c.json(toServerResponse(found[0], { origin: origin(c), version: found[1], pageUrl: pageUrl(c, found[0]) }))
    },
  )
