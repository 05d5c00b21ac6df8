import type { Context } from 'hono'
import type { AppEnv } from '../env'
import type { PageView } from '../lib/render/seo/pages'
import { rewriteShell } from '../lib/render/seo/rewrite'

/**
 * The paths the asset layer serves without running the Worker (wrangler.toml's
 * `run_worker_first` is every path but these): the build's hashed files and web/public's.
 * Every other path reaches the Worker first, so a page can be given its own head and a path
 * nobody serves a real 404.
 */
export const STATIC_ASSET_PATHS = ['/assets/*', '/favicon.svg'] as const

/**
 * A page of the SPA with its own head and summary: index.html from the asset binding, rewritten
 * as it streams. Guests' pages may be kept by shared caches only while they revalidate, so a
 * deleted server or a private package never lingers; signed-in pages are never stored.
 */
export async function renderPage(c: Context<AppEnv>, page: PageView, status = 200): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(new URL('/', c.req.url))
  if (!shell.ok) throw new Error(`The SPA's index.html answered ${shell.status}`)
  const cacheControl = c.var.user ? 'private, no-store' : 'public, max-age=0, must-revalidate'
  return rewriteShell(shell, page, new URL(c.req.url).origin, {
    status,
    headers: { 'Cache-Control': cacheControl, Vary: 'Cookie' },
  })
}
