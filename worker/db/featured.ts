/** The featured recommendation of a server, as the admin's editor reads and writes it. */
import { eq } from 'drizzle-orm'
import type { FeaturedComment } from '@shared/types'
import type { DB } from './client'
import { featured } from './schema'

const columns = {
  serverId: featured.serverId,
  commentHtml: featured.commentHtml,
  isActive: featured.isActive,
  sortOrder: featured.sortOrder,
  publishStartAt: featured.publishStartAt,
  publishEndAt: featured.publishEndAt,
  updatedAt: featured.updatedAt,
}

export type FeaturedValues = Omit<FeaturedComment, 'serverId' | 'updatedAt'>

/** The server's recommendation, active or not; null when it never had one. */
export async function getFeatured(db: DB, serverId: string): Promise<FeaturedComment | null> {
  const [row] = await db.select(columns).from(featured).where(eq(featured.serverId, serverId)).limit(1)
  return row ?? null
}

/** Creates or replaces the recommendation; `commentHtml` must already be sanitised. */
export async function saveFeatured(db: DB, serverId: string, values: FeaturedValues, userId: string): Promise<FeaturedComment> {
  const set = { ...values, updatedBy: userId, updatedAt: new Date().toISOString() }
  const [row] = await db
    .insert(featured)
    .values({ serverId, ...set })
    .onConflictDoUpdate({ target: featured.serverId, set })
    .returning(columns)
  return row
}

/**
 * 'Remove from Featured': the recommendation stops showing, but its text stays (nothing an admin
 * wrote is lost, and saving it again brings it back).
 */
export async function deactivateFeatured(db: DB, serverId: string, userId: string): Promise<void> {
  await db
    .update(featured)
    .set({ isActive: false, updatedBy: userId, updatedAt: new Date().toISOString() })
    .where(eq(featured.serverId, serverId))
}
