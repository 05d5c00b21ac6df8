import { Hono } from 'hono'
import { serverIdParam } from '@shared/schemas'
import { setServerLike } from '../db/engagement'
import type { AppEnv } from '../env'
import { authorizeServer, loadServer, requireUser, serverPermissions, signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'

const idParam = validate('param', serverIdParam)

/** Signed-in actions on one server: its permissions for the caller, like and unlike. */
export const serverActionRoutes = new Hono<AppEnv>()
  .get('/:id/permissions', signedIn, idParam, async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    return c.json(serverPermissions(requireUser(c), server))
  })
  .post('/:id/like', signedIn, idParam, async (c) => {
    const { user, server } = await authorizeServer(c, c.req.valid('param').id, 'engage')
    return c.json(await setServerLike(c.var.db, user.id, server.id, true))
  })
  .delete('/:id/like', signedIn, idParam, async (c) => {
    const { user, server } = await authorizeServer(c, c.req.valid('param').id, 'engage')
    return c.json(await setServerLike(c.var.db, user.id, server.id, false))
  })
