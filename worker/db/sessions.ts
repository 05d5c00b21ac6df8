/** Sessions as D1 keeps them: only the hash of a session id, with its expiry. */
import { and, eq, gt, lt } from 'drizzle-orm'
import type { DB } from './client'
import { rateLimits, sessions, type UserRow, users } from './schema'

/** The user of a live session, by the session id's hash; null when unknown or expired. */
export async function findSessionUser(db: DB, idHash: string, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now.toISOString())))
    .limit(1)
  return row?.user ?? null
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
