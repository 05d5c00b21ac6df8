/**
 * Feed queries: the newest entries of each feed, active servers only, one or two bounded
 * statements whatever the catalogue's size (each reads an index in the feed's order, or only the
 * few rows the feed can hold before sorting them).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { FEED_ITEMS } from '../lib/render/feeds/render'
import type { DB } from './client'
import { packageServers, packages, servers, tagPostings } from './schema'

/** What an entry shows of a server. */
const feedColumns = {
  id: servers.id,
  displayName: servers.displayName,
  description: servers.description,
  author: servers.author,
  githubUrl: servers.githubUrl,
  tags: servers.tags,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
}

export interface FeedServer {
  id: string
  displayName: string
  description: string
  author: string
  githubUrl: string | null
  tags: string[]
  createdAt: string
  updatedAt: string
}

const active = eq(servers.status, 'active')

/** Newly listed servers (walks `servers_created_idx`) or the recently updated (`servers_updated_idx`). */
export function latestServers(db: DB, order: 'new' | 'updated'): Promise<FeedServer[]> {
  const by = order === 'new' ? servers.createdAt : servers.updatedAt
  return db.select(feedColumns).from(servers).where(active).orderBy(desc(by), desc(servers.id)).limit(FEED_ITEMS)
}

/**
 * The recently updated servers with a tag: a walk of the tag's postings in update order
 * (`tag_postings_updated_idx`, kept by triggers, migrations/0022), stopping when the feed is full,
 * so a common tag reads no more than a rare one. The postings' index breaks ties by ascending id;
 * the few ties on one instant are sorted as they come.
 */
export function taggedServers(db: DB, tag: string): Promise<FeedServer[]> {
  return db
    .select(feedColumns)
    .from(tagPostings)
    .crossJoin(servers)
    .where(and(eq(tagPostings.tag, tag), sql`${tagPostings.active} = 1`, eq(servers.id, tagPostings.serverId)))
    .orderBy(desc(tagPostings.updatedAt), desc(tagPostings.serverId))
    .limit(FEED_ITEMS)
}

/** Newest first, as every feed orders its entries. */
const byUpdated = (a: FeedServer, b: FeedServer) =>
  a.updatedAt === b.updatedAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.updatedAt < b.updatedAt ? 1 : -1

/**
 * The recently updated servers of an author, as `followableAuthor` names them: the repository's
 * owner, or without a repository the author field (any case). One batch of two reads, each
 * walking an index in the feed's order (`servers_owner_feed_idx`, `servers_author_feed_idx`)
 * and stopping after FEED_ITEMS, then merged: at most twice the feed's entries whatever the
 * number of the author's servers.
 */
export async function authorServers(db: DB, login: string): Promise<FeedServer[]> {
  const order = [desc(servers.updatedAt), desc(servers.id)]
  const [owned, named] = await db.batch([
    db
      .select(feedColumns)
      .from(servers)
      .where(and(eq(servers.repoOwner, login.toLowerCase()), active))
      .orderBy(...order)
      .limit(FEED_ITEMS),
    db
      .select(feedColumns)
      .from(servers)
      .where(and(sql`${servers.author} = ${login} COLLATE NOCASE`, active, isNull(servers.repoOwner)))
      .orderBy(...order)
      .limit(FEED_ITEMS),
  ])
  return [...owned, ...named].sort(byUpdated).slice(0, FEED_ITEMS)
}

export interface PackageFeed {
  name: string
  description: string | null
  updatedAt: string
  servers: Array<FeedServer & { addedAt: string }>
}

/**
 * A public package and the servers last added to it (active ones), in one batch; null when there
 * is no such package or it is private, so a private package's feed is indistinguishable from none.
 */
export async function packageFeed(db: DB, id: string): Promise<PackageFeed | null> {
  const [pkg, rows] = await db.batch([
    db
      .select({ name: packages.name, description: packages.description, updatedAt: packages.updatedAt })
      .from(packages)
      .where(and(eq(packages.id, id), eq(packages.isPublic, true)))
      .limit(1),
    db
      .select({ ...feedColumns, addedAt: packageServers.addedAt })
      .from(packageServers)
      .innerJoin(servers, eq(servers.id, packageServers.serverId))
      .innerJoin(packages, and(eq(packages.id, packageServers.packageId), eq(packages.isPublic, true)))
      .where(and(eq(packageServers.packageId, id), active))
      .orderBy(desc(packageServers.addedAt), desc(servers.id))
      .limit(FEED_ITEMS),
  ])
  return pkg[0] ? { ...pkg[0], servers: rows } : null
}
