import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createDb } from '../db/client'
import { currentRequest } from '../db/cost'
import type { AppEnv } from '../env'
import { isWriteMethod } from '../lib/http-methods'

/** The cookie that carries a writer's D1 bookmark, so their next reads see their own writes. */
export const BOOKMARK_COOKIE = '__Host-d1-bookmark'
/** How long a bookmark is carried: far longer than any replica's lag, after which any replica will do. */
const BOOKMARK_SECONDS = 10 * 60
/**
 * A bookmark as D1 writes them (hex groups joined by dashes); anything else is ignored, so a
 * cookie cannot name a constraint ('first-primary') or anything D1 would refuse.
 */
const BOOKMARK_RE = /^[0-9a-f]{8}(?:-[0-9a-f]{8,64}){1,7}$/i

/**
 * Puts the Drizzle client on the context (`c.var.db`) for everything after it, and chooses where
 * the request's statements go (D1's Sessions API, through the request's scope in worker/db/cost.ts):
 * a write to the primary; a read to the nearest replica, unless the reader carries the bookmark of
 * a write of theirs, then to a replica at least that fresh. A request that wrote hands its bookmark
 * back in a cookie. `reads` routes (the registry API, the MCP endpoint) never write: always a
 * replica, whatever the method. `primary` routes (admin work) read and write on the primary: an
 * admin deciding a review or watching a sync run reads what is there now, not what a replica has.
 */
function database(kind: 'by-method' | 'reads' | 'primary'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('db', createDb(c.env.DB))
    const request = currentRequest()
    if (!request || request.session || typeof c.env.DB.withSession !== 'function') return next()
    const bookmark = getCookie(c, BOOKMARK_COOKIE)
    const primary = kind === 'primary' || (kind === 'by-method' && isWriteMethod(c.req.method))
    request.session = c.env.DB.withSession(
      primary ? 'first-primary' : bookmark && BOOKMARK_RE.test(bookmark) ? bookmark : 'first-unconstrained',
    )
    await next()
    const after = request.session.getBookmark()
    if (request.cost.rowsWritten > 0 && after) {
      setCookie(c, BOOKMARK_COOKIE, after, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: BOOKMARK_SECONDS })
    }
  }
}

/** For routes that read and write: writes on the primary, reads on a replica. */
export const readWriteDatabase = database('by-method')
/** For routes that only read, whatever the method (JSON-RPC posts its reads): a replica. */
export const readOnlyDatabase = database('reads')
/** For admin work: the primary, reads included. */
export const primaryDatabase = database('primary')
