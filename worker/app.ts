import { Hono } from 'hono'
import { createDb } from './db/client'
import type { AppEnv } from './env'
import { onError } from './errors'
import { securityHeaders } from './lib/security-headers'
import { packageRoutes } from './routes/packages'
import { serverRoutes } from './routes/servers'
import { tagRoutes } from './routes/tags'

/** Every /api route, chained so `typeof api` carries each path for typed clients and tests. */
export const api = new Hono<AppEnv>()
  // Liveness, and the benchmark's ceiling: the cheapest route the Worker serves.
  .get('/health', (c) => c.json({ ok: true }))
  .route('/servers', serverRoutes)
  .route('/tags', tagRoutes)
  .route('/packages', packageRoutes)

export const app = new Hono<AppEnv>()
  .use('*', securityHeaders)
  .use('/api/*', async (c, next) => {
    c.set('db', createDb(c.env.DB))
    c.set('user', null)
    await next()
  })
  .route('/api', api)

app.notFound((c) => {
  // Unknown API paths are JSON 404s; any other path is the SPA, which shows its own 404.
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return c.json({ error: 'Not found' }, 404)
  if (c.env.ASSETS) return c.env.ASSETS.fetch(c.req.raw)
  return c.text('Not found', 404)
})
app.onError(onError)
