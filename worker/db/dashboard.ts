/**
 * The dashboard and per-server statistics. The dashboard is one D1 batch of a fixed number of
 * statements, whatever the user has: lists are capped, counts come from aggregates.
 */
import { and, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Dashboard, ServerStats } from '@shared/types'
import type { DB } from './client'
import { followsQuery, toFollowedAuthors } from './follows'
import { categoriesQuery, categoryPreviewsQuery, toCategories } from './packages'
import { surfaceAlertsQuery, toSurfaceAlerts } from './scans'
import { activities, follows, packages, serverLikes, servers, serverTags } from './schema'
import { cardColumns, toCards } from './server-cards'
import { supplyAlertsQuery, toSupplyAlerts } from './supply'
import { toVerdictAlerts, verdictAlertsQuery } from './verdicts'

/** Items per Overview list of the dashboard. */
export const OVERVIEW_ITEMS = 6
/** Cards in the My Servers and Favorites tabs; the counters carry the full numbers. */
export const TAB_ITEMS = 100
export const TRENDING_TAGS = 10
export const TRENDING_DAYS = 30

const DAY_MS = 24 * 3600 * 1000

/** Midnight UTC `days` days before today's, as stored times are written. */
function dayStart(daysBefore: number): string {
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime()
  return new Date(today - daysBefore * DAY_MS).toISOString()
}

/**
 * Everything /dashboard shows, in one batch:
 * - myServers: active servers the user created or whose repository owner is the user's login;
 * - recentlyViewed: distinct active servers from the user's 'view' activity, last viewed first;
 * - recommendedServers: active servers sharing a tag with a server the user liked or viewed,
 *   not liked yet and not the user's own (those are under My Servers), most popular first (then
 *   stars);
 * - likedServers: the favourites, last liked first;
 * - trendingTags: per tag, the likes given and the (once a day per user) views recorded over the
 *   last 30 days on its active servers, busiest first; catalogue-wide, the same for everyone,
 *   and empty while nobody engages;
 * - counters: My Servers and Total Likes (summed over them), Following, Categories;
 * - surfaceAlerts: tool changes and new findings on servers the user follows, liked or keeps.
 * - supplyAlerts: new package versions of those servers scoring Medium or above.
 * - verdictAlerts: those servers' overall grade falling (db/verdicts.ts).
 */
export async function getDashboard(db: DB, user: { id: string; login: string }): Promise<Dashboard> {
  const uid = user.id
  const mine = and(eq(servers.status, 'active'), or(eq(servers.createdBy, uid), eq(servers.repoOwner, user.login)))
  const lastView = sql`max(${activities.id})`
  const seedServers = sql`SELECT ${serverLikes.serverId} FROM ${serverLikes} WHERE ${serverLikes.userId} = ${uid}
    UNION SELECT ${activities.serverId} FROM ${activities} WHERE ${activities.userId} = ${uid} AND ${activities.activityType} = 'view'`
  const since = dayStart(TRENDING_DAYS - 1)
  const engagement = sql<number>`sum(
    (SELECT count(*) FROM ${serverLikes} WHERE ${serverLikes.serverId} = ${serverTags.serverId} AND ${serverLikes.createdAt} >= ${since})
    + (SELECT count(*) FROM ${activities} WHERE ${activities.serverId} = ${serverTags.serverId} AND ${activities.activityType} = 'view' AND ${activities.createdAt} >= ${since}))`

  const [myServers, counters, viewed, recommend, liked, followed, categories, previews, trending, alerts, supply, drops] = await db.batch([
    db.select(cardColumns(uid)).from(servers).where(mine).orderBy(desc(servers.updatedAt), servers.id).limit(TAB_ITEMS),
    db
      .select({
        myServers: sql<number>`count(*)`,
        totalLikes: sql<number>`coalesce(sum(${servers.likeCount}), 0)`,
        following: sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.userId} = ${uid})`,
        categories: sql<number>`(SELECT count(*) FROM ${packages} WHERE ${packages.userId} = ${uid})`,
      })
      .from(servers)
      .where(mine),
    // The highest activity id is the latest view: a day's view row is replaced on every visit.
    db
      .select(cardColumns(uid))
      .from(activities)
      .innerJoin(servers, eq(servers.id, activities.serverId))
      .where(and(eq(activities.userId, uid), eq(activities.activityType, 'view'), eq(servers.status, 'active')))
      .groupBy(servers.id)
      .orderBy(desc(lastView))
      .limit(OVERVIEW_ITEMS),
    db
      .select(cardColumns(uid))
      .from(servers)
      .where(
        and(
          eq(servers.status, 'active'),
          sql`${servers.id} IN (SELECT ${serverTags.serverId} FROM ${serverTags} WHERE ${serverTags.tag} IN (SELECT ${serverTags.tag} FROM ${serverTags} WHERE ${serverTags.serverId} IN (${seedServers})))`,
          sql`${servers.id} NOT IN (SELECT ${serverLikes.serverId} FROM ${serverLikes} WHERE ${serverLikes.userId} = ${uid})`,
          // IS NOT is null-safe: imported servers have no creator, many have no repository owner.
          sql`${servers.createdBy} IS NOT ${uid} AND ${servers.repoOwner} IS NOT ${user.login}`,
        ),
      )
      .orderBy(desc(servers.popularity), desc(servers.stars), servers.id)
      .limit(OVERVIEW_ITEMS),
    db
      .select(cardColumns(uid))
      .from(serverLikes)
      .innerJoin(servers, eq(servers.id, serverLikes.serverId))
      .where(and(eq(serverLikes.userId, uid), eq(servers.status, 'active')))
      // The rowid orders likes given in the same millisecond.
      .orderBy(desc(serverLikes.createdAt), desc(sql`${serverLikes}.rowid`))
      .limit(TAB_ITEMS),
    followsQuery(db, uid),
    categoriesQuery(db, uid),
    categoryPreviewsQuery(db, uid),
    db
      .select({ tag: serverTags.tag, count: engagement.as('engagement') })
      .from(serverTags)
      .innerJoin(servers, and(eq(servers.id, serverTags.serverId), eq(servers.status, 'active')))
      .groupBy(serverTags.tag)
      .having(sql`engagement > 0`)
      .orderBy(sql`engagement DESC`, serverTags.tag)
      .limit(TRENDING_TAGS),
    surfaceAlertsQuery(db, uid),
    supplyAlertsQuery(db, uid),
    verdictAlertsQuery(db, uid),
  ])

  return {
    myServers: toCards(myServers),
    recentlyViewed: toCards(viewed),
    recommendedServers: toCards(recommend),
    likedServers: toCards(liked),
    followedAuthors: toFollowedAuthors(followed),
    favoriteCategories: toCategories(categories, previews),
    trendingTags: trending,
    counters: counters[0] ?? { myServers: 0, totalLikes: 0, following: 0, categories: 0 },
    surfaceAlerts: toSurfaceAlerts(alerts),
    supplyAlerts: toSupplyAlerts(supply),
    verdictAlerts: toVerdictAlerts(drops),
  }
}

const dayOf = (column: SQLiteColumn): SQL<string> => sql<string>`substr(${column}, 1, 10)`

/**
 * Views and likes of one server per UTC day over the last `window` days, today included, oldest
 * first, days without any as zeros. Views are the recorded 'view' activities (one per signed-in
 * viewer a day); likes are the likes still standing, on the day they were given.
 */
export async function getServerStats(db: DB, serverId: string, window: number): Promise<ServerStats> {
  const since = dayStart(window - 1)
  const [views, likes] = await db.batch([
    db
      .select({ date: dayOf(activities.createdAt), n: sql<number>`count(*)` })
      .from(activities)
      .where(and(eq(activities.serverId, serverId), eq(activities.activityType, 'view'), gte(activities.createdAt, since)))
      .groupBy(dayOf(activities.createdAt)),
    db
      .select({ date: dayOf(serverLikes.createdAt), n: sql<number>`count(*)` })
      .from(serverLikes)
      .where(and(eq(serverLikes.serverId, serverId), gte(serverLikes.createdAt, since)))
      .groupBy(dayOf(serverLikes.createdAt)),
  ])
  const viewsOn = new Map(views.map((r) => [r.date, r.n]))
  const likesOn = new Map(likes.map((r) => [r.date, r.n]))
  const first = new Date(since).getTime()
  const days = Array.from({ length: window }, (_, i) => {
    const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10)
    return { date, views: viewsOn.get(date) ?? 0, likes: likesOn.get(date) ?? 0 }
  })
  return { window, days }
}
