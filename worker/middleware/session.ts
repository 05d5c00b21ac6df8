/**
 * Sessions: a random 256-bit id lives only in the `__Host-session` cookie; D1 keeps its SHA-256
 * with an expiry, so a leaked database holds nothing that signs anyone in. Every sign-in gets a
 * new id (a cookie planted before sign-in is never promoted: no session fixation), logout deletes
 * the row, and expired rows are swept at each sign-in.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { UserRow } from '../db/schema'
import { createSession, deleteSession, findSessionUser, sessionUserId, withSessionLookup } from '../db/sessions'
import type { AppEnv, SignedInUser } from '../env'
import { RecentMap } from '../lib/cache/recent-map'
import { sha256Hex } from '../lib/hash'
import { isWriteMethod } from '../lib/http-methods'
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
  settle(c, null)
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
 * Sets `c.var.user` and `c.var.viewer` from the session cookie: the user, or null for a guest, an
 * unknown id or an expired session. Needs `c.var.db`. On a read marked `sessionInBatch` whose
 * session this isolate has not just read, nothing is read here: the route's first batch reads the
 * user along with what it asked for (its SQL names the reader by the session), and `c.var.user`
 * is set when that batch returns.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = sessionIdFrom(c)
  if (!id) {
    settle(c, null)
    return next()
  }
  const idHash = await sha256Hex(id)
  const now = new Date()
  if (c.var.sessionInBatch && !isWriteMethod(c.req.method) && recentSession(c, idHash, now.getTime()) === undefined) {
    c.set('viewer', sessionUserId(idHash, now))
    c.set(
      'db',
      withSessionLookup(c.var.db, idHash, now, (row) => {
        settle(c, row)
        rememberSession(c, idHash, row, now.getTime())
      }),
    )
    return next()
  }
  settle(c, await sessionUser(c, idHash))
  await next()
}

/**
 * Marks a read whose SQL names its reader only through `c.var.viewer`, so the session's user can
 * be read in the route's own first batch (one round trip for a signed-in read, as for a guest's).
 * Goes before `sessionMiddleware`; writes are never marked.
 */
export const sessionInBatch: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('sessionInBatch', true)
  await next()
}

/** The user of a read marked `sessionInBatch`, once its batch has run (or read alone if none did). */
export async function settledUser(c: Context<AppEnv>): Promise<SignedInUser | null> {
  const user = c.get('user')
  if (user !== undefined) return user
  const id = sessionIdFrom(c)
  if (!id) return null
  const idHash = await sha256Hex(id)
  settle(c, await sessionUser(c, idHash))
  return c.var.user
}

/** Sets who reads, once known: the user (null for a guest) and the id their SQL names them by. */
function settle(c: Context<AppEnv>, row: UserRow | null) {
  const user = row ? toSignedInUser(c.env, row) : null
  c.set('user', user)
  c.set('viewer', user?.id ?? null)
}

/** Bounds the memo's memory: well above the distinct sessions one isolate sees in a second. */
const SESSION_MEMO_MAX = 1000
/**
 * Sessions this isolate read lately, by id hash, for reads: a page opens with several calls and a
 * visitor moves between pages within seconds; without this, each signed-in read costs a D1 round
 * trip before its own, which halves how many a database serves. `SESSION_MEMO_MS` (wrangler.toml)
 * is how long a look-up serves: a session ended through another isolate still reads for up to that
 * long there (its cookie was already cleared in the browser that ended it); writes never rely on
 * it, so nothing is changed in a session's name once it has ended.
 *
 * It holds settled rows only, never a look-up still in flight: workerd ties a pending promise to
 * the request that started it, and a request that waits on another's fails or hangs when that one
 * ends or is cancelled first. So calls made at the same moment each read their session once; the
 * ones after them read none.
 */
const sessionMemo = new RecentMap<UserRow | null>(SESSION_MEMO_MAX)

/** How long a look-up serves reads (`SESSION_MEMO_MS`); 0 or unset turns the memo off. */
const memoMs = (c: Context<AppEnv>) => Number(c.env.SESSION_MEMO_MS) || 0

/**
 * The user of the session with this id hash. A write reads D1 every time; a read takes a look-up
 * settled in the last `SESSION_MEMO_MS`, else reads D1 and keeps what it found.
 */
async function sessionUser(c: Context<AppEnv>, idHash: string): Promise<UserRow | null> {
  const now = Date.now()
  if (isWriteMethod(c.req.method)) return findSessionUser(c.var.db, idHash, new Date(now))
  const kept = recentSession(c, idHash, now)
  if (kept !== undefined) return kept
  const user = await findSessionUser(c.var.db, idHash, new Date(now))
  rememberSession(c, idHash, user, now)
  return user
}

/** A read's look-up of this session settled in the last `SESSION_MEMO_MS` (undefined when none). */
function recentSession(c: Context<AppEnv>, idHash: string, now: number): UserRow | null | undefined {
  const ms = memoMs(c)
  return ms > 0 ? sessionMemo.get(idHash, now, ms) : undefined
}

/** Keeps a read's settled look-up (made at `now`) for reads in the next `SESSION_MEMO_MS`. */
function rememberSession(c: Context<AppEnv>, idHash: string, user: UserRow | null, now: number) {
  if (memoMs(c) > 0) sessionMemo.set(idHash, user, now)
}

/**
 * Signs a user in: a fresh session id (whatever cookie came with the request), its hash stored
 * with an expiry, the cookie set. The session the request carried, if any, is deleted.
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const now = new Date()
  const id = randomToken()
  const previous = sessionIdFrom(c)
  const replacesHash = previous ? await sha256Hex(previous) : null
  await createSession(c.var.db, {
    idHash: await sha256Hex(id),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    replacesHash,
    now,
  })
  if (replacesHash) sessionMemo.delete(replacesHash)
  tokenCookie.set(c, SESSION_COOKIE, id, SESSION_TTL_SECONDS)
}

/** Signs out: the session row is deleted on the server and the cookie cleared. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = sessionIdFrom(c)
  if (id) {
    const idHash = await sha256Hex(id)
    await deleteSession(c.var.db, idHash)
    sessionMemo.delete(idHash)
  }
  tokenCookie.clear(c, SESSION_COOKIE)
}
