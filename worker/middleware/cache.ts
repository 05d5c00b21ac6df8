import type { Context, MiddlewareHandler } from 'hono'
import { contentVersion } from '../db/content-versions'
import type { AppEnv } from '../env'

const PRIVATE = 'private, no-store'

/**
 * Lets shared caches keep a read for guests; a signed-in answer (which carries isLiked) is
 * private. Vary on Cookie keeps the two apart.
 */
export function publicCache(c: Context<AppEnv>, seconds: number) {
  c.header('Vary', 'Cookie')
  c.header('Cache-Control', c.var.user ? PRIVATE : `public, max-age=${seconds}`)
}

/**
 * The one place that makes API answers private: whatever a route did not mark cacheable with
 * `publicCache` (writes, anything per user, errors) is `private, no-store`, so no route can
 * leak a personal answer into a shared cache by forgetting a header.
 */
export const privateByDefault: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', PRIVATE)
}

/**
 * The servers' content version as this isolate last read it. Guests' reads take it from here for
 * up to VERSION_MEMO_MS rather than reading D1 before every request (D1 runs one query at a time,
 * so that read cost every other request too). A write through this isolate forgets it at once,
 * so its writer and the tests see their change immediately; a write through another isolate
 * reaches this isolate's guests within VERSION_MEMO_MS.
 */
export const VERSION_MEMO_MS = 1000
let versionMemo: { version: number; readAt: number } | null = null

async function serversVersion(c: Context<AppEnv>): Promise<number> {
  const now = Date.now()
  if (versionMemo && now - versionMemo.readAt < VERSION_MEMO_MS) return versionMemo.version
  const version = await contentVersion(c.var.db, 'servers')
  versionMemo = { version, readAt: now }
  return version
}

/** Makes the next guest read ask D1 for the version (after a write through this isolate). */
export function forgetContentVersion() {
  versionMemo = null
}

/** After any write through this isolate, the next guest read asks D1 for the version again. */
export const forgetVersionAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await next()
  } finally {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetContentVersion()
  }
}

/**
 * Guests' reads of servers (lists, search, detail, README) are the same for everyone while fresh,
 * so the first one is kept in the data centre's cache and repeats skip D1 altogether (a search
 * costs two round trips, a repeat none).
 * Entries are keyed by URL and by the servers' content version, which every write guests could
 * see bumps (triggers in D1), so what a guest reads is true right after any write, for every
 * guest; the old entries simply age out. Signed-in answers carry isLiked and are never stored or
 * served from here. GUEST_CACHE_SECONDS sets the freshness (0 turns it off).
 */
export const guestCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = Number(c.env.GUEST_CACHE_SECONDS)
  if (c.var.user || !(seconds > 0)) return next()
  const key = new URL(c.req.url)
  key.searchParams.set('__content', String(await serversVersion(c)))
  const cache = await caches.open('guest-reads')
  const hit = await cache.match(key)
  if (hit) return new Response(hit.body, hit)
  await next()
  if (c.res.status === 200) {
    const stored = new Response(c.res.clone().body, c.res)
    stored.headers.set('Cache-Control', `public, max-age=${seconds}`)
    c.executionCtx.waitUntil(cache.put(key, stored))
  }
}
