/**
 * Signed-in and guest clients for Worker tests. `signIn` runs the real GitHub sign-in against
 * the fixture (no shortcut into the database), so every test exercises the same session and
 * CSRF code a browser does.
 *
 * @example
 * const alice = await signIn('alice')
 * await call(`/api/servers/${id}/like`, alice.write('POST'))              // cookie + CSRF headers
 * await json('/api/servers', alice.write('POST', { displayName: 'X' }))  // JSON body
 * await json(`/api/servers/${id}`, alice.read())                          // cookie only
 * const admin = await signIn(ADMIN_LOGIN)
 * const visitor = await guest()                                           // anonymous cookie + token
 */
import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import type { SessionUser } from '@shared/types'
import { users } from '../../worker/db/schema'
import { call, db } from './helpers'

/** A login in the tests' `ADMIN_LOGINS` (vitest.config.ts): `signIn(ADMIN_LOGIN)` is an admin. */
export const ADMIN_LOGIN = env.ADMIN_LOGINS.split(',')[0].trim()

/** `name=value` of every cookie a response sets (an empty value means it was cleared). */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim()
  }
  return out
}

/** The raw Set-Cookie line for one cookie, to check its attributes. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))
}

/** A `Cookie` header value from name/value pairs. */
export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')

export interface Client {
  /** The signed-in user as /api/auth/session gives it (null for a guest). */
  user: SessionUser | null
  /** The `Cookie` header value this client sends. */
  cookie: string
  csrfToken: string
  /** RequestInit for a read: the cookie only. */
  read(init?: RequestInit): RequestInit
  /** RequestInit for a write: cookie, JSON content type, X-Requested-With, X-CSRF-Token, and the body as JSON. */
  write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown): RequestInit
}

/** `base` with `overrides` applied by name; a header given as '' is left out. */
function mergeHeaders(base: Record<string, string>, overrides?: HeadersInit): Headers {
  const headers = new Headers(base)
  new Headers(overrides).forEach((value, name) => {
    if (value === '') headers.delete(name)
    else headers.set(name, value)
  })
  for (const [name, value] of Object.entries(base)) if (!value) headers.delete(name)
  return headers
}

/**
 * Adds what the SPA sends on every write (cookie, `Content-Type: application/json`,
 * `X-Requested-With`, `X-CSRF-Token`) to a RequestInit. Headers in `init` win, and one given as
 * '' is left out, so a test can change or drop one to see the write refused.
 * @example withCsrf(alice, { method: 'POST', headers: { Origin: 'https://evil.example' } })
 */
export function withCsrf(client: Pick<Client, 'cookie' | 'csrfToken'>, init: RequestInit = {}): RequestInit {
  const base = {
    Cookie: client.cookie,
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-CSRF-Token': client.csrfToken,
  }
  return { ...init, headers: mergeHeaders(base, init.headers) }
}

/**
 * A browser navigation (sign-in, callback, logout): redirects are returned, not followed, so a
 * test can read Location and the cookies set on the way.
 */
export function navigate(
  path: string,
  cookies: Record<string, string> | string = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const cookie = typeof cookies === 'string' ? cookies : cookieHeader(cookies)
  return call(path, { redirect: 'manual', headers: { Cookie: cookie, ...headers } })
}

async function clientFor(cookies: Record<string, string>, user: SessionUser | null): Promise<Client> {
  const res = await call('/api/csrf-token', { headers: { Cookie: cookieHeader(cookies) } })
  Object.assign(cookies, setCookies(res))
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  const cookie = cookieHeader(cookies)
  const client: Client = {
    user,
    cookie,
    csrfToken,
    read: (init = {}) => ({ ...init, headers: mergeHeaders({ Cookie: cookie }, init.headers) }),
    write: (method, body) => withCsrf(client, { method, body: body === undefined ? undefined : JSON.stringify(body) }),
  }
  return client
}

/** A guest: the anonymous cookie and its CSRF token, as the SPA gets them. */
export function guest(): Promise<Client> {
  return clientFor({}, null)
}

/**
 * Completes GitHub sign-in for `login` through the fixture: /api/login, then the callback with
 * the state it set. Returns the session cookie (and the state cookie's clearing) as cookies.
 */
export async function githubSignIn(
  login: string,
  before: Record<string, string> = {},
): Promise<{ res: Response; cookies: Record<string, string> }> {
  const start = await navigate('/api/login', before)
  const state = new URL(start.headers.get('Location')!).searchParams.get('state')!
  const cookies = { ...before, ...setCookies(start) }
  const res = await navigate(`/api/auth/callback?code=${encodeURIComponent(`good-code:${login}`)}&state=${state}`, cookies)
  const after = { ...cookies, ...setCookies(res) }
  for (const [k, v] of Object.entries(after)) if (!v) delete after[k]
  return { res, cookies: after }
}

/**
 * Signs `login` in and returns a client with its session and CSRF token. `restricted` marks the
 * account restricted, as an admin would, before the session is read.
 */
export async function signIn(login: string, opts: { restricted?: boolean } = {}): Promise<Client> {
  const { res, cookies } = await githubSignIn(login)
  if (res.headers.get('Location') !== '/' || !cookies['__Host-session'])
    throw new Error(`Sign-in of ${login} failed: ${res.headers.get('Location')}`)
  if (opts.restricted) await db().update(users).set({ role: 'restricted' }).where(eq(users.login, login.toLowerCase()))
  const session = await call('/api/auth/session', { headers: { Cookie: cookieHeader(cookies) } })
  return clientFor(cookies, (await session.json()) as SessionUser)
}
