import { Hono } from 'hono'
import { featuredSchema, serverIdParam } from '@shared/schemas'
import type { FeaturedComment } from '@shared/types'
import { deactivateFeatured, getFeatured, saveFeatured } from '../db/featured'
import type { AppEnv } from '../env'
import { sanitizeFeaturedHtml } from '../lib/render/html'
import { authorizeServer, signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'

const idParam = validate('param', serverIdParam)

/**
 * The admin's featured editor for one server. The comment is sanitised here, on the way in, so
 * what is stored is what every visitor is later served.
 */
export const featuredRoutes = new Hono<AppEnv>()
  .get('/:id/featured', signedIn, idParam, async (c) => {
    const { server } = await authorizeServer(c, c.req.valid('param').id, 'feature')
    // null (not 404) when there is none yet: 404 stays 'Server not found' for the editor.
    return c.json<FeaturedComment | null>(await getFeatured(c.var.db, server.id))
  })
  .put('/:id/featured', signedIn, idParam, validate('json', featuredSchema), async (c) => {
    const { user, server } = await authorizeServer(c, c.req.valid('param').id, 'feature')
    const input = c.req.valid('json')
    const saved = await saveFeatured(
      c.var.db,
      server.id,
      {
        commentHtml: sanitizeFeaturedHtml(input.commentHtml),
        isActive: input.isActive,
        sortOrder: input.sortOrder,
        publishStartAt: input.publishStartAt,
        publishEndAt: input.publishEndAt,
      },
      user.id,
    )
    return c.json<FeaturedComment>(saved)
  })
  .delete('/:id/featured', signedIn, idParam, async (c) => {
    const { user, server } = await authorizeServer(c, c.req.valid('param').id, 'feature')
    await deactivateFeatured(c.var.db, server.id, user.id)
    return c.body(null, 204)
  })
