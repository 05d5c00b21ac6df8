import { Hono } from 'hono'
import { LIMITS } from '@shared/limits'
import { authorNameParam, categorySchema, categoryServerParam, packageIdParam, serverIdParam, statsQuery } from '@shared/schemas'
import { getDashboard, getServerStats } from '../db/dashboard'
import { followsQuery, isFollowing, setFollow, toFollowedAuthors } from '../db/follows'
import { categoryServers, createCategory, setCategoryServer, userCategories } from '../db/packages'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { authorizePackage, authorizeServer, requireUser, signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'

const authorParam = validate('param', authorNameParam)

/**
 * The signed-in user's own things, under /api/users/me: dashboard, server statistics,
 * categories and follows. Every route needs a session.
 */
export const meRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/dashboard', async (c) => {
    return c.json(await getDashboard(c.var.db, requireUser(c)))
  })
  .get('/servers/:id/stats', validate('param', serverIdParam), validate('query', statsQuery), async (c) => {
    const { server } = await authorizeServer(c, c.req.valid('param').id, 'stats')
    return c.json(await getServerStats(c.var.db, server.id, c.req.valid('query').window))
  })
  .get('/categories', async (c) => {
    return c.json(await userCategories(c.var.db, requireUser(c).id))
  })
  .post('/categories', validate('json', categorySchema), async (c) => {
    return c.json(await createCategory(c.var.db, requireUser(c).id, c.req.valid('json')), 201)
  })
  .get('/categories/:id/servers', validate('param', packageIdParam), async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
    return c.json(await categoryServers(c.var.db, pkg.id, pkg.userId))
  })
  .post('/categories/:categoryId/servers/:serverId', validate('param', categoryServerParam), async (c) => {
    const { categoryId, serverId } = c.req.valid('param')
    const pkg = await authorizePackage(c, categoryId, 'manage')
    const { server } = await authorizeServer(c, serverId, 'engage')
    if (pkg.serverCount >= LIMITS.categoryServers) {
      throw new ApiError('conflict', `A category holds at most ${LIMITS.categoryServers} servers`)
    }
    return c.json(await setCategoryServer(c.var.db, pkg.id, server.id, true))
  })
  .delete('/categories/:categoryId/servers/:serverId', validate('param', categoryServerParam), async (c) => {
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
