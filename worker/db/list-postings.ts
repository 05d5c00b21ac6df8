/**
 * Lists filtered by tags or categories, read from their postings (`tag_postings`,
 * `category_postings`: copies of each server's sort keys, kept by triggers) in the order of the
 * list's sort, so a page reads the postings it skips and shows and no more, whatever the
 * catalogue's size. See docs/categories.md, "Lists by tag and category".
 *
 * - One tag or one category and no other filter: the page and the kept count, one round trip.
 * - With favourites or row filters too: the same walk, each posting checked, and a total counted up
 *   to LIST_TOTAL_CAP ('1,000+' beyond), still one round trip.
 * - Several categories and no tag: each category's first page-full merged, and a capped total, one
 *   round trip.
 * - Several tags, or tags and a category: the kept counts first, to drive from the filter with the
 *   fewest servers (the others are checked per posting by key), then the page and a capped total:
 *   two round trips.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { ServerSort } from '@shared/limits'
import type { DB } from './client'
import { pageOffset } from './paging'
import {
  categoryPostings,
  keptCategoryCounts,
  keptTagCounts,
  serverCategories,
  serverLikes,
  servers,
  serverTags,
  tagPostings,
} from './schema'
import { type CardRow, cardColumns } from './server-cards'
import { type RowFilters, rowFilter } from './server-search'
import type { ViewerId } from './sessions'

/** A combination's total is counted up to this many servers, and shown as '1,000+' beyond. */
export const LIST_TOTAL_CAP = 1_000

/** What a filtered list asks for (the list options of servers.ts, less the search). */
export interface PostingListRequest {
  tags: readonly string[]
  categories: readonly string[]
  sortBy: ServerSort
  page: number
  limit: number
  userId: ViewerId
  likedBy?: ViewerId
  rowFilters?: RowFilters
}

export interface PostingListPage {
  rows: CardRow[]
  total: number
  totalCapped: boolean
}

type Postings = typeof tagPostings | typeof categoryPostings

/** The postings a list is walked from: one tag's or one category's. */
interface Driver {
  table: Postings
  key: SQLiteColumn
  value: string
}

const tagDriver = (tag: string): Driver => ({ table: tagPostings, key: tagPostings.tag, value: tag })
const categoryDriver = (category: string): Driver => ({ table: categoryPostings, key: categoryPostings.category, value: category })

/** A posting's sort keys: a postings table's columns, or those of a union of its rows. */
type SortKeys = Record<'stars' | 'popularity' | 'likeCount' | 'updatedAt' | 'createdAt' | 'gradeRank' | 'serverId', SQL | SQLiteColumn>

/** Each sort on the postings' copies, in the partial index of that sort (ties by id as the list's). */
function postingOrder(p: SortKeys, sort: ServerSort): Array<SQL | SQLiteColumn> {
  switch (sort) {
    case 'stars':
      return [desc(p.stars), desc(p.popularity), p.serverId]
    case 'likes':
      return [desc(p.likeCount), p.serverId]
    case 'updated':
      return [desc(p.updatedAt), p.serverId]
    case 'created':
      return [desc(p.createdAt), p.serverId]
    case 'ranking':
      return [desc(p.popularity), p.serverId]
    case 'rated':
      return [desc(p.gradeRank), desc(p.stars), desc(p.popularity), p.serverId]
  }
}

/** The driver's active postings (the literal `active = 1` lets SQLite read the partial indexes). */
const driven = (d: Driver) => and(eq(d.key, d.value), sql`${d.table.active} = 1`)!

/**
 * Every filter but the driver, held per posting by key look-ups: another tag (AND), any of the
 * categories (OR), the viewer's like, and the row filters on the server's own row.
 */
function checks(req: PostingListRequest, d: Driver): SQL[] {
  const id = d.table.serverId
  const out: SQL[] = []
  for (const tag of req.tags) {
    if (d.table === tagPostings && tag === d.value) continue
    out.push(sql`EXISTS (SELECT 1 FROM ${serverTags} WHERE ${serverTags.tag} = ${tag} AND ${serverTags.serverId} = ${id})`)
  }
  if (req.categories.length && d.table !== categoryPostings) {
    out.push(
      sql`EXISTS (SELECT 1 FROM ${serverCategories} WHERE ${inArray(serverCategories.category, [...req.categories])} AND ${serverCategories.serverId} = ${id})`,
    )
  }
  if (req.likedBy) {
    out.push(sql`EXISTS (SELECT 1 FROM ${serverLikes} WHERE ${serverLikes.userId} = ${req.likedBy} AND ${serverLikes.serverId} = ${id})`)
  }
  const row = rowFilter(req.rowFilters, true)
  if (row) out.push(row)
  return out
}

function pageOf(db: DB, req: PostingListRequest, d: Driver, held: SQL[]) {
  return db
    .select(cardColumns(req.userId))
    .from(d.table)
    .crossJoin(servers)
    .where(and(driven(d), eq(servers.id, d.table.serverId), ...held))
    .orderBy(...postingOrder(d.table, req.sortBy))
    .limit(req.limit)
    .offset(pageOffset(req))
}

/** Postings that match, joined to their server's row only when a row filter needs it. */
function matchesOf(req: PostingListRequest, p: Postings, where: SQL, held: SQL[], columns: SQL) {
  return rowFilter(req.rowFilters)
    ? sql`SELECT ${columns} FROM ${p} CROSS JOIN ${servers} WHERE ${and(where, eq(servers.id, p.serverId), ...held)}`
    : sql`SELECT ${columns} FROM ${p} WHERE ${and(where, ...held)}`
}

/** Matches counted up to one past the cap. */
const countUpToCap = (db: DB, matches: SQL) => db.select({ n: sql<number>`count(*)` }).from(sql`(${matches} LIMIT ${LIST_TOTAL_CAP + 1})`)

/** The matches of a combination, counted up to one past the cap. */
const cappedCount = (db: DB, req: PostingListRequest, d: Driver, held: SQL[]) =>
  countUpToCap(db, matchesOf(req, d.table, driven(d), held, sql`1`))

/** The columns of a union of category postings (`unionPage`), named as the table's. */
const UNION_KEYS: SortKeys = {
  stars: sql`u.stars`,
  popularity: sql`u.popularity`,
  likeCount: sql`u.like_count`,
  updatedAt: sql`u.updated_at`,
  createdAt: sql`u.created_at`,
  gradeRank: sql`u.grade_rank`,
  serverId: sql`u.server_id`,
}

/**
 * Several categories and no tag (a union): each category's first offset + limit matches in the
 * sort's index (the page is among them), merged without repeats (a server's postings carry the
 * same keys in each of its categories), sorted, and the page taken: at most 5 × (offset + limit)
 * postings (MAX_CATEGORY_FILTER).
 */
function unionPage(db: DB, req: PostingListRequest, held: SQL[]) {
  const p = categoryPostings
  const upTo = sql.raw(String(pageOffset(req) + req.limit))
  const columns = sql`${p.serverId}, ${p.stars}, ${p.popularity}, ${p.likeCount}, ${p.updatedAt}, ${p.createdAt}, ${p.gradeRank}`
  const arms = req.categories.map((category) => {
    const first = matchesOf(req, p, driven(categoryDriver(category)), held, columns)
    return sql`SELECT * FROM (${first} ORDER BY ${sql.join(postingOrder(p, req.sortBy), sql`, `)} LIMIT ${upTo})`
  })
  return db
    .select(cardColumns(req.userId))
    .from(sql`(${sql.join(arms, sql` UNION `)}) AS u`)
    .crossJoin(servers)
    .where(eq(servers.id, UNION_KEYS.serverId))
    .orderBy(...postingOrder(UNION_KEYS, req.sortBy))
    .limit(req.limit)
    .offset(pageOffset(req))
}

/** The servers in any of the categories, counted up to one past the cap. */
function unionCount(db: DB, req: PostingListRequest, held: SQL[]) {
  const p = categoryPostings
  const where = and(inArray(p.category, [...req.categories]), sql`${p.active} = 1`)!
  return countUpToCap(db, matchesOf(req, p, where, held, sql`DISTINCT ${p.serverId}`))
}

const capped = (n: number) => ({ total: Math.min(n, LIST_TOTAL_CAP), totalCapped: n > LIST_TOTAL_CAP })

/** The one tag or the one category of a list that has no other: its driver, known without counts. */
function soleDriver(req: PostingListRequest): Driver | null {
  if (req.tags.length === 1 && req.categories.length === 0) return tagDriver(req.tags[0])
  if (req.tags.length === 0 && req.categories.length === 1) return categoryDriver(req.categories[0])
  return null
}

/**
 * A page of a list filtered by tags (AND) and/or categories (OR), with favourites and row filters
 * if any, and its total. Null without a tag or a category (favourites or row filters alone): the
 * caller walks the catalogue's own sort index.
 */
export async function postingList(db: DB, req: PostingListRequest): Promise<PostingListPage | null> {
  if (req.tags.length === 0 && req.categories.length === 0) return null
  if (req.tags.length === 0 && req.categories.length > 1) {
    // Every filter but the categories, which the union holds.
    const held = checks(req, categoryDriver(''))
    const [rows, count] = await db.batch([unionPage(db, req, held), unionCount(db, req, held)])
    return { rows, ...capped(count[0]?.n ?? 0) }
  }
  const sole = soleDriver(req)
  const driver = sole ?? (await chooseDriver(db, req))
  if (driver === 'empty') return { rows: [], total: 0, totalCapped: false }
  const held = checks(req, driver)
  if (held.length === 0) {
    // One tag or one category alone: its kept count is its exact total.
    const [counted, key] =
      driver.table === tagPostings ? [keptTagCounts, keptTagCounts.tag] : [keptCategoryCounts, keptCategoryCounts.category]
    const [rows, count] = await db.batch([
      pageOf(db, req, driver, held),
      db.select({ n: counted.n }).from(counted).where(eq(key, driver.value)),
    ])
    return { rows, total: count[0]?.n ?? 0, totalCapped: false }
  }
  const [rows, count] = await db.batch([pageOf(db, req, driver, held), cappedCount(db, req, driver, held)])
  return { rows, ...capped(count[0]?.n ?? 0) }
}

/**
 * The filter with the fewest active servers, from the kept counts: one of the tags, or the
 * category when there is only one (several are a union, checked per posting). 'empty' when a tag
 * or the categories together have no active server.
 */
async function chooseDriver(db: DB, req: PostingListRequest): Promise<Driver | 'empty'> {
  const [tagRows, categoryRows] = await db.batch([
    db
      .select({ key: keptTagCounts.tag, n: keptTagCounts.n })
      .from(keptTagCounts)
      .where(inArray(keptTagCounts.tag, req.tags.length ? [...req.tags] : [''])),
    db
      .select({ key: keptCategoryCounts.category, n: keptCategoryCounts.n })
      .from(keptCategoryCounts)
      .where(inArray(keptCategoryCounts.category, req.categories.length ? [...req.categories] : [''])),
  ])
  const tagCount = new Map(tagRows.map((r) => [r.key, r.n]))
  const categoryCount = new Map(categoryRows.map((r) => [r.key, r.n]))
  let best: { driver: Driver; n: number } | null = null
  for (const tag of req.tags) {
    const n = tagCount.get(tag) ?? 0
    if (n === 0) return 'empty'
    if (!best || n < best.n) best = { driver: tagDriver(tag), n }
  }
  if (req.categories.length) {
    const counts = req.categories.map((c) => categoryCount.get(c) ?? 0)
    const sum = counts.reduce((a, b) => a + b, 0)
    if (sum === 0) return 'empty'
    if (req.categories.length === 1 && (!best || sum < best.n)) best = { driver: categoryDriver(req.categories[0]), n: sum }
  }
  // At least one tag, or exactly one category (postingList's guard): there is a driver.
  return best!.driver
}
