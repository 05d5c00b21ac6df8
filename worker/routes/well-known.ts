/**
 * Discovery before connecting (worker/lib/render/discovery.ts; docs/mcp-endpoint.md, "Discovery"):
 * the endpoint's Server Card at `/mcp/server-card` with its media type, the same card at the two
 * paths earlier drafts used, and the catalogue documents that list it. Static documents built from
 * the request's origin: no session, no database, public and cached, readable from any origin (the
 * draft's CORS headers, its `ETag` and `If-None-Match`).
 */
import { SERVER_CARD_MEDIA_TYPE } from '@mcp-catalogue/mcp-client'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import type { AppEnv } from '../env'
import { AI_CATALOG_MEDIA_TYPE, catalogDocument, serverCard } from '../lib/render/discovery'

/** An hour, as the draft recommends: the card changes only with a deployment. */
const CACHE_CONTROL = 'public, max-age=3600'

/**
 * The draft's CORS headers (GET from anywhere, `If-None-Match` allowed, `ETag` exposed), and the
 * validator with its 304, which keeps those headers so a browser's revalidation stays readable.
 */
const discoveryHeaders = [
  cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD'],
    allowHeaders: ['Content-Type', 'If-None-Match'],
    exposeHeaders: ['ETag'],
    maxAge: 86400,
  }),
  etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'access-control-allow-origin', 'access-control-expose-headers'] }),
] as const

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin

/** `body` as JSON with `mediaType` and the public cache header. */
function document(c: Context<AppEnv>, body: unknown, mediaType: string) {
  c.header('Cache-Control', CACHE_CONTROL)
  return c.body(JSON.stringify(body), 200, { 'Content-Type': `${mediaType}; charset=utf-8` })
}

/** Mounted at `/mcp/server-card`: the card at the draft's reserved location, `<endpoint>/server-card`. */
export const serverCardRoutes = new Hono<AppEnv>()
  .use('/', ...discoveryHeaders)
  .get('/', (c) => document(c, serverCard(origin(c)), SERVER_CARD_MEDIA_TYPE))

/**
 * Mounted at `/.well-known`: the card where earlier drafts put it (as `application/json`, what the
 * clients that read those paths were written against), the MCP Catalog of the extension's earlier
 * draft and the AI Catalog it has moved to, each listing the card at `/mcp/server-card`.
 */
export const wellKnownRoutes = new Hono<AppEnv>()
  .use('*', ...discoveryHeaders)
  .get('/mcp.json', (c) => document(c, serverCard(origin(c)), 'application/json'))
  .get('/mcp/server-card.json', (c) => document(c, serverCard(origin(c)), 'application/json'))
  .get('/mcp/catalog.json', (c) => document(c, catalogDocument(origin(c), 'mcp'), 'application/json'))
  .get('/ai-catalog.json', (c) => document(c, catalogDocument(origin(c), 'ai'), AI_CATALOG_MEDIA_TYPE))
