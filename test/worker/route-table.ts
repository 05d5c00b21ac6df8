/**
 * The app's routes as its own route table (`app.routes`) lists them, with a seeded value for each
 * path parameter, for the checks that must cover every route, including those added later
 * (security-sweep.test.ts, deployed/same-cookie.test.ts).
 *
 * @example
 * const seeded = await seedRouteParams(owner.user!.id)
 * for (const route of getRoutes) await call(concrete(route.path, seeded))
 */

import { MCP_PATH } from '@shared/mcp-endpoint'
import { app } from '../../worker/app'
import { packageComments, packages, serverRevisions } from '../../worker/db/schema'
import { isWorkerPath } from '../../worker/middleware/errors'
import { RUNNER_PATH } from '../../worker/routes/runner'
import { insertServer } from './factories'
import { db } from './helpers'

export interface Route {
  method: string
  path: string
  key: string
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

const asRoutes = (list: typeof app.routes): Route[] => [
  ...new Map(list.map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path, key: `${r.method} ${r.path}` }])).values(),
]

/**
 * Every concrete route of the app, wherever it is mounted (/api, the registry API, feeds,
 * sitemaps and whatever comes later): middleware registrations (method ALL, wildcards) left out.
 */
export const routes = asRoutes(app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')))
/** The SPA's pages the Worker serves (with their own heads). */
export const pageRoutes = asRoutes(app.routes.filter((r) => r.method === 'GET' && !isWorkerPath(r.path) && !r.path.includes('*')))
/** The probe runner's routes: a bearer token lets it in, never a browser's cookie (worker/routes/runner.ts). */
export const bearerRoutes = routes.filter((r) => r.path.startsWith(`${RUNNER_PATH}/`))
/**
 * The MCP endpoint: public by design (worker/routes/mcp.ts). Its POST changes nothing, reads no
 * session and so asks no CSRF token; it answers in JSON-RPC, with limits of its own.
 */
export const rpcRoutes = routes.filter((r) => r.path === MCP_PATH)
/** Writes a browser makes, with its session cookie and CSRF token: every write but the runner's and the MCP endpoint's. */
export const writeRoutes = routes.filter((r) => WRITE_METHODS.includes(r.method) && !bearerRoutes.includes(r) && !rpcRoutes.includes(r))
/** Every GET, interface or page (pages are among `routes` already). */
export const getRoutes = routes.filter((r) => r.method === 'GET')

export interface SeededParams {
  serverId: string
  serverName: string
  packageId: string
  commentId: string
  revisionId: string
}

/** A server (repository acme/widget), a public package of `ownerId` with a comment, and a revision. */
export async function seedRouteParams(ownerId: string): Promise<SeededParams> {
  const server = await insertServer({ githubUrl: 'https://github.com/acme/widget', repoOwner: 'acme', tags: ['acme'] })
  const seeded = {
    serverId: server.id,
    serverName: server.name,
    packageId: crypto.randomUUID(),
    commentId: crypto.randomUUID(),
    revisionId: crypto.randomUUID(),
  }
  await db().insert(packages).values({ id: seeded.packageId, userId: ownerId, name: 'Sweep package', isPublic: true })
  await db().insert(packageComments).values({ id: seeded.commentId, packageId: seeded.packageId, userId: ownerId, content: 'Hello' })
  await db().insert(serverRevisions).values({ id: seeded.revisionId, serverId: seeded.serverId, userId: ownerId, after: {} })
  return seeded
}

/** A real seeded value for each path parameter, chosen by its name and the resource around it. */
function paramValue(seeded: SeededParams, path: string, name: string): string {
  if (name === 'authorName' || (name === 'id' && path.includes('/follows/'))) return 'acme'
  // The registry API names a server by its (URL-encoded) name, and a version ('latest' always is one).
  if (name === 'serverName') return encodeURIComponent(seeded.serverName)
  if (name === 'version') return 'latest'
  // Feeds and sitemaps name a file: `{key}.atom`, `servers-{n}.xml`.
  if (name === 'file' && path.startsWith('/sitemaps/')) return 'servers-1.xml'
  if (name === 'file' && path.startsWith('/feeds/packages/')) return `${seeded.packageId}.atom`
  if (name === 'file' && path.startsWith('/feeds/changes/')) return `${seeded.serverId}.atom`
  if (name === 'file' && path.startsWith('/feeds/')) return 'acme.atom'
  if (name === 'file' && path.startsWith('/og/servers/')) return `${seeded.serverId}.png`
  if (name === 'commentId') return seeded.commentId
  if (name === 'revisionId') return seeded.revisionId
  if (name === 'packageId' || name === 'categoryId') return seeded.packageId
  if (name === 'id' && (path.startsWith('/api/packages/') || path.startsWith('/packages/') || path.includes('/categories/')))
    return seeded.packageId
  return seeded.serverId
}

/** `path` with every parameter replaced by its seeded value. */
export const concrete = (path: string, seeded: SeededParams) =>
  path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => paramValue(seeded, path, name))
