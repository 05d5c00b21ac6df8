/**
 * CSRF defence for a JSON API. `hono/csrf` only guards form content types, so every
 * state-changing request under /api must carry all of: a same-origin (or absent) Origin and no
 * cross-site Sec-Fetch-Site, `Content-Type: application/json` (a form or a no-CORS fetch from
 * another site cannot send it), an `X-Requested-With` header (likewise impossible cross-site
 * without a CORS preflight, which this API never grants), and an `X-CSRF-Token` that is an HMAC
 * of the caller's session id, or for a guest of the anonymous `__Host-anon` cookie.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { isWriteMethod } from '../lib/http-methods'
import { randomToken, safeEqual, sign } from '../lib/tokens'
import { tokenCookie } from './cookies'
import { sessionIdFrom } from './session'

const ANON_COOKIE = '__Host-anon'
const ANON_TTL_SECONDS = 365 * 24 * 3600
const CSRF_ERROR = 'CSRF token invalid'

/** The anonymous client id from its cookie, when it has a token's shape. */
export const anonIdFrom = (c: Context) => tokenCookie.read(c, ANON_COOKIE)

/** What a token is bound to: the session when signed in, else the anonymous cookie. */
function tokenSubject(c: Context<AppEnv>): string | null {
  if (c.var.user) {
    const session = sessionIdFrom(c)
    return session && `session:${session}`
  }
  const anon = anonIdFrom(c)
  return anon && `anon:${anon}`
}

/**
 * The caller's CSRF token; a guest without an anonymous cookie gets one set here. Signing in or
 * out changes the subject, so the old token stops working and the SPA refetches on the 403.
 */
export async function issueCsrfToken(c: Context<AppEnv>): Promise<string> {
  let subject = tokenSubject(c)
  if (!subject) {
    const anon = randomToken()
    tokenCookie.set(c, ANON_COOKIE, anon, ANON_TTL_SECONDS)
    subject = `anon:${anon}`
  }
  return sign(c.env, 'csrf', subject)
}

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase()

function sameOrigin(c: Context): boolean {
  const origin = c.req.header('Origin')
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return false
  const site = c.req.header('Sec-Fetch-Site')
  return site !== 'cross-site' && site !== 'same-site'
}

async function tokenValid(c: Context<AppEnv>): Promise<boolean> {
  const token = c.req.header('X-CSRF-Token')
  const subject = tokenSubject(c)
  if (!token || !subject) return false
  return safeEqual(token, await sign(c.env, 'csrf', subject))
}

/** Refuses a write that fails any of the checks above with 403 'CSRF token invalid'. */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isWriteMethod(c.req.method)) {
    const valid =
      sameOrigin(c) &&
      mediaType(c.req.header('Content-Type')) === 'application/json' &&
      !!c.req.header('X-Requested-With') &&
      (await tokenValid(c))
    if (!valid) throw new ApiError('csrf_invalid', CSRF_ERROR)
  }
  await next()
}
