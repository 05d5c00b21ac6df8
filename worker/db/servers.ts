/**
 * Server queries. A list page is a fixed number of statements whatever its size: the page, the
 * total (one D1 batch) and, for a signed-in user, one look-up of which of them they like.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { sanitizeFeaturedHtml } from '../lib/html'
import { cardInstallCommand } from '../lib/install'
import { buildFtsQuery } from '../lib/search'
import type { ServerSort } from '../limits'
import type { FeaturedServer, ServerDetail, ServerList, ServerSource, ServerSummary, ServerVersionInfo, TagCount } from '../shared/types'
import { categoryFilter, humanChose } from './categories'
import type { DB } from './client'
import { pageInfo, pageOffset } from './paging'
import { SYNCED_FIELDS } from './registry-sync'
import { featured, type ServerRow, serverCounts, serverLikes, servers, serverTags, serverVersions } from './schema'

/** Columns a card needs; README text, metadata and the like stay out of list queries. */
export const summaryColumns = {
  seq: servers.seq,
  id: servers.id,
  name: servers.name,
  displayName: servers.displayName,
  description: servers.description,
  author: servers.author,
  version: servers.version,
  icon: servers.icon,
  githubUrl: servers.githubUrl,
  ownerAvatarUrl: servers.ownerAvatarUrl,
  tags: servers.tags,
  categories: servers.categories,
  likeCount: servers.likeCount,
  stars: servers.stars,
  popularity: servers.popularity,
  installCommand: servers.installCommand,
  // Cards carry the install command, built from these.
  packages: servers.packages,
  remotes: servers.remotes,
  status: servers.status,
  upstreamStatus: servers.upstreamStatus,
  upstreamStatusMessage: servers.upstreamStatusMessage,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
}
export type SummaryRow = { [K in keyof typeof summaryColumns]: ServerRow[K] }

/**
 * A card's install command: the one stored for the server, else the install generator's (Claude
 * Code's `claude mcp add` with the right runtime), so a card copies what the Configuration tab
 * shows rather than one npx command for every server.
 */
export function installCommandFor(row: {
  installCommand: string | null
  name: string
  version: string
  packages: unknown[]
  remotes: unknown[]
}) {
  return row.installCommand || cardInstallCommand(row)
}

/** A card from its row; `liked` holds the ids the caller likes. */
export function toSummary(row: SummaryRow, liked: Set<string>): ServerSummary {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    author: row.author,
    version: row.version,
    icon: row.icon,
    githubUrl: row.githubUrl,
    ownerAvatarUrl: row.ownerAvatarUrl,
    tags: row.tags,
    categories: row.categories,
    likeCount: row.likeCount,
    isLiked: liked.has(row.id),
    stars: row.stars,
    popularity: row.popularity,
    installCommand: installCommandFor(row),
    status: row.status as ServerSummary['status'],
    deprecated: row.upstreamStatus === 'deprecated' ? { message: row.upstreamStatusMessage } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

const SORT_ORDER: Record<ServerSort, Array<SQL | SQLiteColumn>> = {
  stars: [desc(servers.stars), desc(servers.popularity), servers.id],
  likes: [desc(servers.likeCount), servers.id],
  updated: [desc(servers.updatedAt), servers.id],
  created: [desc(servers.createdAt), servers.id],
  ranking: [desc(servers.popularity), servers.id],
}

/** Deprecated listings rank below the others that match as well (COALESCE: null for non-registry ones). */
const deprecatedLast = sql`(COALESCE(${servers.upstreamStatus}, '') = 'deprecated')`

/** FTS5 column weights: names weigh more than descriptions. */
const BM25 = sql.raw('bm25(servers_fts, 10.0, 6.0, 2.0, 4.0, 5.0)')

function tagFilter(tags: string[]): SQL | undefined {
  if (tags.length === 0) return undefined
  // AND semantics: the server has every selected tag. Driven from the (tag, server_id) key.
  return sql`${servers.id} IN (SELECT ${serverTags.serverId} FROM ${serverTags} WHERE ${inArray(serverTags.tag, tags)} GROUP BY ${serverTags.serverId} HAVING count(*) = ${tags.length})`
}

export async function likedAmong(db: DB, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set()
  const rows = await db
    .select({ id: serverLikes.serverId })
    .from(serverLikes)
    .where(and(eq(serverLikes.userId, userId), inArray(serverLikes.serverId, ids)))
  return new Set(rows.map((r) => r.id))
}

export interface ListOptions {
  q?: string
  tags?: string[]
  /** Category slugs: servers in any of them. */
  categories?: string[]
  sortBy?: ServerSort
  page: number
  limit: number
  userId: string | null
  /** Only servers this user liked (the Favorites view). */
  likedBy?: string
}

export async function listServers(db: DB, opts: ListOptions): Promise<ServerList> {
  const offset = pageOffset(opts)
  const conditions: Array<SQL | undefined> = [
    eq(servers.status, 'active'),
    tagFilter(opts.tags ?? []),
    categoryFilter(opts.categories ?? []),
  ]
  if (opts.likedBy) {
    conditions.push(
      sql`${servers.id} IN (SELECT ${serverLikes.serverId} FROM ${serverLikes} WHERE ${serverLikes.userId} = ${opts.likedBy})`,
    )
  }
  const fts = opts.q ? buildFtsQuery(opts.q) : null
  if (opts.q && !fts) return { servers: [], ...pageInfo(0, opts) }

  let rows: SummaryRow[]
  let total: number
  if (fts) {
    const hits = sql`(SELECT rowid AS seq, ${BM25} AS score FROM servers_fts WHERE servers_fts MATCH ${fts.any})`
    // (A constant here would read as 'ORDER BY 1', a column position: leave the tier out.)
    const tier = fts.all ? [sql`(${servers.seq} IN (SELECT rowid FROM servers_fts WHERE servers_fts MATCH ${fts.all})) DESC`] : []
    const inName = sql`(${servers.seq} IN (SELECT rowid FROM servers_fts WHERE servers_fts MATCH ${fts.inName}))`
    const where = and(...conditions)
    // Relevance unless a sort was asked for; servers with every word always come first.
    const order = opts.sortBy
      ? [...tier, ...SORT_ORDER[opts.sortBy]]
      : [...tier, deprecatedLast, sql`${inName} DESC`, sql`h.score`, desc(servers.popularity), desc(servers.stars), servers.id]
    const [page, count] = await db.batch([
      db
        .select(summaryColumns)
        .from(servers)
        .innerJoin(sql`${hits} h`, sql`h.seq = ${servers.seq}`)
        .where(where)
        .orderBy(...order)
        .limit(opts.limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)` })
        .from(servers)
        .innerJoin(sql`(SELECT rowid AS seq FROM servers_fts WHERE servers_fts MATCH ${fts.any}) h`, sql`h.seq = ${servers.seq}`)
        .where(where),
    ])
    rows = page
    total = count[0]?.n ?? 0
  } else {
    const where = and(...conditions)
    // The whole active catalogue's total is kept by triggers; only filtered lists count rows.
    const unfiltered = !opts.tags?.length && !opts.categories?.length && !opts.likedBy
    const [page, count] = await db.batch([
      db
        .select(summaryColumns)
        .from(servers)
        .where(where)
        .orderBy(...SORT_ORDER[opts.sortBy ?? 'stars'])
        .limit(opts.limit)
        .offset(offset),
      unfiltered
        ? db.select({ n: serverCounts.n }).from(serverCounts).where(eq(serverCounts.status, 'active'))
        : db.select({ n: sql<number>`count(*)` }).from(servers).where(where),
    ])
    rows = page
    total = count[0]?.n ?? 0
  }
  const liked = await likedAmong(
    db,
    opts.userId,
    rows.map((r) => r.id),
  )
  return { servers: rows.map((r) => toSummary(r, liked)), ...pageInfo(total, opts) }
}

/** Featured now: active, inside its publish window (open ends allowed), by sort order. */
export function featuredNow(at: string): SQL {
  return and(
    eq(featured.isActive, true),
    sql`(${featured.publishStartAt} IS NULL OR ${featured.publishStartAt} <= ${at})`,
    sql`(${featured.publishEndAt} IS NULL OR ${featured.publishEndAt} > ${at})`,
  )!
}

export async function getServerDetail(
  db: DB,
  id: string,
  userId: string | null,
  opts: { includeDeleted?: boolean } = {},
): Promise<ServerDetail | null> {
  const at = new Date().toISOString()
  const twin = alias(servers, 'twin')
  const [found, feature, versions, twins] = await db.batch([
    db.select().from(servers).where(eq(servers.id, id)).limit(1),
    db
      .select({ commentHtml: featured.commentHtml })
      .from(featured)
      .where(and(eq(featured.serverId, id), featuredNow(at)))
      .limit(1),
    db
      .select({
        version: serverVersions.version,
        status: serverVersions.status,
        publishedAt: serverVersions.publishedAt,
        packages: serverVersions.packages,
        remotes: serverVersions.remotes,
      })
      .from(serverVersions)
      .where(eq(serverVersions.serverId, id))
      .orderBy(desc(serverVersions.publishedAt), desc(serverVersions.version)),
    // Same repository under another name: linked on the page rather than shown as unrelated.
    db
      .select({ id: twin.id, name: twin.name, displayName: twin.displayName })
      .from(twin)
      .innerJoin(servers, and(eq(servers.id, id), eq(twin.githubUrl, servers.githubUrl)))
      .where(and(sql`${twin.id} <> ${id}`, eq(twin.status, 'active')))
      .orderBy(twin.name)
      .limit(20),
  ])
  const row = found[0]
  if (!row || (row.status === 'deleted' && !opts.includeDeleted)) return null
  const liked = await likedAmong(db, userId, [row.id])
  return {
    ...toSummary(row, liked),
    readmeText: row.readmeText,
    packages: row.packages as ServerDetail['packages'],
    remotes: row.remotes as ServerDetail['remotes'],
    metadata: row.metadata,
    license: row.license,
    viewCount: row.viewCount,
    registryName: row.registryName,
    // Sanitised on write; again here as a safety net for rows written by other means.
    commentHtml: feature[0]?.commentHtml ? sanitizeFeaturedHtml(feature[0].commentHtml) : null,
    provenance: {
      source: row.source as ServerSource,
      syncedAt: row.syncedAt,
      upstreamUpdatedAt: row.upstreamUpdatedAt,
      registryFields: row.syncedAt ? SYNCED_FIELDS.filter((f) => !row.localEdits.includes(f)) : [],
    },
    versions: versions as ServerVersionInfo[],
    categorySource: humanChose(row.localEdits) ? 'human' : 'auto',
    alsoPublishedAs: twins,
  }
}

export async function listFeatured(db: DB): Promise<Array<Omit<FeaturedServer, 'title' | 'summary'>>> {
  const at = new Date().toISOString()
  return db
    .select({
      id: servers.id,
      displayName: servers.displayName,
      icon: servers.icon,
      description: servers.description,
      ownerAvatarUrl: servers.ownerAvatarUrl,
      author: servers.author,
      commentHtml: featured.commentHtml,
    })
    .from(featured)
    .innerJoin(servers, eq(servers.id, featured.serverId))
    .where(and(featuredNow(at), eq(servers.status, 'active')))
    .orderBy(featured.sortOrder, desc(featured.updatedAt))
    .limit(50)
}

export async function tagCounts(db: DB): Promise<TagCount[]> {
  const rows = await db
    .select({ tag: serverTags.tag, count: sql<number>`count(*)` })
    .from(serverTags)
    .innerJoin(servers, eq(servers.id, serverTags.serverId))
    .where(eq(servers.status, 'active'))
    .groupBy(serverTags.tag)
    .orderBy(desc(sql`count(*)`), serverTags.tag)
  return rows
}

/** Writes repository facts back so that sorting by stars is an indexed query. */
export async function saveRepoFacts(db: DB, id: string, facts: { stars: number; ownerAvatarUrl: string | null; license: string | null }) {
  await db.update(servers).set(facts).where(eq(servers.id, id))
}

/** One server's row, whatever its status (authorization decides who may see it). */
export async function findServerRow(db: DB, id: string): Promise<ServerRow | null> {
  const [row] = await db.select().from(servers).where(eq(servers.id, id)).limit(1)
  return row ?? null
}

/** What the README needs of a listed server; null when missing or deleted. */
export async function readmeSource(db: DB, id: string) {
  const [row] = await db
    .select({ id: servers.id, githubUrl: servers.githubUrl, readmeText: servers.readmeText, status: servers.status })
    .from(servers)
    .where(eq(servers.id, id))
    .limit(1)
  return row && row.status !== 'deleted' ? row : null
}

/** The repository facts stored for a listed server; null when missing or deleted. */
export async function storedRepoFacts(db: DB, id: string) {
  const [row] = await db
    .select({
      githubUrl: servers.githubUrl,
      stars: servers.stars,
      ownerAvatarUrl: servers.ownerAvatarUrl,
      license: servers.license,
      status: servers.status,
    })
    .from(servers)
    .where(eq(servers.id, id))
    .limit(1)
  return row && row.status !== 'deleted' ? row : null
}
