import { Hono } from 'hono'
import type { ServerChangesResponse, SurfaceCheckResponse } from '@shared/scan'
import { serverIdParam, surfaceCheckQuery } from '@shared/schemas'
import type { ServerToolsResponse } from '@shared/surface'
import type { AppEnv } from '../env'
import { visibleServer } from '../middleware/authz'
import { guestCache, publicCache } from '../middleware/cache'
import { validate } from '../middleware/validate'
import { probeSettings } from '../services/probing/settings'
import { serverTools } from '../services/probing/tools'
import { serverChanges, surfaceCheck } from '../services/scanning/reads'

/**
 * What a server offers, as read from the server itself: the surface shown on its Tools tab with
 * the scanner's findings, the last probes and the health over 7 and 30 days; its Changes
 * timeline; and the pinning check a client asks with a hash it computed. Read like the server's
 * page: a deleted server is 404 for everyone but admins. Guests' answers are kept like the
 * page's; a failed probe does not bump the content version, so its line may show up to
 * GUEST_CACHE_SECONDS late.
 */
export const serverToolRoutes = new Hono<AppEnv>()
  .get('/:id/tools', guestCache(), validate('param', serverIdParam), async (c) => {
    const found = await serverTools(c.var.db, c.req.valid('param').id, probeSettings(c.env).enabled)
    const { answer } = visibleServer(found, c.var.user)
    publicCache(c, 30)
    return c.json<ServerToolsResponse>(answer)
  })
  .get('/:id/changes', guestCache(), validate('param', serverIdParam), async (c) => {
    const found = await serverChanges(c.var.db, c.req.valid('param').id)
    const { entries } = visibleServer(found, c.var.user)
    publicCache(c, 30)
    return c.json<ServerChangesResponse>({ entries })
  })
  .get('/:id/surface-check', validate('param', serverIdParam), validate('query', surfaceCheckQuery), async (c) => {
    const serverId = c.req.valid('param').id
    const { hash, tool } = c.req.valid('query')
    const { answer } = visibleServer(await surfaceCheck(c.var.db, { serverId, hash, tool: tool ?? null }), c.var.user)
    publicCache(c, 30)
    return c.json<SurfaceCheckResponse>({ serverId, hash, tool: tool ?? null, ...answer })
  })
