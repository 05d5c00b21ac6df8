/**
 * Search over the full-text index (migrations/0010_search_index.sql), at a cost bounded by the
 * page asked for rather than by how many servers match.
 *
 * - The index holds listed servers only, and its rowid is each server's `search_key`: stars,
 *   then popularity (coarse buckets), then seq. FTS5 yields matches in rowid order, so
 *   `MATCH ... LIMIT k` reads the k best-known matches and stops.
 * - Words found in more than a thousand servers ('server', 'mcp' at scale) are common: they
 *   still match, but say little about relevance, so they are matched as typed (no prefix
 *   expansion) and left out of bm25 and of the name tier when the query has other words.
 * - Relevance ranks a bounded candidate set in the usual tiers (every word, then a server called
 *   exactly what was typed, then the name, then bm25 over the distinctive words, then popularity): the best-known servers with every word,
 *   with a distinctive word in their name, whose name starts with or is the query, and with any
 *   word, each capped. Below the caps (any catalogue of a few thousand servers) that is every
 *   match and the ranking is exact.
 * - What was typed comes first; then servers found by a related term of the vocabulary
 *   (worker/lib/search/vocabulary.ts), then servers in a category the query names, then servers
 *   with only some of the words or with them only in their README. Each of those is one more
 *   capped arm, so the vocabulary adds a few bounded index reads, never a scan.
 * - Among servers with every word, those with the words as a phrase come first.
 * - Whether a word is in a name or a category is asked of a small index of labels only
 *   (migrations/0013_search_labels.sql), whose postings are the servers the word labels.
 * - The tools read from servers are an index of their own (migrations/0017_search_tools.sql),
 *   so that bm25, which divides by a row's whole length, ranks cards as before: a server with
 *   every word in its tools comes after related terms and before categories, and its card names
 *   the tool (read back from the page's own rows). Totals count both indexes.
 * - When a query finds fewer than a few servers and one of its words is in no server at all, the
 *   same round trip reads the index's terms sharing that word's first letters; the nearest one
 *   (edit distance, in the Worker) replaces it in one more round trip, and the cards say so.
 * - Totals and words are counted up to a cap ('1,000+' beyond): a count then reads at most about
 *   a thousand index rows whatever the catalogue's size (D1 bills every row a cursor visits, an
 *   FTS5 posting too).
 * - A search with an explicit sort reads a bounded candidate set in the index's order (up to the
 *   cap) and sorts it, with servers having every word first; for a query with a common word it
 *   first walks the sort's own index (at most WALK rows), which finds an exact page in a few
 *   dozen rows exactly when matches are dense, and then reads no candidates.
 *
 * Here are the statements and their rows only: which words are common, which reads a search
 * sends, whether its total is counted, which spelling is meant and why each card matched are
 * decided in worker/services/search/, which hands `readSearch` one plan per round trip.
 */
import { and, desc, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PackageType, ServerSort } from '@shared/limits'
import type { ServerSummary } from '@shared/types'
import { exactTerm, type Facet, type FtsQuery, filterExpression, significantWords } from '../lib/search/query'
import { toolWordHeads } from '../lib/search/tool-text'
import { batchOf } from './batch'
import type { DB } from './client'
import { likedFilter } from './engagement'
import { pageOffset } from './paging'
import { serverCategories, servers, serverTags } from './schema'
import { cardColumns, hasPackageType, toCard } from './server-cards'
import type { ViewerId } from './sessions'

/** Candidates bm25 ranks (more when a deep page needs them). */
const RANKED = 300
/** Candidates per unranked arm: enough to fill a page whatever the deprecated ones. */
const UNRANKED = 100

/** Rows of its sort's index an explicit sort walks for a query with a common word (see byOrder). */
const WALK = 1_000

/** Index terms read per misspelt word: those sharing its first letters, in order. */
const TYPO_TERMS = 500

/** The low 32 bits of a search key are the server's seq. */
const SEQ_OF_KEY = sql.raw('4294967295')

/** FTS5 column weights: names weigh most, README text least. */
const BM25 = sql.raw('bm25(servers_search, 10.0, 6.0, 2.0, 4.0, 5.0, 3.0, 0.5, 0.0)')

/** What a search reads within, and which page: its filters, its order and its reader. */
export interface ScopeRequest {
  /** Whose likes the cards show (null: a guest). */
  userId: ViewerId
  /** Only servers this reader liked (the Favorites view). */
  likedBy?: ViewerId
  /** Servers with every one of these tags. */
  tags: readonly string[]
  /** Servers in any of these categories. */
  categories: readonly string[]
  /** Only servers whose tools were read, with a remote, or with a package of a type (as for lists). */
  rowFilters?: RowFilters
  /** An explicit sort (its ORDER BY is SORT_ORDER's); relevance when absent. */
  sortBy?: ServerSort
  page: number
  limit: number
}

/** A search as its SQL reads it: the request with its filters and order made into SQL. */
export interface SearchScope {
  userId: ViewerId
  /** An explicit sort's ORDER BY; relevance when absent. */
  order?: Array<SQL | SQLiteColumn>
  page: number
  limit: number
  /** No filter: the whole catalogue, where every match of a word is a match of the query. */
  whole: boolean
  /** Narrows to the seqs this subquery yields (favourites); null for the whole catalogue. */
  only: SQL | null
  /**
   * Tag, category and row filters: an FTS5 expression that narrows inside the index (it may
   * over-match) and the exact condition on a server row.
   */
  narrow?: { fts: string; row: SQL }
}

/**
 * Filters on a listing's own row, for lists and searches alike: its tools were read (and it has
 * some: a surface of prompts alone has no tool to show), it has a remote to connect to, or it has
 * a package of a type.
 */
export interface RowFilters {
  toolsKnown?: boolean
  remote?: boolean
  packageType?: PackageType
}

/** Each sort's ORDER BY, for lists and searches alike. */
export const SORT_ORDER: Record<ServerSort, Array<SQL | SQLiteColumn>> = {
  stars: [desc(servers.stars), desc(servers.popularity), servers.id],
  likes: [desc(servers.likeCount), servers.id],
  updated: [desc(servers.updatedAt), servers.id],
  created: [desc(servers.createdAt), servers.id],
  ranking: [desc(servers.popularity), servers.id],
  rated: [desc(servers.gradeRank), desc(servers.stars), desc(servers.popularity), servers.id],
}

const facetsOf = (kept: RowFilters = {}): Facet[] => [
  ...(['toolsKnown', 'remote'] as const).filter((f) => kept[f]),
  ...(kept.packageType ? [kept.packageType] : []),
]

/**
 * The row filters as a condition on a server row; undefined when none. For a total, written as
 * the partial indexes of migrations/0017_search_tools.sql are, so a count reads only the rows they
 * hold; for a page (`walk`), kept out of any index's hands, so the page walks its sort's index
 * keeping rows that pass, which finds twenty in a few dozen rows rather than sorting every row a
 * filter keeps.
 */
export function rowFilter(kept: RowFilters = {}, walk = false): SQL | undefined {
  const plus = sql.raw(walk ? '+' : '')
  return and(
    kept.toolsKnown ? sql`${plus}${servers.toolCount} > 0` : undefined,
    kept.remote ? sql`${plus}${servers.remotes} <> '[]'` : undefined,
    // No SQLite index can hold a package's type (json_each): walked or counted, the row's
    // packages are read. A search narrows to it inside the FTS indexes instead (its facet).
    kept.packageType ? hasPackageType(kept.packageType) : undefined,
  )
}

/**
 * A list's total for row filters alone, when one of them is a package type: counted from the
 * postings of their facets in the labels' index (which holds every listed server), since no SQLite
 * index can hold a package's type and counting the rows reads every listed row's packages. The
 * facets are exact, so the count is. Null when there is no package type (partial indexes count
 * the other filters).
 */
export function facetTotal(db: DB, kept: RowFilters = {}) {
  if (!kept.packageType) return null
  const match = filterExpression([], [], facetsOf(kept))!
  return db.select({ n: sql<number>`count(*)` }).from(sql`servers_labels`).where(sql`servers_labels MATCH ${match}`)
}

/**
 * Tag, category and row filters: narrowed inside the index, then held exactly per row (a
 * correlated look-up per candidate rather than the whole tag's set of ids built per request).
 */
function narrowByFilters(tags: readonly string[], categories: readonly string[], kept?: RowFilters): SearchScope['narrow'] {
  const fts = filterExpression(tags, categories, facetsOf(kept))
  if (!fts) return undefined
  const row = and(
    rowFilter(kept, true),
    ...tags.map(
      (tag) => sql`EXISTS (SELECT 1 FROM ${serverTags} WHERE ${serverTags.serverId} = ${servers.id} AND ${serverTags.tag} = ${tag})`,
    ),
    categories.length
      ? sql`EXISTS (SELECT 1 FROM ${serverCategories} WHERE ${serverCategories.serverId} = ${servers.id} AND ${inArray(serverCategories.category, [...categories])})`
      : undefined,
  )!
  return { fts, row }
}

/**
 * The request's filters and order as SQL: the favourites as a set of seqs, tags, categories and
 * row filters as `narrow`.
 */
export function searchScope({ likedBy, tags, categories, rowFilters, sortBy, ...view }: ScopeRequest): SearchScope {
  const only = likedBy ? sql`SELECT ${servers.seq} FROM ${servers} WHERE ${likedFilter(likedBy)}` : null
  const narrow = narrowByFilters(tags, categories, rowFilters)
  return { ...view, order: sortBy ? SORT_ORDER[sortBy] : undefined, only, narrow, whole: !only && !narrow }
}

/** What narrows a search: a set of seqs, an FTS5 expression of filters, or neither. */
interface Narrowing {
  seqs: SQL | null
  fts: string | null
}

const narrowing = (req: SearchScope): Narrowing => ({ seqs: req.only, fts: req.narrow?.fts ?? null })

/** No narrowing: the whole catalogue (how common a word is, is counted over all of it). */
const WHOLE_CATALOGUE: Narrowing = { seqs: null, fts: null }

/**
 * The full-text indexes: `servers_search` (migrations/0010_search_index.sql) holds every
 * searchable column of a listing, `servers_labels` (migrations/0013_search_labels.sql) only names,
 * tags and categories, so a word's postings there are the servers it labels, and `servers_tools`
 * (migrations/0017_search_tools.sql) the tools read from servers, apart so that they never change
 * how bm25 ranks a card. Same tokenizer and rowids; the filters' columns are in all three.
 */
export const SEARCH_INDEXES = ['servers_search', 'servers_labels', 'servers_tools'] as const
export type SearchIndex = (typeof SEARCH_INDEXES)[number]

/** Index rows matching `match` (and the filters), at most `limit` of them, in search-key order. */
function matches(match: string, only: Narrowing, columns: SQL, limit: number, index: SearchIndex = 'servers_search'): SQL {
  // '+' keeps the set out of the index's hands: FTS5 scans its matches in key order and the
  // set is checked per match, rather than FTS5 being re-queried once per member.
  const filter = only.seqs ? sql` AND +(rowid & ${SEQ_OF_KEY}) IN (${only.seqs})` : sql``
  const expression = only.fts ? `(${match}) AND ${only.fts}` : match
  const table = sql.raw(index)
  return sql`SELECT ${columns} FROM ${table} WHERE ${table} MATCH ${expression}${filter} LIMIT ${limit}`
}

/** How many servers match, counted up to `cap` + 1. */
const countUpTo = (match: string, only: Narrowing, cap: number) => sql`(SELECT count(*) FROM (${matches(match, only, sql`1`, cap + 1)}))`

/**
 * How many servers a query finds, in its listing or its tools, counted up to `cap` + 1: the
 * union of two capped reads, so a server found both ways counts once.
 */
const foundUpTo = (fts: FtsQuery, only: Narrowing, cap: number) =>
  sql`(SELECT count(*) FROM (SELECT * FROM (${matches(fts.found, only, sql`rowid`, cap + 1)})
    UNION SELECT * FROM (${matches(fts.tools.any, only, sql`rowid`, cap + 1, 'servers_tools')}) LIMIT ${cap + 1}))`

/**
 * The statement counting how many servers of the whole catalogue hold each of `words`, up to
 * `cap` + 1: a rare word stops far sooner, and a word past it settles a query's total.
 */
function countWords(db: DB, words: readonly string[], cap: number) {
  // Aliased: D1 keys a row by column name, and the counts' SQL reads the same.
  const fields = Object.fromEntries(words.map((w, i) => [`w${i}`, countUpTo(exactTerm(w), WHOLE_CATALOGUE, cap).as(`w${i}`)]))
  return db.select(fields).from(sql`(SELECT 1)`)
}

/**
 * The index's terms from each unknown word's `prefix` on (those sharing its first letters), read
 * only if the query finds fewer than `few` servers and no server holds the word (it may not be
 * counted yet): the guard is the outer side of a CROSS JOIN, so when it yields no row the terms
 * are never read.
 */
function typoCandidates(db: DB, fts: FtsQuery, only: Narrowing, unknown: SearchReads['typos'], few: number) {
  const thin = sql`${foundUpTo(fts, only, few)} < ${few}`
  // A word some server's tools hold is no misspelling either.
  const held = (word: string) =>
    sql`EXISTS (${matches(exactTerm(word), WHOLE_CATALOGUE, sql`1`, 1)}) OR EXISTS (${matches(exactTerm(word), WHOLE_CATALOGUE, sql`1`, 1, 'servers_tools')})`
  const arms = unknown.map(({ word, prefix }, i) => {
    const guard = sql`(SELECT 1 AS go WHERE ${thin} AND NOT (${held(word)}))`
    return sql`SELECT * FROM (SELECT ${sql.raw(String(i))} AS w, v.term AS term, v.doc AS servers FROM ${guard} g CROSS JOIN servers_search_terms v
      WHERE v.term >= ${prefix} AND v.term < ${`${prefix}\u{10FFFF}`} LIMIT ${TYPO_TERMS})`
  })
  return db.select({ w: sql<number>`w`, term: sql<string>`term`, servers: sql<number>`servers` }).from(sql`(${unionAll(arms)})`)
}

/** D1 allows few terms per compound SELECT: arms are united three at a time, then the groups. */
function unionAll(parts: SQL[]): SQL {
  if (parts.length <= 3) return sql.join(parts, sql` UNION ALL `)
  const groups = []
  for (let i = 0; i < parts.length; i += 3) groups.push(sql`SELECT * FROM (${sql.join(parts.slice(i, i + 3), sql` UNION ALL `)})`)
  return unionAll(groups)
}

/**
 * Relevance: the bounded candidate set, ranked by tier, name, bm25 and popularity. Each row's
 * `level`: 4 what was typed, 3 a related term, 2 every word in its tools, 1 its category, 0 the
 * rest (services/search/explain.ts says it on the card).
 */
function byRelevance(db: DB, fts: FtsQuery, req: SearchScope) {
  const only = narrowing(req)
  const offset = pageOffset(req)
  const want = offset + req.limit
  const single = fts.words.length === 1
  const arm = (tier: number, match: string, ranked = false, cap = UNRANKED, index: SearchIndex = 'servers_search') =>
    ranked
      ? sql`SELECT k, ${sql.raw(String(tier))} AS tier, s FROM (${matches(match, only, sql`rowid AS k, ${BM25} AS s`, Math.max(RANKED, want))})`
      : sql`SELECT k, ${sql.raw(String(tier))} AS tier, NULL AS s FROM (${matches(match, only, sql`rowid AS k`, Math.max(cap, want), index)})`
  // Names and categories are asked of the labels' index.
  const labelled = (tier: number, match: string) => arm(tier, match, false, UNRANKED, 'servers_labels')
  // A server called exactly what was typed, found by its name's index however little known.
  const exact = sql`SELECT k, 3 AS tier, NULL AS s FROM (SELECT ${servers}.search_key AS k FROM ${servers}
    WHERE lower(${servers.displayName}) = ${fts.exactName} AND ${servers.status} = 'active'${req.only ? sql` AND ${servers.seq} IN (${req.only})` : sql``}${req.narrow ? sql` AND ${req.narrow.row}` : sql``} LIMIT 5)`
  const arms = [
    // Every word on the card; for a single distinctive word that is every card match bm25 may
    // rank, so as many as it ranks (a common word is not ranked by bm25).
    arm(2, fts.all, false, single && fts.distinctive ? RANKED : UNRANKED),
    fts.phrase ? arm(4, fts.phrase) : null,
    labelled(1, fts.inName),
    fts.nameStarts ? labelled(1, fts.nameStarts) : null,
    exact,
    // bm25 over the distinctive words only; servers matching nothing but common words follow,
    // best known first.
    fts.distinctive ? arm(0, fts.distinctive, true) : null,
    arm(0, fts.any),
    fts.related ? arm(5, fts.related) : null,
    fts.categories ? labelled(6, fts.categories) : null,
    // Tools: every word, then (for several words) any of them.
    arm(7, fts.tools.all, false, UNRANKED, 'servers_tools'),
    single ? null : arm(8, fts.tools.any, false, UNRANKED, 'servers_tools'),
  ].filter((a) => a !== null)
  // A server found by several arms counts once, with every tier it reached and its bm25 score.
  // Its level: what was typed (every word, its exact name, or for one word its name); else a
  // related term or, for several words, one of them in its name; else every word in its tools;
  // else its category; else the rest (some of the words, or the README). Tools come below related
  // terms: stemmed, a topic's word is often some tool's verb ('observability' ~ 'observe').
  // The category is checked on the row itself: the index holds slugs as words, so 'media' also
  // finds 'social-media'.
  const typed = sql.raw(single ? 'c.in_name OR c.every' : 'c.every')
  const inCategory = fts.expansion.categories.length
    ? sql.join(
        fts.expansion.categories.map((c) => sql`instr(${servers.categories}, ${`"${c.slug}"`}) > 0`),
        sql` OR `,
      )
    : sql`0`
  const level = sql<number>`CASE WHEN ${typed} OR c.exact THEN 4 WHEN c.related OR c.in_name THEN 3 WHEN c.tools THEN 2
    WHEN c.category AND (${inCategory}) THEN 1 ELSE 0 END`
  const candidates = sql`(SELECT k, max(tier = 2) AS every, max(tier = 4) AS phrase, max(tier = 3) AS exact, max(tier IN (1, 3)) AS in_name,
    max(tier = 5) AS related, max(tier = 6) AS category, max(tier = 7) AS tools, min(s) AS score
    FROM (${unionAll(arms)}) GROUP BY k) c`
  const deprecatedLast = sql`(COALESCE(${servers.upstreamStatus}, '') = 'deprecated')`
  // The page's rows are chosen on their sort keys alone, and only those rows are made into
  // cards: SQLite computes a sorted query's columns for every row it sorts, hundreds here.
  const keys = [
    'match_level DESC',
    'phrase DESC',
    'deprecated',
    'exact DESC',
    'in_name DESC',
    'score IS NULL',
    'score',
    'popularity DESC',
    'stars DESC',
    'id',
  ]
  const chosen = sql`(SELECT ${servers.seq} AS seq, ${level} AS match_level, c.phrase AS phrase, ${deprecatedLast} AS deprecated,
    c.exact AS exact, c.in_name AS in_name, c.score AS score, ${servers.popularity} AS popularity, ${servers.stars} AS stars, ${servers.id} AS id
    FROM ${servers} INNER JOIN ${candidates} ON ${servers.seq} = (c.k & ${SEQ_OF_KEY})${req.narrow ? sql` WHERE ${req.narrow.row}` : sql``}
    ORDER BY ${sql.raw(keys.join(', '))} LIMIT ${req.limit} OFFSET ${offset}) t`
  return db
    .select({ ...cardColumns(req.userId), level: sql<number>`t.match_level`, tools: toolTextFor(fts) })
    .from(servers)
    .innerJoin(chosen, sql`${servers.seq} = t.seq`)
    .orderBy(sql.raw(keys.map((k) => `t.${k}`).join(', ')))
}

/**
 * The row's tool text when it may hold a typed word, for the card to say which tool matched: read
 * with the page's own rows, and only for those whose tools hold a word's head.
 */
function toolTextFor(fts: FtsQuery) {
  const holds = or(...toolWordHeads(significantWords(fts.words)).map((head) => sql`instr(lower(${servers.toolText}), ${head}) > 0`))
  return sql<string | null>`CASE WHEN ${holds} THEN ${servers.toolText} END`.as('tools')
}

/**
 * An explicit sort: servers with every word on their card first, then the rest the query finds
 * (in its listing or its tools), each part in the sort's own order. Two bounded reads find the
 * page:
 * - the candidate set, read in the index's order (the best-known matches, up to the total's cap
 *   or the page's depth): below the cap that is every match and the order is exact; past it the
 *   total reads '1,000+' and the sort orders the matches a reader can page through;
 * - for a query with a common word, first a walk down the sort's own index, at most WALK rows,
 *   keeping rows with every word (a look-up of one rowid in the index each): where such rows are
 *   dense it finds the page exactly in a few dozen rows, and then the candidates are never read.
 */
function byOrder(db: DB, fts: FtsQuery, req: SearchScope, order: Array<SQL | SQLiteColumn>, dense: boolean, totalCap: number) {
  const only = narrowing(req)
  const offset = pageOffset(req)
  const want = offset + req.limit
  const cap = Math.max(totalCap, want)
  const arm = (every: number, match: string, index: SearchIndex = 'servers_search') =>
    sql`SELECT k, ${sql.raw(String(every))} AS every FROM (${matches(match, only, sql`rowid AS k`, cap, index)})`
  // The rest is read only when fewer servers than the page's depth have every word (counted
  // through the row filters, so a filter's over-match in the index never skips it): the guard
  // is the outer side of a CROSS JOIN, so when it yields no row the rest is never read.
  const firstEvery = sql`SELECT 1 FROM (${matches(fts.all, only, sql`rowid AS k`, want)}) e${
    req.narrow ? sql` CROSS JOIN ${servers} ON ${servers.seq} = (e.k & ${SEQ_OF_KEY}) WHERE ${req.narrow.row}` : sql``
  }`
  const short = sql`(SELECT 1 WHERE (SELECT count(*) FROM (${firstEvery})) < ${want}) g`
  const rest = (match: string, index?: SearchIndex) => sql`SELECT r.k, r.every FROM ${short} CROSS JOIN (${arm(0, match, index)}) r`
  // A server found by several arms is one row of the page's GROUP BY.
  const candidates = sql`SELECT (k & ${SEQ_OF_KEY}) AS seq, every
    FROM (${unionAll([arm(1, fts.all), rest(fts.found), rest(fts.tools.any, 'servers_tools')])})`
  const ordered = sql.join(order, sql`, `)
  const filters = and(sql`${servers.status} = 'active'`, req.only ? sql`${servers.seq} IN (${req.only})` : undefined, req.narrow?.row)
  // The walk: its rows come in the sort's order, so once it holds the page's depth of rows with
  // every word the page is theirs; the guard, the outer side of a CROSS JOIN, keeps the
  // candidates unread then.
  const walked = sql`SELECT w.seq AS seq, 1 AS every FROM (SELECT ${servers.seq} AS seq, ${servers}.search_key AS k FROM ${servers}
    WHERE ${filters} ORDER BY ${ordered} LIMIT ${WALK}) w
    WHERE EXISTS (SELECT 1 FROM servers_search WHERE servers_search MATCH ${fts.all} AND rowid = w.k) LIMIT ${want}`
  const found = dense
    ? sql`WITH walked AS MATERIALIZED (${walked}) SELECT seq, every FROM walked
      UNION ALL SELECT c.seq, c.every FROM (SELECT 1 WHERE (SELECT count(*) FROM walked) < ${want}) g CROSS JOIN (${candidates}) c`
    : candidates
  // CROSS JOIN: the rows found lead and each finds its row by key; joined the other way round,
  // SQLite walks the sort's index over the whole catalogue checking each row against the set.
  // Level 4 reads 'typed' on the card, 0 'other', as a relevance page's do.
  const chosen = sql`(SELECT ${servers.seq} AS seq, max(x.every) * 4 AS match_level
    FROM (${found}) x CROSS JOIN ${servers} ON ${servers.seq} = x.seq${req.narrow ? sql` WHERE ${req.narrow.row}` : sql``}
    GROUP BY x.seq ORDER BY match_level DESC, ${ordered} LIMIT ${req.limit} OFFSET ${offset}) t`
  return db
    .select({ ...cardColumns(req.userId), level: sql<number>`t.match_level`, tools: toolTextFor(fts) })
    .from(servers)
    .innerJoin(chosen, sql`${servers.seq} = t.seq`)
    .orderBy(sql`t.match_level DESC`, ...order)
}

/** What one round trip of a search reads: services/search/plan.ts decides it, `readSearch` sends it. */
export interface SearchReads {
  fts: FtsQuery
  /** Words whose servers are counted over the whole catalogue, each up to `cap` + 1. */
  count: readonly string[]
  /** The query has a common word: a sorted page first walks its sort's own index (see byOrder). */
  dense: boolean
  /** Matches are counted up to `cap` + 1, and a sorted page's candidates read up to `cap` (or the page's depth). */
  cap: number
  /** Whether the page's total is counted: not when it is already known to be past the cap. */
  countTotal: boolean
  /** Words no server may hold, whose spelling candidates are read: the index's terms from `prefix` on. */
  typos: ReadonlyArray<{ word: string; prefix: string }>
  /** Spelling candidates are read only when the query finds fewer servers than this. */
  thin: number
}

/** A page's row: its card, the level it was ranked at (see byRelevance), and its tool text when a typed word may be in it. */
export interface SearchRow {
  card: ServerSummary
  level: number
  tools: string | null
}

/** An index term read as a possible correction of the `w`-th of `SearchReads.typos`, with how many servers hold it. */
export interface TypoCandidate {
  w: number
  term: string
  servers: number
}

/** What one round trip of a search read. */
export interface SearchRead {
  /** The servers holding each of `SearchReads.count`, counted up to the cap + 1. */
  counts: number[]
  rows: SearchRow[]
  /** The matches, counted up to the cap + 1; null when not counted. */
  found: number | null
  candidates: TypoCandidate[]
}

/**
 * One round trip of a search, in one batch: the words' counts, the page in the order asked for
 * (an explicit sort, else relevance), its total, and the spelling candidates, each only when
 * `reads` asks for it.
 */
export async function readSearch(db: DB, scope: SearchScope, reads: SearchReads): Promise<SearchRead> {
  const { fts } = reads
  const only = narrowing(scope)
  const [counts, rows, count, candidates] = await batchOf(db, [
    reads.count.length ? countWords(db, reads.count, reads.cap) : null,
    scope.order ? byOrder(db, fts, scope, scope.order, reads.dense, reads.cap) : byRelevance(db, fts, scope),
    reads.countTotal ? db.select({ n: foundUpTo(fts, only, reads.cap) }).from(sql`(SELECT 1)`) : null,
    reads.typos.length ? typoCandidates(db, fts, only, reads.typos, reads.thin) : null,
  ] as const)
  return {
    counts: reads.count.map((_, i) => Number(counts?.[0]?.[`w${i}`] ?? 0)),
    rows: rows.map((row) => ({ card: toCard(row), level: Number(row.level), tools: row.tools })),
    found: count ? Number(count[0]?.n ?? 0) : null,
    candidates: (candidates ?? []).map((c) => ({ w: Number(c.w), term: String(c.term), servers: Number(c.servers) })),
  }
}
