/**
 * The "Best rated" sort and the minimum-grade filter (docs/verdict.md): each list reads its own
 * rated index (migrations/0028_verdicts.sql) in order, with no sort of its own, and lists,
 * searches, tags and categories answer what a reference computed from the rows would. Grades are
 * set on the rows as the verdicts job stores them (test/worker/factories.ts `setGrade`).
 */
import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { soleDriverPage } from '../../../worker/db/list-postings'
import { catalogueWalk } from '../../../worker/db/servers'
import { SEARCH_TOTAL_CAP } from '../../../worker/services/search/totals'
import type { ServerSort } from '../../../worker/shared/limits'
import { GRADES, type Grade } from '../../../worker/shared/verdict'
import { insertServer, setGrade } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'

const page = { page: 1, limit: 20, userId: null } as const

/** The statement's own steps (the cards' subqueries have theirs, with sorts of their own). */
async function outerPlan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql: text, params } = query.toSQL()
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ parent: number; detail: string }>()
  return results.filter((r) => r.parent === 0).map((r) => r.detail)
}

describe('the rated indexes', () => {
  const noSort = (plan: string[]) => expect(plan.filter((d) => d.includes('TEMP B-TREE')))

  it.each([
    ['rated', undefined, 'servers_rated_idx (status=?)'],
    ['rated', 'B', 'servers_rated_idx (status=? AND grade_rank>?)'],
    // Another sort walks its own index, the grade checked per row as the other row filters are.
    ['stars', 'B', 'servers_stars_idx (status=?)'],
  ] as Array<[ServerSort, Grade | undefined, string]>)('a list sorted %s, minimum grade %s, walks %s', async (sortBy, minGrade, index) => {
    const plan = await outerPlan(catalogueWalk(db(), { q: undefined, sortBy, ...page, rowFilters: { minGrade } }))
    expect(plan[0]).toBe(`SEARCH servers USING INDEX ${index}`)
    noSort(plan).toEqual([])
  })

  it.each([
    [['db'], [], 'rated', undefined, 'tag_postings USING COVERING INDEX tag_postings_rated_idx (tag=?)'],
    [['db'], [], 'rated', 'B', 'tag_postings USING COVERING INDEX tag_postings_rated_idx (tag=? AND grade_rank>?)'],
    [[], ['databases'], 'rated', undefined, 'category_postings USING COVERING INDEX category_postings_rated_idx (category=?)'],
    [[], ['databases'], 'rated', 'C', 'category_postings USING COVERING INDEX category_postings_rated_idx (category=? AND grade_rank>?)'],
    [[], ['databases'], 'stars', 'C', 'category_postings USING INDEX category_postings_stars_idx (category=?)'],
  ] as Array<[string[], string[], ServerSort, Grade | undefined, string]>)(
    'a list of tags %j, categories %j sorted %s, minimum grade %s, walks %s',
    async (tags, categories, sortBy, minGrade, index) => {
      const plan = await outerPlan(soleDriverPage(db(), { tags, categories, sortBy, ...page, rowFilters: { minGrade } }))
      expect(plan[0]).toBe(`SEARCH ${index}`)
      noSort(plan).toEqual([])
    },
  )
})

interface Row {
  id: string
  grade: Grade | null
  stars: number
  popularity: number
  tags: string[]
  categories: string[]
}

const rank = (g: Grade | null) => (g === null ? 0 : GRADES.length - GRADES.indexOf(g))
/** "Best rated" as the specification says it: grade, stars, popularity, id. */
const rated = (x: Row, y: Row) =>
  rank(y.grade) - rank(x.grade) || y.stars - x.stars || y.popularity - x.popularity || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
const byStars = (x: Row, y: Row) => y.stars - x.stars || y.popularity - x.popularity || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
const atLeast = (min: Grade | undefined) => (r: Row) => !min || rank(r.grade) >= rank(min)
const ids = (body: ServerList) => body.servers.map((s) => s.id)

describe('lists, tags, categories and searches by grade', () => {
  const rows: Row[] = []
  beforeAll(async () => {
    // 30 servers saying 'quokka', grades A to E and none in turn, stars tying across grades.
    for (let i = 0; i < 30; i++) {
      const row: Row = {
        id: `quokka-${String(i).padStart(2, '0')}`,
        grade: ([...GRADES, null] as const)[i % 6],
        stars: i % 4,
        popularity: i % 7,
        tags: i % 3 ? ['marsupial'] : [],
        categories: i % 2 ? ['databases'] : ['search-web'],
      }
      await insertServer({
        id: row.id,
        displayName: `Quokka ${i}`,
        description: `A quokka server number ${i}`,
        stars: row.stars,
        popularity: row.popularity,
        tags: row.tags,
        categories: row.categories,
      })
      await setGrade(row.id, row.grade)
      rows.push(row)
    }
  })

  const cases: Array<[string, (r: Row) => boolean]> = [
    ['', () => true],
    ['&tags=marsupial', (r) => r.tags.includes('marsupial')],
    ['&category=databases', (r) => r.categories.includes('databases')],
    ['&category=databases,search-web', () => true],
  ]

  it.each(cases)('a list%s sorted by rated and filtered by each grade answers the reference, page by page', async (filter, keep) => {
    for (const minGrade of [undefined, ...GRADES]) {
      const want = rows.filter(keep).filter(atLeast(minGrade)).sort(rated)
      for (const p of [1, 2, 3]) {
        // The catalogue holds the tests' other servers too (no grade): only a tag or category list holds ours alone.
        const path = `/api/servers?sortBy=rated&limit=4&page=${p}${minGrade ? `&minGrade=${minGrade}` : ''}${filter}`
        const { status, body } = await json<ServerList>(path)
        expect(status, path).toBe(200)
        if (filter || minGrade) {
          expect(ids(body), path).toEqual(want.slice((p - 1) * 4, p * 4).map((r) => r.id))
          expect(body.total, path).toBe(want.length)
        }
        for (const card of body.servers) expect(card.grade).toBe(rows.find((r) => r.id === card.id)?.grade ?? null)
      }
    }
  })

  it.each(cases)('a search%s sorted by rated, or by stars, with a minimum grade answers the reference', async (filter, keep) => {
    for (const minGrade of [undefined, 'A', 'C', 'E'] as const) {
      for (const [sortBy, cmp] of [
        ['rated', rated],
        ['stars', byStars],
      ] as const) {
        const want = rows.filter(keep).filter(atLeast(minGrade)).sort(cmp)
        const path = `/api/servers/search?q=quokka&sortBy=${sortBy}&limit=50${minGrade ? `&minGrade=${minGrade}` : ''}${filter}`
        const { body } = await json<ServerList>(path)
        expect(ids(body), path).toEqual(want.map((r) => r.id))
        expect(body.total, path).toBe(want.length)
      }
      // By relevance: the same servers (their order is the ranking's).
      const path = `/api/servers/search?q=quokka&limit=50${minGrade ? `&minGrade=${minGrade}` : ''}${filter}`
      const { body } = await json<ServerList>(path)
      const want = rows.filter(keep).filter(atLeast(minGrade))
      expect(ids(body).sort(), path).toEqual(want.map((r) => r.id).sort())
      expect(body.total, path).toBe(want.length)
    }
  })

  it('answers 400 with the schema’s message for a grade that is not one', async () => {
    for (const path of ['/api/servers?minGrade=F', '/api/servers/search?q=quokka&minGrade=b', '/api/servers?tags=marsupial&minGrade=AB'])
      expectInvalidInput(await json(path), 'minGrade', 'Must be one of A, B, C, D, E')
  })
})

describe('a common word, sorted by rated with a minimum grade', () => {
  it('walks to the true page and counts up to the cap', async () => {
    // More servers say 'wombat' than the total counts up to: a sorted search walks its sort's index.
    await db().run(
      sql.raw(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SEARCH_TOTAL_CAP + 200})
      INSERT INTO servers (id, name, display_name, description, author, tags, stars, popularity, status, grade, grade_rank)
      SELECT printf('wombat-%04d', i), 'io.test/wombat-' || i, 'Wombat ' || i, 'A wombat server ' || i, 'w', '[]', i % 50, i % 13, 'active',
        CASE i % 6 WHEN 0 THEN 'A' WHEN 1 THEN 'B' WHEN 2 THEN 'C' WHEN 3 THEN 'D' WHEN 4 THEN 'E' END,
        CASE i % 6 WHEN 0 THEN 5 WHEN 1 THEN 4 WHEN 2 THEN 3 WHEN 3 THEN 2 WHEN 4 THEN 1 ELSE 0 END FROM n`),
    )
    for (const [minGrade, p] of [
      ['B', 1],
      ['B', 3],
      ['D', 2],
    ] as const) {
      const want = await db().all<{ id: string }>(
        sql`SELECT id FROM servers WHERE id LIKE 'wombat-%' AND grade_rank >= ${rank(minGrade)}
          ORDER BY grade_rank DESC, stars DESC, popularity DESC, id LIMIT 20 OFFSET ${(p - 1) * 20}`,
      )
      const n = (await db().get<{ n: number }>(
        sql`SELECT count(*) AS n FROM servers WHERE id LIKE 'wombat-%' AND grade_rank >= ${rank(minGrade)}`,
      ))!.n
      // Twice: the first request counts the word, the second reads it as common.
      for (const _ of [1, 2]) {
        const { body } = await json<ServerList>(`/api/servers/search?q=wombat&sortBy=rated&minGrade=${minGrade}&page=${p}`)
        expect(ids(body), `${minGrade} ${p}`).toEqual(want.map((r) => r.id))
        expect([body.total, body.totalCapped]).toEqual([Math.min(n, SEARCH_TOTAL_CAP), n > SEARCH_TOTAL_CAP])
      }
    }
  })
})
