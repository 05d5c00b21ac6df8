/**
 * Sessions: a random 256-bit id lives only in the `__Host-session` cookie; D1 keeps its SHA-256
 * with an expiry, so a leaked database holds nothing that signs anyone in. Every sign-in gets a
 * new id (a cookie planted before sign-in is never promoted: no session fixation), logout deletes
 * the row, and expired rows are swept at each sign-in.
 */
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { DB } from '../db/client'
import { rateLimits, sessions, users, type UserRow } from '../db/schema'
import type { AppEnv, Bindings, Variables } from '../env'
import { sha256Hex } from './cache'
import { hostCookie, isToken, randomToken } from './tokens'

const SESSION_COOKIE = '__Host-session'
/** A session lasts 30 days from sign-in; then the user signs in again. */
const SESSION_TTL_SECONDS = 30 * 24 * 3600

/** The signed-in user as routes see it (`c.var.user`). */
export type SignedInUser = NonNullable<Variables['user']>

/**
 * Role stored by the development sign-in for a user who ticked 'admin'. It grants admin only
 * while `DEV_LOGIN` is 'true', so a local database copied anywhere else grants nothing.
 */
export const DEV_ADMIN_ROLE = 'admin'

/** The development sign-in: on only when `DEV_LOGIN` is exactly 'true' (never in wrangler.toml). */
export const devLoginEnabled = (env: Bindings) => env.DEV_LOGIN === 'true'

/** Admin by `ADMIN_LOGINS` (comma-separated GitHub logins, case-insensitive). */
function isAdminLogin(env: Bindings, login: string): boolean {
  const wanted = login.toLowerCase()
  return env.ADMIN_LOGINS.split(',').some((l) => l.trim().toLowerCase() === wanted)
}

/** The session shape of a user row; `username` is the lower-cased GitHub login. */
function toSignedInUser(env: Bindings, row: UserRow): SignedInUser {
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

const sessionHash = (id: string) => sha256Hex(id)

/** The raw session id from the cookie, when it has a session id's shape. */
export function sessionIdFrom(c: Context): string | null {
  const id = getCookie(c, SESSION_COOKIE)
  return isToken(id) ? id : null
}

async function findUser(db: DB, sessionId: string, now: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, await sessionHash(sessionId)), gt(sessions.expiresAt, now)))
    .limit(1)
  return row?.user ?? null
}

/**
 * Sets `c.var.user` from the session cookie: the user, or null for a guest, an unknown id or an
 * expired session. Needs `c.var.db`.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = sessionIdFrom(c)
  const row = id ? await findUser(c.var.db, id, new Date().toISOString()) : null
  c.set('user', row ? toSignedInUser(c.env, row) : null)
  await next()
}

/** Rate-limit windows older than this are dead weight; they are swept with expired sessions. */
const RATE_LIMIT_KEEP_SECONDS = 24 * 3600

/**
 * Signs a user in: a fresh session id (whatever cookie came with the request), its hash stored
 * with an expiry, the cookie set. The session the request carried, if any, is deleted, and
 * expired sessions and stale rate-limit windows are swept in the same batch.
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const db = c.var.db
  const now = Date.now()
  const id = randomToken()
  const previous = sessionIdFrom(c)
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now).toISOString())),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor(now / 1000) - RATE_LIMIT_KEEP_SECONDS)),
    ...(previous ? [db.delete(sessions).where(eq(sessions.idHash, await sessionHash(previous)))] : []),
    db.insert(sessions).values({
      idHash: await sessionHash(id),
      userId,
      expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
    }),
  ])
  setCookie(c, SESSION_COOKIE, id, hostCookie(SESSION_TTL_SECONDS))
}

/** Signs out: the session row is deleted on the server and the cookie cleared. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = sessionIdFrom(c)
  if (id) await c.var.db.delete(sessions).where(eq(sessions.idHash, await sessionHash(id)))
  deleteCookie(c, SESSION_COOKIE, hostCookie(0))
}
