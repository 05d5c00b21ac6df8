/**
 * Search over the full-text index (migrations/0010_search_index.sql), at a cost bounded by the
 * page asked for rather than by how many servers match.
 *
 * - The index holds listed servers only, and its rowid is each server's `search_key`: stars,
 *   then popularity (coarse buckets), then seq. FTS5 yields matches in rowid order, so
 *   `MATCH ... LIMIT k` reads the k best-known matches and stops.
 * - Words found in more than COMMON_WORD servers ('server', 'mcp' at scale) are common: they
 *   still match, but say little about relevance, so they are matched as typed (no prefix
 *   expansion) and left out of bm25 and of the name tier when the query has other words.
 * - Relevance ranks a bounded candidate set in the usual tiers (every word, then a server called
 *   exactly what was typed, then the name, then bm25 over the distinctive words, then popularity): the best-known servers with every word,
 *   with a distinctive word in their name, whose name starts with or is the query, and with any
 *   word, each capped. Below the caps (any catalogue of a few thousand servers) that is every
 *   match and the ranking is exact.
 * - Totals are counted up to SEARCH_TOTAL_CAP ('10,000+' beyond). A search with an explicit sort
 *   walks that sort's index keeping rows that match: through the set of matches when it is at
 *   most the cap, else by probing the index row by row, cheap exactly when matches are dense.
 *
 * Two round trips: how common each word is, then the page with its total.
 */
import { and, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { buildFtsQuery, exactTerm, type FtsQuery } from '../lib/search'
import type { DB } from './client'
import { pageOffset } from './paging'
import { servers } from './schema'
import { type CardRow, cardColumns } from './server-cards'

/** Matches are counted up to this many; beyond it the total reads '10,000+'. */
export const SEARCH_TOTAL_CAP = 10_000
/** A word in more servers than this is common (see above). */
export const COMMON_WORD = 1_000
/** Candidates bm25 ranks (more when a deep page needs them). */
const RANKED = 300
/** Candidates per unranked arm: enough to fill a page whatever the deprecated ones. */
const UNRANKED = 100

/** The low 32 bits of a search key are the server's seq. */
const SEQ_OF_KEY = sql.raw('4294967295')

/** FTS5 column weights: names weigh most, README text least. */
const BM25 = sql.raw('bm25(servers_search, 10.0, 6.0, 2.0, 4.0, 5.0, 3.0, 0.5)')

export interface SearchRequest {
  words: string[]
  /** Whose likes the cards show (null: a guest). */
  userId: string | null
  /** Narrows to the seqs this subquery yields (tag filters, favourites); null for the whole catalogue. */
  only: SQL | null
  /** An explicit sort's ORDER BY; relevance when absent. */
  order?: Array<SQL | SQLiteColumn>
  page: number
  limit: number
}

export interface SearchPage {
  rows: CardRow[]
  total: number
  /** The total stopped counting at SEARCH_TOTAL_CAP. */
  totalCapped: boolean
}

/** Index rows matching `match` (and the filter), at most `limit` of them, in search-key order. */
function matches(match: string, only: SQL | null, columns: SQL, limit: number): SQL {
  // '+' keeps the filter out of the index's hands: FTS5 scans its matches in key order and the
  // filter is checked per match, rather than FTS5 being re-queried once per filtered row.
  const filter = only ? sql` AND +(rowid & ${SEQ_OF_KEY}) IN (${only})` : sql``
  return sql`SELECT ${columns} FROM servers_search WHERE servers_search MATCH ${match}${filter} LIMIT ${limit}`
}

/** How many servers match, counted up to `cap` + 1. */
const countUpTo = (match: string, only: SQL | null, cap = SEARCH_TOTAL_CAP) =>
  sql`(SELECT count(*) FROM (${matches(match, only, sql`1`, cap + 1)}))`

const totalOf = (n: number) => ({ total: Math.min(n, SEARCH_TOTAL_CAP), totalCapped: n > SEARCH_TOTAL_CAP })

/** The words found in more than COMMON_WORD servers of the whole catalogue: one statement. */
async function commonWords(db: DB, words: string[]): Promise<Set<string>> {
  // Aliased: D1 keys a row by column name, and the counts' SQL reads the same.
  const fields = Object.fromEntries(words.map((w, i) => [`w${i}`, countUpTo(exactTerm(w), null, COMMON_WORD).as(`w${i}`)]))
  const [row] = await db.select(fields).from(sql`(SELECT 1)`)
  return new Set(words.filter((_, i) => Number((row as Record<string, unknown>)?.[`w${i}`] ?? 0) > COMMON_WORD))
}

/** D1 allows few terms per compound SELECT: arms are united three at a time, then the groups. */
function unionAll(parts: SQL[]): SQL {
  if (parts.length <= 3) return sql.join(parts, sql` UNION ALL `)
  const groups = []
  for (let i = 0; i < parts.length; i += 3) groups.push(sql`SELECT * FROM (${sql.join(parts.slice(i, i + 3), sql` UNION ALL `)})`)
  return unionAll(groups)
}

/** Relevance: the bounded candidate set, ranked by tier, name, bm25 and popularity. */
async function byRelevance(db: DB, fts: FtsQuery, req: SearchRequest): Promise<SearchPage> {
  const { only } = req
  const offset = pageOffset(req)
  const want = offset + req.limit
  const arm = (tier: number, match: string, ranked = false) =>
    ranked
      ? sql`SELECT k, ${sql.raw(String(tier))} AS tier, s FROM (${matches(match, only, sql`rowid AS k, ${BM25} AS s`, Math.max(RANKED, want))})`
      : sql`SELECT k, ${sql.raw(String(tier))} AS tier, NULL AS s FROM (${matches(match, only, sql`rowid AS k`, Math.max(UNRANKED, want))})`
  // A server called exactly what was typed, found by its name's index however little known.
  const exact = sql`SELECT k, 3 AS tier, NULL AS s FROM (SELECT ${servers}.search_key AS k FROM ${servers}
    WHERE lower(${servers.displayName}) = ${fts.exactName} AND ${servers.status} = 'active'${only ? sql` AND ${servers.seq} IN (${only})` : sql``} LIMIT 5)`
  const arms = [
    fts.all ? arm(2, fts.all) : null,
    arm(1, fts.inName),
    fts.nameStarts ? arm(1, fts.nameStarts) : null,
    exact,
    // bm25 over the distinctive words only; servers matching nothing but common words follow,
    // best known first.
    fts.distinctive ? arm(0, fts.distinctive, true) : null,
    arm(0, fts.any),
  ].filter((a) => a !== null)
  // A server found by several arms counts once, with every tier it reached and its bm25 score.
  const candidates = sql`(SELECT k, max(tier = 2) AS every, max(tier = 3) AS exact, max(tier IN (1, 3)) AS in_name, min(s) AS score
    FROM (${unionAll(arms)}) GROUP BY k) c`
  const deprecatedLast = sql`(COALESCE(${servers.upstreamStatus}, '') = 'deprecated')`
  const [page, count] = await db.batch([
    db
      .select(cardColumns(req.userId))
      .from(servers)
      .innerJoin(candidates, sql`${servers.seq} = (c.k & ${SEQ_OF_KEY})`)
      .orderBy(
        sql`c.every DESC`,
        deprecatedLast,
        sql`c.exact DESC`,
        sql`c.in_name DESC`,
        sql`c.score IS NULL`,
        sql`c.score`,
        sql`${servers.popularity} DESC`,
        sql`${servers.stars} DESC`,
        servers.id,
      )
      .limit(req.limit)
      .offset(offset),
    db.select({ n: countUpTo(fts.any, only) }).from(sql`(SELECT 1)`),
  ])
  return { rows: page, ...totalOf(Number(count[0]?.n ?? 0)) }
}

/**
 * An explicit sort: servers with every word first, then the others, each part in the sort's own
 * order. Each part walks the sort's index keeping matching rows, so it costs about the page
 * depth over the density of matches.
 */
async function sorted(db: DB, fts: FtsQuery, req: SearchRequest, order: Array<SQL | SQLiteColumn>): Promise<SearchPage> {
  const { only } = req
  // Aliased: D1 keys a row by column name, and the two counts' SQL reads the same.
  const counts = await db
    .select({ any: countUpTo(fts.any, only).as('n_any'), all: (fts.all ? countUpTo(fts.all, only) : sql<number>`0`).as('n_all') })
    .from(sql`(SELECT 1)`)
  const nAny = Number(counts[0]?.any ?? 0)
  const nAll = Number(counts[0]?.all ?? 0)
  const offset = pageOffset(req)
  const want = offset + req.limit
  // Within the cap the set of matches is built once and looked up per row; past it, matches are
  // so dense (a tenth of the catalogue or more) that probing the index row by row finds a page sooner.
  const member = (match: string, n: number) =>
    n <= SEARCH_TOTAL_CAP
      ? sql`${servers.seq} IN (SELECT rowid & ${SEQ_OF_KEY} FROM servers_search WHERE servers_search MATCH ${match})`
      : sql`EXISTS (SELECT 1 FROM servers_search WHERE servers_search MATCH ${match} AND rowid = ${servers}.search_key)`
  const filter = only ? sql`${servers.seq} IN (${only})` : undefined
  const part = (where: SQL | undefined) =>
    db
      .select(cardColumns(req.userId))
      .from(servers)
      .where(and(sql`${servers.status} = 'active'`, filter, where))
      .orderBy(...order)
      .limit(want)
  if (!fts.all) {
    const [rows] = await db.batch([part(member(fts.any, nAny))])
    return { rows: rows.slice(offset), ...totalOf(nAny) }
  }
  // Servers with every word fill positions 0..nAll-1, the rest follow: read only the parts the
  // page reaches, and lay them end to end.
  const everyWord = nAll > offset ? part(member(fts.all, nAll)) : null
  const rest = nAll < want ? part(and(member(fts.any, nAny), sql`NOT ${member(fts.all, nAll)}`)) : null
  const read = [everyWord, rest].filter((q) => q !== null)
  const parts = read.length ? await db.batch(read as [(typeof read)[number], ...typeof read]) : []
  const start = everyWord ? 0 : nAll
  const rows = parts.flat().slice(offset - start, want - start)
  return { rows, ...totalOf(nAny) }
}

/** One page of search results and the (capped) total. */
export async function searchServers(db: DB, req: SearchRequest): Promise<SearchPage> {
  const fts = buildFtsQuery(req.words, await commonWords(db, req.words))
  return req.order ? sorted(db, fts, req, req.order) : byRelevance(db, fts, req)
}
