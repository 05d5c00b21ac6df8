/**
 * Likes and views of servers, and the popularity derived from them. Counts are recomputed from
 * the rows in the same D1 batch as the change (a batch is one transaction), so concurrent likes
 * and unlikes can never leave a count that differs from the number of rows.
 */
import { and, eq, gte, not, type SQL, sql } from 'drizzle-orm'
import type { DB } from './client'
import { activities, serverLikes, servers } from './schema'
import type { ViewerId } from './sessions'

/** Popularity is derived from likes and views; a like weighs as much as five views. */
const popularity = sql`${servers.likeCount} * 5 + ${servers.viewCount}`

/** Only servers this user liked (the Favorites view, of a list or a search). */
export function likedFilter(userId: ViewerId | undefined): SQL | undefined {
  if (!userId) return undefined
  return sql`${servers.id} IN (SELECT ${serverLikes.serverId} FROM ${serverLikes} WHERE ${serverLikes.userId} = ${userId})`
}

/** Likes or unlikes a server (idempotent) and returns the new state with the recounted total. */
export async function setServerLike(db: DB, userId: string, serverId: string, liked: boolean) {
  const mine = and(eq(serverLikes.userId, userId), eq(serverLikes.serverId, serverId))
  const [, , counted] = await db.batch([
    liked ? db.insert(serverLikes).values({ userId, serverId }).onConflictDoNothing() : db.delete(serverLikes).where(mine),
    db
      .update(servers)
      .set({ likeCount: sql`(SELECT count(*) FROM ${serverLikes} WHERE ${serverLikes.serverId} = ${serverId})` })
      .where(eq(servers.id, serverId)),
    db.update(servers).set({ popularity }).where(eq(servers.id, serverId)).returning({ likeCount: servers.likeCount }),
  ])
  return { isLiked: liked, likeCount: counted[0]?.likeCount ?? 0 }
}

/**
 * Records that a signed-in user viewed a server. A view counts once per user, server and UTC day
 * (reloading a page does not inflate popularity); the day's activity row is replaced so the
 * viewing history shows the latest visit once.
 */
export async function recordServerView(db: DB, userId: string, serverId: string) {
  const dayStart = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`
  const todays = and(
    eq(activities.userId, userId),
    eq(activities.serverId, serverId),
    eq(activities.activityType, 'view'),
    gte(activities.createdAt, dayStart),
  )
  await db.batch([
    db
      .update(servers)
      .set({ viewCount: sql`${servers.viewCount} + 1` })
      .where(and(eq(servers.id, serverId), not(sql`EXISTS (SELECT 1 FROM ${activities} WHERE ${todays})`))),
    db.update(servers).set({ popularity }).where(eq(servers.id, serverId)),
    db.delete(activities).where(todays),
    db.insert(activities).values({ userId, serverId, activityType: 'view' }),
  ])
}
