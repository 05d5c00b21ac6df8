/** The content versions that key the guests' edge cache (kept by triggers, see schema.ts). */
import { eq } from 'drizzle-orm'
import type { DB } from './client'
import { contentVersions } from './schema'

export type ContentScope = 'servers'

/** The current version of a kind of content: one primary-key read. */
export async function contentVersion(db: DB, scope: ContentScope): Promise<number> {
  const [row] = await db.select({ version: contentVersions.version }).from(contentVersions).where(eq(contentVersions.scope, scope)).limit(1)
  return row?.version ?? 0
}
