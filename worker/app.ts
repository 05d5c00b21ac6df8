import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createDb } from './db/client'
import type { AppEnv } from './env'
import { ApiError, onError } from './errors'
import { csrfProtection } from './lib/csrf'
import { writeRateLimit } from './lib/rate-limit'
import { securityHeaders } from './lib/security-headers'
import { sessionMiddleware } from './lib/session'
import { activityRoutes } from './routes/activity'
import { authRoutes } from './routes/auth'
import { featuredRoutes } from './routes/featured'
import { commentRoutes } from './routes/comments'
import { meRoutes } from './routes/me'
import { packageRoutes } from './routes/packages'
import { previewRoutes } from './routes/previews'
import { serverActionRoutes } from './routes/server-actions'
import { serverWriteRoutes } from './routes/server-writes'
import { serverRoutes } from './routes/servers'
import { tagRoutes } from './routes/tags'

/** No write needs more: the largest is a server with README text, well under this. */
export const MAX_BODY_BYTES = 64 * 1024

/** Every /api route, chained so `typeof api` carries each path for typed clients and tests. */
export const api = new Hono<AppEnv>()
  // Liveness, and the benchmark's ceiling: the cheapest route the Worker serves.
  .get('/health', (c) => c.json({ ok: true }))
  .route('/', authRoutes)
  .route('/servers', serverRoutes)
  .route('/servers', serverActionRoutes)
  .route('/servers', serverWriteRoutes)
  .route('/servers', featuredRoutes)
  .route('/', previewRoutes)
  .route('/activity', activityRoutes)
  .route('/tags', tagRoutes)
  .route('/packages', packageRoutes)
  .route('/packages', commentRoutes)
  .route('/users/me', meRoutes)

/**
 * Middleware order matters: headers wrap everything; the session needs the database; oversized
 * bodies are refused before anything reads them; CSRF is checked before a write counts against
 * the rate limit, so forged requests cannot use up someone's budget.
 */
export const app = new Hono<AppEnv>()
  .use('*', securityHeaders)
  .use('/api/*', async (c, next) => {
    c.set('db', createDb(c.env.DB))
    await next()
  })
  .use('/api/*', sessionMiddleware)
  .use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'Request body too large')
      },
    }),
  )
  .use('/api/*', csrfProtection)
  .use('/api/*', writeRateLimit)
  .route('/api', api)

app.notFound((c) => {
  // Unknown API paths are JSON 404s; any other path is the SPA, which shows its own 404.
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return c.json({ error: 'Not found' }, 404)
  if (c.env.ASSETS) return c.env.ASSETS.fetch(c.req.raw)
  return c.text('Not found', 404)
})
app.onError(onError)
