/** Follows of authors by GitHub login (stored lower-cased, as logins are everywhere else). */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FollowedAuthor, FollowState } from '@shared/types'
import type { DB } from './client'
import { follows } from './schema'

/** The most followed authors a list shows; the dashboard counter has the full number. */
export const FOLLOWS_SHOWN = 200

/** Follows or unfollows an author (both idempotent). */
export async function setFollow(db: DB, userId: string, authorName: string, following: boolean): Promise<FollowState> {
  if (following) await db.insert(follows).values({ userId, authorName }).onConflictDoNothing()
  else await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.authorName, authorName)))
  return { authorName, following }
}

/** A user's followed authors, last followed first (the statement, for a batch). */
export function followsQuery(db: DB, userId: string) {
  return (
    db
      .select({ authorName: follows.authorName, createdAt: follows.createdAt })
      .from(follows)
      .where(eq(follows.userId, userId))
      // The rowid keeps follows of the same millisecond in the order they were made.
      .orderBy(desc(follows.createdAt), desc(sql`${follows}.rowid`))
      .limit(FOLLOWS_SHOWN)
  )
}

export function toFollowedAuthors(rows: Awaited<ReturnType<typeof followsQuery>>): FollowedAuthor[] {
  return rows.map((r) => ({ id: r.authorName, ...r }))
}

/** Whether a user follows an author (the Follow / Unfollow button on a server page). */
export async function isFollowing(db: DB, userId: string, authorName: string): Promise<boolean> {
  const [row] = await db
    .select({ authorName: follows.authorName })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.authorName, authorName)))
    .limit(1)
  return !!row
}
