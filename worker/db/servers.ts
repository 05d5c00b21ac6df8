/**
 * Server queries. A list page is a fixed number of statements whatever its size or the caller:
 * the page (with the caller's likes) and the total, in one D1 batch. (A search is
 * services/search/'s, over the statements of server-search.ts.)
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { ServerListing } from '@shared/server-list'
import type { FeaturedServer, ServerDetail, ServerList, ServerSource, ServerVersionInfo, TagCount } from '@shared/types'
import type { Verdict } from '@shared/verdict'
import { sanitizeFeaturedHtml } from '../lib/render/html'
import { humanChose } from './categories'
import type { DB } from './client'
import { likedFilter } from './engagement'
import { SYNCED_FIELDS } from './imports'
import { LIST_TOTAL_CAP, postingList } from './list-postings'
import { pageInfo, pageOffset } from './paging'
import { surfaceSummaryJson, toSurfaceSummary } from './probes'
import { featured, keptTagCounts, type ServerRow, serverCounts, servers, serverVerdicts, serverVersions } from './schema'
import { cardColumns, toCard, toCards } from './server-cards'
import { facetTotal, type RowFilters, rowFilter, SORT_ORDER } from './server-search'
import type { ViewerId } from './sessions'
import { supplyChainQuery, toSupplyChain } from './supply'

/** A search or a list, as `serverListing` decided, and its filters and page. */
export type ListOptions = ServerListing & {
  tags?: string[]
  /** Category slugs: servers in any of them. */
  categories?: string[]
  page: number
  limit: number
  /** Who reads (whether each card is liked). */
  userId: ViewerId
  /** Only servers this user liked (the Favorites view). */
  likedBy?: ViewerId
  /** Only servers whose tools were read, with a remote, or with a package of a type. */
  rowFilters?: RowFilters
}

/**
 * A page of servers in an order and its total: two statements in one round trip, whoever asks;
 * whether the caller likes each card is read in the page's own statement.
 */
export async function listInOrder(db: DB, opts: ListOptions & { q: undefined }): Promise<ServerList> {
  const tags = opts.tags ?? []
  // Tags and categories: from their postings, in index order (list-postings.ts).
  const byPostings = await postingList(db, { ...opts, tags, categories: opts.categories ?? [] })
  if (byPostings) {
    return { servers: toCards(byPostings.rows), ...pageInfo(byPostings.total, opts), totalCapped: byPostings.totalCapped || undefined }
  }
  // Favourites or row filters alone: the catalogue's sort index, walked with the filters held per row.
  const filters = [likedFilter(opts.likedBy)].filter((f) => f !== undefined)
  const counted = [...filters, rowFilter(opts.rowFilters)].filter((f) => f !== undefined)
  const where = and(eq(servers.status, 'active'), ...counted)
  // A minimum grade's total is counted up to LIST_TOTAL_CAP ('1,000+' beyond), from the rated
  // index's range of grades: the graded part of a catalogue grows with it, and nothing keeps its
  // count. Else the whole active catalogue's total is kept by triggers; only filtered lists count
  // rows, or, for a package type with no other filter than row filters, its facet's postings.
  const graded = opts.rowFilters?.minGrade !== undefined
  const byFacets = filters.length || graded ? null : facetTotal(db, opts.rowFilters)
  const [page, count] = await db.batch([
    catalogueWalk(db, opts),
    graded
      ? db.select({ n: sql<number>`count(*)` }).from(
          sql`(${db
            .select({ one: sql`1` })
            .from(servers)
            .where(where)
            .limit(LIST_TOTAL_CAP + 1)})`,
        )
      : (byFacets ??
        (counted.length
          ? db.select({ n: sql<number>`count(*)` }).from(servers).where(where)
          : db.select({ n: serverCounts.n }).from(serverCounts).where(eq(serverCounts.status, 'active')))),
  ])
  const n = count[0]?.n ?? 0
  if (!graded) return { servers: toCards(page), ...pageInfo(n, opts) }
  return { servers: toCards(page), ...pageInfo(Math.min(n, LIST_TOTAL_CAP), opts), totalCapped: n > LIST_TOTAL_CAP || undefined }
}

/**
 * A page of the catalogue in its sort's index order, with favourites and row filters held per row
 * as the walk meets them (exported for the tests of its plan).
 */
export function catalogueWalk(db: DB, opts: ListOptions & { q: undefined }) {
  return db
    .select(cardColumns(opts.userId))
    .from(servers)
    .where(and(eq(servers.status, 'active'), likedFilter(opts.likedBy), rowFilter(opts.rowFilters, true, opts.sortBy)))
    .orderBy(...SORT_ORDER[opts.sortBy])
    .limit(opts.limit)
    .offset(pageOffset(opts))
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
  userId: ViewerId,
  /** `watching`: whether the supply-chain watch runs here (watchSettings(env).enabled), said in its answer. */
  opts: { includeDeleted?: boolean; watching: boolean },
): Promise<ServerDetail | null> {
  const at = new Date().toISOString()
  const twin = alias(servers, 'twin')
  // Whether the caller likes it is read with the row: the page is one round trip for anyone.
  const [found, feature, versions, twins, supply] = await db.batch([
    db
      .select({
        ...cardColumns(userId),
        readmeText: servers.readmeText,
        packages: servers.packages,
        remotes: servers.remotes,
        metadata: servers.metadata,
        license: servers.license,
        viewCount: servers.viewCount,
        registryName: servers.registryName,
        source: servers.source,
        syncedAt: servers.syncedAt,
        upstreamUpdatedAt: servers.upstreamUpdatedAt,
        localEdits: servers.localEdits,
        // What probes read, in the same statement: the page stays one round trip.
        tools: surfaceSummaryJson,
        supplyRev: servers.supplyRev,
        // The stored verdict, in the same statement: no round trip of its own.
        verdict: sql<
          string | null
        >`(SELECT ${serverVerdicts.verdict} FROM ${serverVerdicts} WHERE ${serverVerdicts.serverId} = ${servers.id})`,
      })
      .from(servers)
      .where(eq(servers.id, id))
      .limit(1),
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
    supplyChainQuery(db, id),
  ])
  const row = found[0]
  if (!row) return null
  const card = toCard(row)
  if (card.status === 'deleted' && !opts.includeDeleted) return null
  return {
    ...card,
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
    tools: toSurfaceSummary(row.tools),
    supplyChain: toSupplyChain(supply, {
      band: card.supplyBand,
      enrolled: row.supplyRev === 1,
      watching: opts.watching,
      packages: row.packages,
    }),
    verdict: row.verdict ? (JSON.parse(row.verdict) as Verdict) : null,
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

/** Tags the facet lists, the most used first: the long tail of one-server tags stays out. */
export const TAG_FACET_LIMIT = 500

/**
 * The most used tags with their active servers, from the counts triggers keep (migrations/0022):
 * a walk of `tag_counts_n_idx` reading at most TAG_FACET_LIMIT rows, whatever the catalogue's size.
 */
export async function tagCounts(db: DB): Promise<TagCount[]> {
  return db
    .select({ tag: keptTagCounts.tag, count: keptTagCounts.n })
    .from(keptTagCounts)
    .where(sql`${keptTagCounts.n} > 0`)
    .orderBy(desc(keptTagCounts.n), keptTagCounts.tag)
    .limit(TAG_FACET_LIMIT)
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
