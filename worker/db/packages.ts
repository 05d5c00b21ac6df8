/** Package (category) queries. */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { PackageSummary } from '../shared/types'
import type { DB } from './client'
import { packageLikes, packages, users } from './schema'

const summaryColumns = {
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
  username: users.login,
  avatarUrl: users.avatarUrl,
}

export async function likedPackagesAmong(db: DB, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set()
  const rows = await db
    .select({ id: packageLikes.packageId })
    .from(packageLikes)
    .where(and(eq(packageLikes.userId, userId), inArray(packageLikes.packageId, ids)))
  return new Set(rows.map((r) => r.id))
}

/** Public packages by ranking score, best first (the landing asks for five). */
export async function topPackages(db: DB, limit: number, userId: string | null): Promise<PackageSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(packages.isPublic, true))
    .orderBy(desc(packages.rankingScore), packages.id)
    .limit(limit)
  const liked = await likedPackagesAmong(db, userId, rows.map((r) => r.id))
  return rows.map(({ username, avatarUrl, ...p }) => ({
    ...p,
    isLiked: liked.has(p.id),
    user: username ? { username, avatarUrl } : null,
  }))
}
