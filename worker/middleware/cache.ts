import type { Context, MiddlewareHandler } from 'hono'
import { contentVersion } from '../db/content-versions'
import type { AppEnv } from '../env'
import { AnswerMemo, type KeptAnswer } from '../lib/cache/answer-memo'
import { cacheKeys } from '../lib/cache/kv-cache'
import { isWriteMethod } from '../lib/http-methods'

const PRIVATE = 'private, no-store'

/**
 * Lets shared caches keep a read for guests; a signed-in answer (which carries isLiked) is
 * private, and so is one whose reader was never settled (a session cookie no batch looked up).
 * Vary on Cookie keeps the two apart.
 */
export function publicCache(c: Context<AppEnv>, seconds: number) {
  c.header('Vary', 'Cookie')
  c.header('Cache-Control', c.get('user') === null ? `public, max-age=${seconds}` : PRIVATE)
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
    if (isWriteMethod(c.req.method)) forgetContentVersion()
  }
}

/**
 * Guests' answers this isolate keeps: enough for the reads most visitors make in a burst (the first
 * pages of each sort, the servers being shared around), within a small part of an isolate's memory.
 */
const guestAnswers = new AnswerMemo(1000, 8 * 1024 * 1024)

/**
 * Guests' reads of servers (lists, search, detail, README, the registry API, sitemaps, pages) are
 * the same for everyone while fresh, so they are kept and repeats skip D1 altogether.
 * Entries are keyed by URL and by the servers' content version, which every write guests could
 * see bumps (triggers in D1), so what a guest reads is true right after any write, for every
 * guest; the old entries simply age out. Signed-in answers carry isLiked and are never stored or
 * served from here. GUEST_CACHE_SECONDS sets the freshness (0 turns it off).
 *
 * Two places keep them. This isolate's memory is asked first, and costs nothing to ask, so a
 * first visit (a URL nobody asked for lately, which is most of them) pays nothing for the cache.
 * With `shared`, the data centre's cache (the Cache API) is asked next, so other isolates' work
 * is reused; asking it is a round trip of its own, about what one D1 read costs, so it is only
 * for answers that cost more than that (searches, READMEs, the registry's pages of 100, sitemaps).
 * An answer is handed to it on its second request in this isolate, not its first: most URLs are
 * asked once, and storing each would cost every first visit a write that nobody reads.
 */
export function guestCache(opts: { shared?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const seconds = Number(c.env.GUEST_CACHE_SECONDS)
    // Only a known guest: a session cookie whose user a route's batch will read is not one.
    if (c.var.viewer !== null || !(seconds > 0)) return next()
    const url = new URL(c.req.url)
    url.searchParams.set('__content', String(await serversVersion(c)))
    const key = url.toString()
    const now = Date.now()
    const kept = guestAnswers.get(key, now)
    if (kept) {
      if (opts.shared && !kept.shared) {
        kept.shared = true
        c.executionCtx.waitUntil(caches.open(SHARED_CACHE).then((cache) => cache.put(key, answerFrom(kept, seconds))))
      }
      return answerFrom(kept)
    }
    const cache = opts.shared ? await caches.open(SHARED_CACHE) : null
    const hit = await cache?.match(key)
    if (hit) {
      const body = await hit.arrayBuffer()
      keep(key, hit, body, now + seconds * 1000, true)
      return new Response(body, hit)
    }
    await next()
    if (c.res.status === 200) {
      const res = c.res.clone()
      c.executionCtx.waitUntil(res.arrayBuffer().then((buf) => keep(key, res, buf, now + seconds * 1000, false)))
    }
  }
}

const SHARED_CACHE = 'guest-reads'

function keep(key: string, res: Response, body: ArrayBuffer, expiresAt: number, shared: boolean) {
  guestAnswers.set(key, { status: res.status, headers: new Headers(res.headers), body, expiresAt, shared })
}

/** A kept answer as a response; for the shared cache, with the freshness it may be kept for. */
function answerFrom(kept: KeptAnswer, sharedSeconds?: number): Response {
  const res = new Response(kept.body, { status: kept.status, headers: kept.headers })
  if (sharedSeconds) res.headers.set('Cache-Control', `public, max-age=${sharedSeconds}`)
  return res
}

/** Empties this isolate's kept answers, as a new isolate starts (the tests of the shared cache). */
export function forgetGuestAnswers() {
  guestAnswers.clear()
}

/**
 * Drops what a write to a server made stale in KV: tag and category counts, and the README
 * rendered from the old source. The write itself is already saved, so a KV failure (e.g. its
 * one-write-per-second-per-key limit) must not turn it into an error: the entries' TTLs bound how
 * long they stay stale.
 */
export async function invalidate(c: Context<AppEnv>, serverId: string, changed: { tags?: boolean; readme?: boolean }) {
  await Promise.all([
    // Every listing has categories, and an edit of its words may move them: counts are cheap to redo.
    c.env.CACHE.delete(cacheKeys.categories()),
    changed.tags ? c.env.CACHE.delete(cacheKeys.tags()) : null,
    changed.readme ? c.env.CACHE.delete(cacheKeys.readme(serverId)) : null,
  ]).catch((err) => console.warn('cache invalidation failed', err))
}
