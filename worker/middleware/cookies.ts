import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import { isToken } from '../lib/tokens'

/**
 * Options for a `__Host-` cookie: Secure, Path=/ and no Domain (the prefix demands all three,
 * so the cookie cannot be set or shadowed by another subdomain), HttpOnly, SameSite=Lax.
 * Browsers accept Secure cookies on http://localhost and http://127.0.0.1, so local use works.
 */
function hostCookie(maxAgeSeconds: number): CookieOptions {
  return { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: maxAgeSeconds }
}

/**
 * The `__Host-` cookies that carry tokens (session, anonymous client, sign-in state): read only
 * when the value has a token's shape, so nothing else is ever looked up.
 * @example const session = tokenCookie.read(c, SESSION_COOKIE)
 */
export const tokenCookie = {
  read(c: Context, name: string): string | null {
    const value = getCookie(c, name)
    return isToken(value) ? value : null
  },
  set(c: Context, name: string, value: string, maxAgeSeconds: number) {
    setCookie(c, name, value, hostCookie(maxAgeSeconds))
  },
  clear(c: Context, name: string) {
    deleteCookie(c, name, hostCookie(0))
  },
}
