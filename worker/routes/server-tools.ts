import { Hono } from 'hono'
import { serverIdParam } from '@shared/schemas'
import type { ServerToolsResponse } from '@shared/surface'
import { serverTools } from '../db/probes'
import type { AppEnv } from '../env'
import { visibleServer } from '../middleware/authz'
import { guestCache, publicCache } from '../middleware/cache'
import { validate } from '../middleware/validate'

/**
 * What a server offers, as read from the server itself: the surface shown on its Tools tab, the
 * last probes and the health over 7 and 30 days. Read like the server's page: a deleted server is
 * 404 for everyone but admins. Guests' answers are kept like the page's; a failed probe does not
 * bump the content version, so its line may show up to GUEST_CACHE_SECONDS late.
 */
export const serverToolRoutes = new Hono<AppEnv>().get('/:id/tools', guestCache(), validate('param', serverIdParam), async (c) => {
  const found = await serverTools(c.var.db, c.req.valid('param').id)
  const { answer } = visibleServer(found, c.var.user)
  publicCache(c, 30)
  return c.json<ServerToolsResponse>(answer)
})
