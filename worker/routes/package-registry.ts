import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { PAGE_PATHS } from '@shared/page-paths'
import { packageIdParam } from '@shared/schemas'
import { packageScope } from '../db/package-registry'
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
} from '../lib/package-registry'
import type { PackageMeta } from '../lib/render/registry-api'
import { isToken } from '../lib/tokens'
import { SERVER_NOT_FOUND } from '../middleware/authz'
import { publicCache } from '../middleware/cache'
import { type RegistryScope, registryApi, type ScopeEntry } from './registry'

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin

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
    url: `${origin(c)}${PAGE_PATHS.package.replace(':id', pkg.id)}`,
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
    url: `${origin(c)}${PAGE_PATHS.package.replace(':id', read.pkg.id)}`,
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
