/** What link-preview images draw, read by the image routes. */
import { and, eq, ne } from 'drizzle-orm'
import type { ServerCardFacts } from '../lib/render/og/version'
import type { DB } from './client'
import { servers } from './schema'

/** A server's name, author, description and likes, unless it is deleted (then null, as for no server). */
export async function serverPreviewFacts(db: DB, id: string): Promise<ServerCardFacts | null> {
  const [row] = await db
    .select({ displayName: servers.displayName, author: servers.author, description: servers.description, likeCount: servers.likeCount })
    .from(servers)
    .where(and(eq(servers.id, id), ne(servers.status, 'deleted')))
    .limit(1)
  return row ?? null
}
