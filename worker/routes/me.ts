import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { getDashboard, getServerStats } from '../db/dashboard'
import { followsQuery, isFollowing, setFollow, toFollowedAuthors } from '../db/follows'
import { categoryServers, createCategory, setCategoryServer, userCategories } from '../db/packages'
import type { AppEnv } from '../env'
import { ApiError, validationHook } from '../errors'
import { authorizePackage, loadServer, requireUser, serverPermissions, signedIn } from '../lib/authz'
import { authorNameParam, categorySchema, categoryServerParam, LIMITS, packageIdParam, serverIdParam, statsQuery } from '../schemas'

const authorParam = zValidator('param', authorNameParam, validationHook)

/**
 * The signed-in user's own things, under /api/users/me: dashboard, server statistics,
 * categories and follows. Every route needs a session; none is ever shared-cached.
 */
export const meRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'private, no-store')
  })
  .get('/dashboard', async (c) => {
    return c.json(await getDashboard(c.var.db, requireUser(c)))
  })
  .get('/servers/:id/stats', zValidator('param', serverIdParam, validationHook), zValidator('query', statsQuery, validationHook), async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    // Owners (restricted ones too: the numbers are theirs) and admins.
    if (!serverPermissions(requireUser(c), server).userRole) throw new ApiError(403, 'Access denied')
    return c.json(await getServerStats(c.var.db, server.id, c.req.valid('query').window))
  })
  .get('/categories', async (c) => {
    return c.json(await userCategories(c.var.db, requireUser(c).id))
  })
  .post('/categories', zValidator('json', categorySchema, validationHook), async (c) => {
    return c.json(await createCategory(c.var.db, requireUser(c).id, c.req.valid('json')), 201)
  })
  .get('/categories/:id/servers', zValidator('param', packageIdParam, validationHook), async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
    return c.json(await categoryServers(c.var.db, pkg.id, pkg.userId))
  })
  .post('/categories/:categoryId/servers/:serverId', zValidator('param', categoryServerParam, validationHook), async (c) => {
    const { categoryId, serverId } = c.req.valid('param')
    const pkg = await authorizePackage(c, categoryId, 'manage')
    const server = await loadServer(c, serverId)
    // An admin may load a deleted server, but no category may hold one.
    if (server.status === 'deleted') throw new ApiError(404, 'Server not found')
    if (pkg.serverCount >= LIMITS.categoryServers) {
      throw new ApiError(409, `A category holds at most ${LIMITS.categoryServers} servers`)
    }
    return c.json(await setCategoryServer(c.var.db, pkg.id, server.id, true))
  })
  .delete('/categories/:categoryId/servers/:serverId', zValidator('param', categoryServerParam, validationHook), async (c) => {
    const { categoryId, serverId } = c.req.valid('param')
    const pkg = await authorizePackage(c, categoryId, 'manage')
    // Removal works whatever became of the server, so nothing is ever stuck in a category.
    return c.json(await setCategoryServer(c.var.db, pkg.id, serverId, false))
  })
  .get('/follows', async (c) => {
    const rows = await followsQuery(c.var.db, requireUser(c).id)
    return c.json(toFollowedAuthors(rows))
  })
  .get('/follows/:authorName', authorParam, async (c) => {
    const { authorName } = c.req.valid('param')
    return c.json({ authorName, following: await isFollowing(c.var.db, requireUser(c).id, authorName) })
  })
  .post('/follows/:authorName', authorParam, async (c) => {
    return c.json(await setFollow(c.var.db, requireUser(c).id, c.req.valid('param').authorName, true))
  })
  .delete('/follows/:authorName', authorParam, async (c) => {
    return c.json(await setFollow(c.var.db, requireUser(c).id, c.req.valid('param').authorName, false))
  })
