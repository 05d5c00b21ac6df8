import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { setServerLike } from '../db/engagement'
import type { AppEnv } from '../env'
import { validationHook } from '../errors'
import { loadServer, requireUser, serverPermissions, signedIn } from '../lib/authz'
import { serverIdParam } from '../schemas'

const idParam = zValidator('param', serverIdParam, validationHook)

/** Signed-in actions on one server: its permissions for the caller, like and unlike. */
export const serverActionRoutes = new Hono<AppEnv>()
  .get('/:id/permissions', signedIn, idParam, async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    c.header('Cache-Control', 'private, no-store')
    return c.json(serverPermissions(requireUser(c), server))
  })
  .post('/:id/like', signedIn, idParam, async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    return c.json(await setServerLike(c.var.db, requireUser(c).id, server.id, true))
  })
  .delete('/:id/like', signedIn, idParam, async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    return c.json(await setServerLike(c.var.db, requireUser(c).id, server.id, false))
  })
