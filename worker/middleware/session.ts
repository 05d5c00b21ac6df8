/**
 * Sessions: a random 256-bit id lives only in the `__Host-session` cookie; D1 keeps its SHA-256
 * with an expiry, so a leaked database holds nothing that signs anyone in. Every sign-in gets a
 * new id (a cookie planted before sign-in is never promoted: no session fixation), logout deletes
 * the row, and expired rows are swept at each sign-in.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { UserRow } from '../db/schema'
import { createSession, deleteSession, findSessionUser } from '../db/sessions'
import type { AppEnv, SignedInUser } from '../env'
import { sha256Hex } from '../lib/hash'
import { randomToken } from '../lib/tokens'
import { tokenCookie } from './cookies'

const SESSION_COOKIE = '__Host-session'
/** A session lasts 30 days from sign-in; then the user signs in again. */
const SESSION_TTL_SECONDS = 30 * 24 * 3600

/**
 * For public reads that must be the same for everyone (the registry API): the session cookie is
 * not even read, so nothing in the answer can depend on who asked.
 */
export const guestView: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null)
  await next()
}

/**
 * Role stored by the development sign-in for a user who ticked 'admin'. It grants admin only
 * while `DEV_LOGIN` is 'true', so a local database copied anywhere else grants nothing.
 */
export const DEV_ADMIN_ROLE = 'admin'

/** The development sign-in: on only when `DEV_LOGIN` is exactly 'true' (never in wrangler.toml). */
export const devLoginEnabled = (env: Env) => env.DEV_LOGIN === 'true'

/** Admin by `ADMIN_LOGINS` (comma-separated GitHub logins, case-insensitive). */
function isAdminLogin(env: Env, login: string): boolean {
  const wanted = login.toLowerCase()
  return env.ADMIN_LOGINS.split(',').some((l) => l.trim().toLowerCase() === wanted)
}

/** The session shape of a user row; `username` is the lower-cased GitHub login. */
function toSignedInUser(env: Env, row: UserRow): SignedInUser {
  return {
    id: row.id,
    firstName: row.name?.trim().split(/\s+/)[0] || null,
    email: row.email,
    avatarUrl: row.avatarUrl,
    profileImageUrl: row.avatarUrl,
    username: row.login,
    isAdmin: isAdminLogin(env, row.login) || (devLoginEnabled(env) && row.role === DEV_ADMIN_ROLE),
    login: row.login,
    role: row.role,
  }
}

/** The raw session id from the cookie, when it has a session id's shape. */
export const sessionIdFrom = (c: Context) => tokenCookie.read(c, SESSION_COOKIE)

/**
 * Sets `c.var.user` from the session cookie: the user, or null for a guest, an unknown id or an
 * expired session. Needs `c.var.db`.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = sessionIdFrom(c)
  const row = id ? await findSessionUser(c.var.db, await sha256Hex(id), new Date()) : null
  c.set('user', row ? toSignedInUser(c.env, row) : null)
  await next()
}

/**
 * Signs a user in: a fresh session id (whatever cookie came with the request), its hash stored
 * with an expiry, the cookie set. The session the request carried, if any, is deleted.
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const now = new Date()
  const id = randomToken()
  const previous = sessionIdFrom(c)
  await createSession(c.var.db, {
    idHash: await sha256Hex(id),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    replacesHash: previous ? await sha256Hex(previous) : null,
    now,
  })
  tokenCookie.set(c, SESSION_COOKIE, id, SESSION_TTL_SECONDS)
}

/** Signs out: the session row is deleted on the server and the cookie cleared. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = sessionIdFrom(c)
  if (id) await deleteSession(c.var.db, await sha256Hex(id))
  tokenCookie.clear(c, SESSION_COOKIE)
}
