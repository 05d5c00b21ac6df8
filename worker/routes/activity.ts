import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordServerView } from '../db/engagement'
import type { AppEnv } from '../env'
import { validationHook } from '../errors'
import { loadServer, requireUser, signedIn } from '../lib/authz'
import { serverIdParam } from '../schemas'

const trackInput = z.object({
  serverId: serverIdParam.shape.id,
  activityType: z.enum(['view']),
})

/** Activity of the signed-in user; a server detail view is the one kind recorded. */
export const activityRoutes = new Hono<AppEnv>().post('/track', signedIn, zValidator('json', trackInput, validationHook), async (c) => {
  const { serverId } = c.req.valid('json')
  const server = await loadServer(c, serverId)
  await recordServerView(c.var.db, requireUser(c).id, server.id)
  return c.body(null, 204)
})
