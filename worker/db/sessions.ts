/** Sessions as D1 keeps them: only the hash of a session id, with its expiry. */
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from './client'
import { rateLimits, sessions, type UserRow, users } from './schema'

/** The statement that reads a live session's user: the first row, when the session is known and unexpired. */
function sessionUserQuery(db: DB, idHash: string, now: Date) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now.toISOString())))
    .limit(1)
}

/** The user of a live session, by the session id's hash; null when unknown or expired. */
export async function findSessionUser(db: DB, idHash: string, now: Date): Promise<UserRow | null> {
  const [row] = await sessionUserQuery(db, idHash, now)
  return row?.user ?? null
}

/**
 * Who reads, as the SQL of a read sees it: a user's id, null for a guest, or (while the session's
 * user is read in the same batch, see `withSessionLookup`) the live session's user id as a
 * subquery, which is NULL for an unknown or expired session, as for a guest.
 */
export type ViewerId = string | SQL<string | null> | null

/** The user id of the live session with this id hash, as a subquery (SQLite runs it once per statement). */
export function sessionUserId(idHash: string, now: Date): SQL<string | null> {
  return sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash} AND ${sessions.expiresAt} > ${now.toISOString()})`
}

/**
 * The client for one read whose SQL names its reader by `sessionUserId`: its first batch also
 * reads the session's user, which is handed to `settle`, so a signed-in read costs the one round
 * trip a guest's does rather than a look-up first. Every other call goes to `db` as it is.
 */
export function withSessionLookup(db: DB, idHash: string, now: Date, settle: (user: UserRow | null) => void): DB {
  let pending = true
  const batch = async (queries: BatchItem<'sqlite'>[]) => {
    pending = false
    const [found, ...results] = await db.batch([sessionUserQuery(db, idHash, now), ...queries])
    settle(found[0]?.user ?? null)
    return results
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'batch' && pending) return batch
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Rate-limit windows older than this are dead weight; they are swept with expired sessions. */
const RATE_LIMIT_KEEP_SECONDS = 24 * 3600

/**
 * Stores a new session and, in the same batch, deletes the one it replaces (if any), expired
 * sessions and stale rate-limit windows, so the tables never grow without bound.
 */
export async function createSession(
  db: DB,
  session: { idHash: string; userId: string; expiresAt: Date; replacesHash: string | null; now: Date },
): Promise<void> {
  const nowSeconds = Math.floor(session.now.getTime() / 1000)
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, session.now.toISOString())),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, nowSeconds - RATE_LIMIT_KEEP_SECONDS)),
    ...(session.replacesHash ? [db.delete(sessions).where(eq(sessions.idHash, session.replacesHash))] : []),
    db.insert(sessions).values({ idHash: session.idHash, userId: session.userId, expiresAt: session.expiresAt.toISOString() }),
  ])
}

export async function deleteSession(db: DB, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
}
