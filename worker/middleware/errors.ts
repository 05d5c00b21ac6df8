import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody, ErrorCode } from '@shared/types'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { notFoundPage } from '../lib/render/seo/pages'
import { renderPage } from './pages'

/** Codes for the statuses Hono's own middleware throws (a malformed JSON body is its 400). */
const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_json',
  401: 'auth_required',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
}

const errorBody = (error: string, code: ErrorCode, issues?: ApiErrorBody['issues']): ApiErrorBody =>
  issues ? { error, code, issues } : { error, code }

/**
 * The only place an error becomes a response. Only unexpected failures are logged, and never
 * shown: a 500 carries no stack trace.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return c.json(errorBody(err.message, err.code, err.issues), err.status)
  if (err instanceof HTTPException && err.status < 500) {
    return c.json(errorBody(err.message || 'Request failed', HTTP_EXCEPTION_CODES[err.status] ?? 'invalid_input'), err.status)
  }
  console.error(err)
  return c.json(errorBody('Internal server error', 'internal'), 500)
}

/**
 * The Worker's own interfaces, which are not pages of the SPA: the SPA's API, the registry API (and each package's),
 * feeds, sitemaps, robots.txt, the MCP endpoint and its Server Card (an unknown path under them is
 * a JSON 404). Every other path the Worker answers is a page of the SPA (the security sweep checks
 * every route is one or the other).
 */
export const WORKER_PATHS = [
  '/api/*',
  '/v0.1/*',
  '/registry/*',
  '/feeds/*',
  '/sitemaps/*',
  '/sitemap.xml',
  '/robots.txt',
  '/mcp/*',
  '/.well-known/*',
] as const

/** Whether a path is one of WORKER_PATHS: `/x/*` covers `/x` and everything under it; others are exact. */
export const isWorkerPath = (path: string) =>
  WORKER_PATHS.some((p) => (p.endsWith('/*') ? path === p.slice(0, -2) || path.startsWith(p.slice(0, -1)) : path === p))

/**
 * Unknown Worker paths are JSON 404s; any other path is the SPA's own not-found page, with the
 * status that says so (crawlers take a 200 there for a page).
 */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  if (isWorkerPath(c.req.path)) return c.json(errorBody('Not found', 'not_found'), 404)
  if (c.env.ASSETS && (c.req.method === 'GET' || c.req.method === 'HEAD')) return renderPage(c, notFoundPage(c.req.path), 404)
  return c.text('Not found', 404)
}
