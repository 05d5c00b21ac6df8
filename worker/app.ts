import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { MCP_PATH } from '@shared/mcp-endpoint'
import type { AppEnv } from './env'
import { SERVER_CARD_PATH } from './lib/render/discovery'
import { jsonDepthLimit, limitBody, settleBody } from './middleware/body'
import { forgetVersionAfterWrites, privateByDefault } from './middleware/cache'
import { csrfProtection } from './middleware/csrf'
import { primaryDatabase, readOnlyDatabase, readWriteDatabase } from './middleware/database'
import { notFound, onError } from './middleware/errors'
import { writeRateLimit } from './middleware/rate-limit'
import { securityHeaders } from './middleware/security-headers'
import { guestView, sessionMiddleware } from './middleware/session'
import { activityRoutes } from './routes/activity'
import { authRoutes } from './routes/auth'
import { categoryRoutes } from './routes/categories'
import { commentRoutes } from './routes/comments'
import { declaredSurfaceRoutes } from './routes/declared-surface'
import { featuredRoutes } from './routes/featured'
import { feedRoutes } from './routes/feeds'
import { mcpRoutes } from './routes/mcp'
import { meRoutes } from './routes/me'
import { packageReadsInBatch, packageRoutes } from './routes/packages'
import { pageRoutes } from './routes/pages'
import { previewImageRoutes } from './routes/preview-images'
import { previewRoutes } from './routes/previews'
import { probeRoutes } from './routes/probes'
import { packageRegistryRoutes, registryRoutes } from './routes/registry'
import { rescanRoutes } from './routes/rescans'
import { reviewRoutes } from './routes/review'
import { RUNNER_PATH, runnerRoutes } from './routes/runner'
import { securityRoutes } from './routes/security'
import { serverActionRoutes } from './routes/server-actions'
import { serverToolRoutes } from './routes/server-tools'
import { serverWriteRoutes } from './routes/server-writes'
import { serverReadsInBatch, serverRoutes } from './routes/servers'
import { sitemapRoutes } from './routes/sitemaps'
import { syncRoutes } from './routes/sync'
import { tagRoutes } from './routes/tags'
import { serverCardRoutes, wellKnownRoutes } from './routes/well-known'

/** No write needs more: the largest is a server with README text, well under this. */
export const MAX_BODY_BYTES = 64 * 1024

/** Every /api route, chained so `typeof api` carries each path for the SPA's typed client and tests. */
export const api = new Hono<AppEnv>()
  // Liveness, and the benchmark's ceiling: the cheapest route the Worker serves.
  .get('/health', (c) => c.json({ ok: true }))
  .route('/', authRoutes)
  .route('/servers', serverRoutes)
  .route('/servers', serverActionRoutes)
  .route('/servers', serverWriteRoutes)
  .route('/servers', featuredRoutes)
  .route('/servers', serverToolRoutes)
  .route('/servers', declaredSurfaceRoutes)
  .route('/', previewRoutes)
  .route('/activity', activityRoutes)
  .route('/tags', tagRoutes)
  .route('/categories', categoryRoutes)
  .route('/packages', packageRoutes)
  .route('/packages', commentRoutes)
  .route('/users/me', meRoutes)
  .route('/admin/sync', syncRoutes)
  .route('/admin/probes', probeRoutes)
  .route('/admin/review', reviewRoutes)
  .route('/admin/rescans', rescanRoutes)
  .route('/security', securityRoutes)

/**
 * Middleware order matters (for /api): every body is settled last (whatever answered); headers wrap
 * everything; the session needs the database; oversized bodies are refused before anything reads
 * them; CSRF is checked before a write counts against the rate limit, so forged requests cannot
 * use up someone's budget; only then is a body read, and over-deep JSON refused.
 */
export const app = new Hono<AppEnv>()
  .use('*', settleBody)
  .use('*', securityHeaders)
  .use('/api/*', privateByDefault)
  .use('/api/*', forgetVersionAfterWrites)
  .use('/api/admin/*', primaryDatabase)
  .use('/api/*', readWriteDatabase)
  // The busiest reads name their reader in their own SQL, so a signed-in one reads its session in
  // the same round trip (one D1 call, as for a guest) instead of a look-up first: their routes
  // mark which, here, before the session middleware.
  .route('/api/servers', serverReadsInBatch)
  .route('/api/packages', packageReadsInBatch)
  // The probe runner is no browser: a bearer token, no cookies, so no session and no CSRF token;
  // its routes answer before the chain below and bring their own size, rate and depth limits.
  .route(RUNNER_PATH, runnerRoutes)
  .use('/api/*', sessionMiddleware)
  .use('/api/*', limitBody(MAX_BODY_BYTES))
  .use('/api/*', csrfProtection)
  .use('/api/*', writeRateLimit)
  .use('/api/*', jsonDepthLimit)
  .route('/api', api)
  // The registry API is read by registry clients from anywhere: public, no credentials, no session.
  .use('/v0.1/*', privateByDefault)
  .use('/v0.1/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 }))
  .use('/v0.1/*', readOnlyDatabase)
  .use('/v0.1/*', guestView)
  .route('/v0.1', registryRoutes)
  // Each package as a registry (the same API, scoped): likewise public to any origin, no session;
  // a private package's answers (its secret link) are marked private there (routes/registry.ts).
  .use('/registry/*', privateByDefault)
  .use('/registry/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 }))
  .use('/registry/*', readOnlyDatabase)
  .use('/registry/*', guestView)
  .route('/registry', packageRegistryRoutes)
  // The MCP endpoint is for AI clients anywhere: a guest's view, no session read, no cookie set,
  // no CSRF token (it changes nothing); its size, depth and rate limits are its own (routes/mcp.ts).
  .use(MCP_PATH, privateByDefault, readOnlyDatabase, guestView)
  .route(MCP_PATH, mcpRoutes)
  // Discovery before connecting: the endpoint's Server Card and the catalogues listing it (routes/well-known.ts).
  .route(SERVER_CARD_PATH, serverCardRoutes)
  .route('/.well-known', wellKnownRoutes)
  // Feeds, sitemaps and robots.txt are for readers and crawlers: public, no session read.
  .use('/feeds/*', privateByDefault, readOnlyDatabase, guestView)
  .route('/feeds', feedRoutes)
  .use('/sitemap.xml', privateByDefault, readOnlyDatabase, guestView)
  .use('/sitemaps/*', privateByDefault, readOnlyDatabase, guestView)
  .route('/', sitemapRoutes)
  .route('/og', previewImageRoutes)
  // The SPA's pages: the Worker runs first for every path but the static files (wrangler.toml).
  .route('/', pageRoutes)

app.notFound(notFound)
app.onError(onError)
