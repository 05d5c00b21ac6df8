import { type Context, Hono } from 'hono'
import { type ServerListQuery, serverIdParam, serverListQuery, UUID_PATTERN } from '@shared/schemas'
import { type ServerListing, serverListing } from '@shared/server-list'
import type { FeaturedServer, RepoInfo } from '@shared/types'
import { getServerDetail, type ListOptions, listFeatured, readmeSource, saveRepoFacts, storedRepoFacts } from '../db/servers'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { fetchRepo, requireRepo } from '../lib/outbound/github'
import { getReadme } from '../lib/outbound/readme'
import { featuredCard, sanitizeFeaturedHtml } from '../lib/render/html'
import { AUTH_REQUIRED, SERVER_NOT_FOUND, visibleServer } from '../middleware/authz'
import { guestCache, publicCache } from '../middleware/cache'
import { sessionInBatch, settledUser } from '../middleware/session'
import { validate } from '../middleware/validate'
import { listServers, serverListOptions } from '../services/search/list-or-search'
import { watchSettings } from '../services/watch/settings'

/** List options from the query; the Favorites view needs a session (whether it is live is told by the batch). */
function listOptions(c: Context<AppEnv>, q: ServerListQuery, listing: ServerListing): ListOptions {
  const userId = c.var.viewer
  if (q.favorites && userId === null) throw new ApiError('auth_required', AUTH_REQUIRED)
  return serverListOptions(q, listing, userId)
}

/** A list or search page, once the reader is known: the Favorites view of an expired session is refused. */
async function listAnswer(c: Context<AppEnv>, q: ServerListQuery, listing: ServerListing) {
  const result = await listServers(c.var.db, listOptions(c, q, listing))
  if (q.favorites && !(await settledUser(c))) throw new ApiError('auth_required', AUTH_REQUIRED)
  return result
}

/** A server's id in a path: a UUID, as `serverIdParam` requires, so '/featured' and '/search' are not one. */
const SERVER_ID = `:id{${UUID_PATTERN}}`

/**
 * The reads below whose SQL names their reader by the session, so a signed-in one reads its
 * session in its own first batch (`sessionInBatch`): the list, the search and a server. Mounted
 * where `serverRoutes` is, ahead of the session middleware (app.ts), which must know before any
 * route runs.
 */
export const serverReadsInBatch = new Hono<AppEnv>()
  .use('/', sessionInBatch)
  .use('/search', sessionInBatch)
  .use(`/${SERVER_ID}`, sessionInBatch)

/** Read side of servers: lists, search, featured, detail, README and repository facts. */
export const serverRoutes = new Hono<AppEnv>()
  .get('/', guestCache(), validate('query', serverListQuery), async (c) => {
    const q = c.req.valid('query')
    // The plain list: text in its query is for /search.
    const result = await listAnswer(c, q, serverListing(undefined, q.sortBy))
    publicCache(c, 30)
    return c.json(result)
  })
  .get('/search', guestCache({ shared: true }), validate('query', serverListQuery), async (c) => {
    const q = c.req.valid('query')
    const result = await listAnswer(c, q, serverListing(q.q, q.sortBy))
    publicCache(c, 30)
    return c.json(result)
  })
  .get('/featured', async (c) => {
    // Stored HTML was sanitised on write; sanitising again is cheap and covers rows written by
    // other means (imports, the console). The card's title and summary come as plain text.
    const list: FeaturedServer[] = (await listFeatured(c.var.db)).map((f) => {
      const commentHtml = sanitizeFeaturedHtml(f.commentHtml)
      return { ...f, commentHtml, ...featuredCard(commentHtml) }
    })
    publicCache(c, 60)
    return c.json(list)
  })
  .get('/:id', guestCache(), validate('param', serverIdParam), async (c) => {
    const { id } = c.req.valid('param')
    // A soft-deleted server is 404 for everyone but admins, who may restore it: read either way,
    // since who asks is known only once the batch (which reads the session too) has run.
    const server = visibleServer(
      await getServerDetail(c.var.db, id, c.var.viewer, { includeDeleted: true, watching: watchSettings(c.env).enabled }),
      await settledUser(c),
    )
    publicCache(c, 30)
    return c.json(server)
  })
  .get('/:id/readme', guestCache({ shared: true }), validate('param', serverIdParam), async (c) => {
    const { id } = c.req.valid('param')
    const row = await readmeSource(c.var.db, id)
    if (!row) throw new ApiError('server_not_found', SERVER_NOT_FOUND)
    const readme = await getReadme(c.env, row, (p) => c.executionCtx.waitUntil(p))
    publicCache(c, 300)
    return c.json(readme)
  })
  .get('/:id/repo', validate('param', serverIdParam), async (c) => {
    const { id } = c.req.valid('param')
    const row = await storedRepoFacts(c.var.db, id)
    if (!row) throw new ApiError('server_not_found', SERVER_NOT_FOUND)
    const ref = requireRepo(row.githubUrl)
    const info = await cachedJson<RepoInfo>(c.env.CACHE, cacheKeys.repo(ref.owner, ref.repo), TTL.repoSeconds, async () => {
      const facts = await fetchRepo(c.env, ref)
      return { ownerAvatarUrl: facts.ownerAvatarUrl, stars: facts.stars, license: facts.license }
    })
    // Written back so that sorting by stars stays an indexed query; only when something changed.
    if (info.stars !== row.stars || info.ownerAvatarUrl !== row.ownerAvatarUrl || info.license !== row.license) {
      c.executionCtx.waitUntil(saveRepoFacts(c.var.db, id, info))
    }
    publicCache(c, 600)
    return c.json(info)
  })
