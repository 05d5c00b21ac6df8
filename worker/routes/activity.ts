import { Hono } from 'hono'
import { trackActivitySchema } from '@shared/schemas'
import { recordServerView } from '../db/engagement'
import type { AppEnv } from '../env'
import { authorizeServer, signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'

/** Activity of the signed-in user; a server detail view is the one kind recorded. */
export const activityRoutes = new Hono<AppEnv>().post('/track', signedIn, validate('json', trackActivitySchema), async (c) => {
  const { serverId } = c.req.valid('json')
  const { user, server } = await authorizeServer(c, serverId, 'engage')
  await recordServerView(c.var.db, user.id, server.id)
  return c.body(null, 204)
})
