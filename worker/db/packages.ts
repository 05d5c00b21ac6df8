/**
 * Package (category) queries. The counts the lists sort on (likes, views, servers) are
 * denormalised and rewritten in the same D1 batch as the rows they count (a batch is one
 * transaction), together with the ranking score that depends on them.
 */
import { and, asc, desc, eq, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PackageSort } from '@shared/limits'
import type { CategoryServerState, CategorySummary, PackageDetail, PackageLikeState, PackageList, PackageSummary } from '@shared/types'
import { registryPathOf } from '../lib/package-registry'
import { batchOf } from './batch'
import type { DB } from './client'
import { packagePinsQuery } from './package-registry'
import { pageInfo, pageOffset } from './paging'
import { packageCounts, packageLikes, packageServers, packages, packageViews, servers, users } from './schema'
import { cardColumns, toCards } from './server-cards'
import type { ViewerId } from './sessions'

export type PackageRow = typeof packages.$inferSelect

/** One package's row, public or not (authorization decides who may see it). */
export async function findPackage(db: DB, id: string): Promise<PackageRow | null> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1)
  return row ?? null
}

type Expr = SQL | SQLiteColumn

/**
 * The ranking score, 'Trending' on /packages:
 *
 *     rankingScore = (3 × likes + 0.2 × views + 1 × servers) / (1 + ageDays / 30) ^ 1.2
 *
 * `ageDays` runs from the package's creation. A like weighs as much as fifteen views (it takes an
 * account and intent; a view only a visit, and views are counted once per visitor a day), each
 * server adds one point so a fuller collection edges ahead of an empty one, and the divisor halves
 * a score after about 23 days and divides it by about 5 after 90, so new packages can overtake
 * old favourites without the old ones dropping out.
 *
 * The score is stored in `packages.ranking_score` and rewritten by every write that changes an
 * input (like, unlike, a counted view, adding or removing a server, publishing and the other
 * owner changes), never per request, so `/api/packages` sorts on an index. The age is therefore
 * taken as of the package's last such event: lists are ordered by the stored score.
 */
function rankingScoreSql(inputs: { likes?: Expr; views?: Expr; servers?: Expr } = {}): SQL {
  const { likes = packages.likeCount, views = packages.viewCount, servers: count = packages.serverCount } = inputs
  const ageDays = sql`max(0.0, julianday('now') - julianday(${packages.createdAt}))`
  return sql`(${likes} * 3.0 + ${views} * 0.2 + ${count} * 1.0) / pow(1.0 + ${ageDays} / 30.0, 1.2)`
}

/** Likes of the package being updated, counted from the rows. */
const likeCountSql = sql<number>`(SELECT count(*) FROM ${packageLikes} WHERE ${packageLikes.packageId} = ${packages.id})`

/** Servers of the package being updated that still exist for visitors (not soft-deleted). */
const serverCountSql = sql<number>`(SELECT count(*) FROM ${packageServers} INNER JOIN ${servers} ON ${servers.id} = ${packageServers.serverId} WHERE ${packageServers.packageId} = ${packages.id} AND ${servers.status} <> 'deleted')`

const now = () => new Date().toISOString()

/** The summary of packages as `userId` sees them (isLiked), with the owner's name and avatar. */
function summaryQuery(db: DB, userId: ViewerId) {
  return db
    .select({
      id: packages.id,
      name: packages.name,
      description: packages.description,
      isPublic: packages.isPublic,
      recommendationMessage: packages.recommendationMessage,
      likeCount: packages.likeCount,
      viewCount: packages.viewCount,
      rankingScore: packages.rankingScore,
      serverCount: packages.serverCount,
      createdAt: packages.createdAt,
      updatedAt: packages.updatedAt,
      isLiked: sql<number>`EXISTS (SELECT 1 FROM ${packageLikes} WHERE ${packageLikes.userId} = ${userId} AND ${packageLikes.packageId} = ${packages.id})`,
      username: users.login,
      avatarUrl: users.avatarUrl,
    })
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number]

function toPackageSummary({ username, avatarUrl, isLiked, ...p }: SummaryRow): PackageSummary {
  return { ...p, isLiked: !!isLiked, user: username ? { username, avatarUrl } : null }
}

const SORT_ORDER: Record<PackageSort, Expr[]> = {
  ranking: [desc(packages.rankingScore), packages.id],
  likes: [desc(packages.likeCount), packages.id],
  updated: [desc(packages.updatedAt), packages.id],
  created: [desc(packages.createdAt), packages.id],
}

/** One page of public packages; the page and the total (kept by triggers) in one batch. */
export async function listPackages(
  db: DB,
  opts: { sortBy: PackageSort; page: number; limit: number; userId: ViewerId },
): Promise<PackageList> {
  const [rows, count] = await db.batch([
    summaryQuery(db, opts.userId)
      .where(eq(packages.isPublic, true))
      .orderBy(...SORT_ORDER[opts.sortBy])
      .limit(opts.limit)
      .offset(pageOffset(opts)),
    db.select({ n: packageCounts.n }).from(packageCounts).where(eq(packageCounts.isPublic, true)),
  ])
  return { packages: rows.map(toPackageSummary), ...pageInfo(count[0]?.n ?? 0, opts) }
}

/** Public packages by ranking score, best first (the landing asks for five). */
export async function topPackages(db: DB, limit: number, userId: string | null): Promise<PackageSummary[]> {
  const rows = await summaryQuery(db, userId)
    .where(eq(packages.isPublic, true))
    .orderBy(...SORT_ORDER.ranking)
    .limit(limit)
  return rows.map(toPackageSummary)
}

// The rowid breaks ties between servers added in the same millisecond, in the order they were added.
const addedOrder = [packageServers.addedAt, sql`${packageServers}.rowid`] as const

/** Every server of a package that visitors may still see, as cards, in the order they were added. */
function packageCardsQuery(db: DB, packageId: string, userId: string | null) {
  return db
    .select(cardColumns(userId))
    .from(packageServers)
    .innerJoin(servers, eq(servers.id, packageServers.serverId))
    .where(and(eq(packageServers.packageId, packageId), ne(servers.status, 'deleted')))
    .orderBy(...addedOrder)
}

/**
 * A package page: the summary, all its servers and the versions their owner pinned, in one batch,
 * with the visit counted first in the same batch when `visitorHash` says whose it is (so the page
 * shows it, in one round trip). `registryKey` is the secret of its registry link, for its owner
 * (lib/package-registry.ts): a private package's registry path is theirs alone.
 */
export async function getPackageDetail(
  db: DB,
  pkg: PackageRow,
  userId: string | null,
  visitorHash: string | null = null,
  registryKey: string | null = null,
): Promise<PackageDetail> {
  const [, , summary, cards, pins] = await batchOf(db, [
    ...(visitorHash ? viewStatements(db, pkg.id, visitorHash) : ([null, null] as const)),
    summaryQuery(db, userId).where(eq(packages.id, pkg.id)),
    packageCardsQuery(db, pkg.id, userId),
    packagePinsQuery(db, pkg.id),
  ] as const)
  const isOwner = pkg.userId === userId
  return {
    ...toPackageSummary(summary[0]),
    servers: toCards(cards),
    isOwner,
    registryPath: registryPathOf(pkg, isOwner ? registryKey : null),
    pins: Object.fromEntries(pins.flatMap((p) => (p.version === null ? [] : [[p.serverId, p.version]]))),
  }
}

/** A category's servers for its owner (the whole list, not the first three). */
export async function categoryServers(db: DB, packageId: string, userId: string) {
  return toCards(await packageCardsQuery(db, packageId, userId))
}

/**
 * The statements that count a view unless this visitor (an opaque key) already viewed the package
 * today (UTC): the count, the score and the view row change together, and the count moves only
 * when the row is new.
 */
function viewStatements(db: DB, packageId: string, visitorHash: string) {
  const day = now().slice(0, 10)
  const seen = sql`EXISTS (SELECT 1 FROM ${packageViews} WHERE ${packageViews.packageId} = ${packageId} AND ${packageViews.visitorHash} = ${visitorHash} AND ${packageViews.day} = ${day})`
  const views = sql`${packages.viewCount} + 1`
  return [
    db
      .update(packages)
      .set({ viewCount: views, rankingScore: rankingScoreSql({ views }) })
      .where(and(eq(packages.id, packageId), sql`NOT ${seen}`)),
    db.insert(packageViews).values({ packageId, visitorHash, day }).onConflictDoNothing(),
  ] as const
}

/** Likes or unlikes a package (idempotent) and returns the state with the recounted total. */
export async function setPackageLike(db: DB, userId: string, packageId: string, liked: boolean): Promise<PackageLikeState> {
  const mine = and(eq(packageLikes.userId, userId), eq(packageLikes.packageId, packageId))
  const [, counted] = await db.batch([
    liked ? db.insert(packageLikes).values({ userId, packageId }).onConflictDoNothing() : db.delete(packageLikes).where(mine),
    db
      .update(packages)
      .set({ likeCount: likeCountSql, rankingScore: rankingScoreSql({ likes: likeCountSql }) })
      .where(eq(packages.id, packageId))
      .returning({ likeCount: packages.likeCount }),
  ])
  return { isLiked: liked, likeCount: counted[0]?.likeCount ?? 0 }
}

/** Creates a private category for its owner. */
export async function createCategory(db: DB, userId: string, input: { name: string; description?: string }): Promise<PackageSummary> {
  const id = crypto.randomUUID()
  const [, rows] = await db.batch([
    db.insert(packages).values({ id, userId, name: input.name, description: input.description ?? null }),
    summaryQuery(db, userId).where(eq(packages.id, id)),
  ])
  return toPackageSummary(rows[0])
}

/** An owner's change of visibility or recommendation message; the score is refreshed with it. */
export async function updatePackage(
  db: DB,
  packageId: string,
  userId: string,
  change: { isPublic: boolean } | { recommendationMessage: string | null },
): Promise<PackageSummary> {
  const [, rows] = await db.batch([
    db
      .update(packages)
      .set({ ...change, updatedAt: now(), rankingScore: rankingScoreSql() })
      .where(eq(packages.id, packageId)),
    summaryQuery(db, userId).where(eq(packages.id, packageId)),
  ])
  return toPackageSummary(rows[0])
}

/** Adds a server to a category or removes it (both idempotent), recounting in the same batch. */
export async function setCategoryServer(db: DB, packageId: string, serverId: string, inCategory: boolean): Promise<CategoryServerState> {
  const row = and(eq(packageServers.packageId, packageId), eq(packageServers.serverId, serverId))
  const [, counted] = await db.batch([
    inCategory ? db.insert(packageServers).values({ packageId, serverId }).onConflictDoNothing() : db.delete(packageServers).where(row),
    db
      .update(packages)
      .set({ serverCount: serverCountSql, rankingScore: rankingScoreSql({ servers: serverCountSql }), updatedAt: now() })
      .where(eq(packages.id, packageId))
      .returning({ serverCount: packages.serverCount }),
  ])
  return { inCategory, serverCount: counted[0]?.serverCount ?? 0 }
}

/**
 * The statement that recounts every package holding a server, for the batch that soft-deletes or
 * restores it: a deleted server leaves the package pages and their server counts.
 * @example await db.batch([db.update(servers).set({ status: 'deleted' }).where(...), refreshPackagesOfServer(db, id)])
 */
export function refreshPackagesOfServer(db: DB, serverId: string) {
  return db
    .update(packages)
    .set({ serverCount: serverCountSql, rankingScore: rankingScoreSql({ servers: serverCountSql }) })
    .where(
      sql`${packages.id} IN (SELECT ${packageServers.packageId} FROM ${packageServers} WHERE ${packageServers.serverId} = ${serverId})`,
    )
}

/** A user's categories, last updated first (the statement, for the dashboard's batch). */
export function categoriesQuery(db: DB, userId: string) {
  return summaryQuery(db, userId).where(eq(packages.userId, userId)).orderBy(desc(packages.updatedAt), packages.id)
}

/** The first three servers of each of a user's categories, in one statement. */
export function categoryPreviewsQuery(db: DB, userId: string) {
  const ranked = db
    .select({
      ...cardColumns(userId),
      packageId: packageServers.packageId,
      position: sql<number>`row_number() OVER (PARTITION BY ${packageServers.packageId} ORDER BY ${sql.join([...addedOrder], sql`, `)})`.as(
        'position',
      ),
    })
    .from(packageServers)
    .innerJoin(servers, eq(servers.id, packageServers.serverId))
    .innerJoin(packages, eq(packages.id, packageServers.packageId))
    .where(and(eq(packages.userId, userId), ne(servers.status, 'deleted')))
    .as('ranked')
  return db.select().from(ranked).where(lte(ranked.position, 3)).orderBy(ranked.packageId, asc(ranked.position))
}

/** Categories with their first servers, from the two statements above. */
export function toCategories(
  rows: Awaited<ReturnType<typeof categoriesQuery>>,
  previews: Awaited<ReturnType<typeof categoryPreviewsQuery>>,
): CategorySummary[] {
  const byPackage = new Map<string, typeof previews>()
  for (const p of previews) byPackage.set(p.packageId, [...(byPackage.get(p.packageId) ?? []), p])
  return rows.map((r) => ({ ...toPackageSummary(r), servers: toCards(byPackage.get(r.id) ?? []) }))
}

/** A user's categories with their first three servers. */
export async function userCategories(db: DB, userId: string): Promise<CategorySummary[]> {
  const [rows, previews] = await db.batch([categoriesQuery(db, userId), categoryPreviewsQuery(db, userId)])
  return toCategories(rows, previews)
}
