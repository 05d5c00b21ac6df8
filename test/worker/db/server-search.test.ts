/**
 * Search at scale: the index holds listed servers only, in stars-then-popularity order, and a
 * search ranks a bounded candidate set; these tests hold it to the answers an unbounded search
 * would give where they matter (tiers, filters, explicit sorts, totals).
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { SEARCH_TOTAL_CAP } from '../../../worker/services/search/totals'
import { db, json } from '../helpers'

const MANY = SEARCH_TOTAL_CAP + 50

/** Inserts `count` servers in one statement; `i` runs 1..count inside the SQL expressions. */
async function bulkInsert(count: number, fields: { prefix: string; description: string; stars: string; created: string }) {
  await db().run(
    sql.raw(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO servers (id, name, display_name, description, author, version, tags, stars, status, created_at, updated_at)
    SELECT '${fields.prefix}-' || i, 'io.test/${fields.prefix}-' || i, 'Bulk ' || i, ${fields.description},
      'bulk', '1.0.0', '["bulk"]', ${fields.stars}, 'active', ${fields.created}, ${fields.created}
    FROM n`),
  )
}

async function insertOne(id: string, values: { name: string; description: string; stars?: number; tags?: string[]; created?: string }) {
  const created = values.created ?? '2020-01-01T00:00:00.000Z'
  await db().run(sql`INSERT INTO servers (id, name, display_name, description, author, version, tags, stars, status, created_at, updated_at)
    VALUES (${id}, ${`io.test/${id}`}, ${values.name}, ${values.description}, 'someone', '1.0.0', ${JSON.stringify(values.tags ?? [])},
      ${values.stars ?? 0}, 'active', ${created}, ${created})`)
  await Promise.all((values.tags ?? []).map((tag) => db().run(sql`INSERT INTO server_tags (server_id, tag) SELECT ${id}, ${tag}`)))
}

const search = (query: string) => json<ServerList>(`/api/servers/search?${query}`)
const indexed = async () => (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM servers_search`))!.n

beforeAll(async () => {
  // More servers say 'widget' than the total counts up to, most with many stars, created one
  // minute apart so every sort has one right answer.
  await bulkInsert(MANY, {
    prefix: 'widget',
    description: "'A widget server for ' || i",
    stars: '1000 + (i % 5000)',
    created: "strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' minutes')",
  })
  // Found by few: exact answers expected even though the common word is everywhere.
  await insertOne('obscure-both', { name: 'Quiet One', description: 'widget gizmo helper', stars: 0 })
  await insertOne('obscure-named', { name: 'Widget', description: 'does things', stars: 0 })
  await insertOne('tagged-1', { name: 'Tagged A', description: 'a widget for zeta', tags: ['zeta'] })
  await insertOne('tagged-2', { name: 'Tagged B', description: 'another widget', tags: ['zeta'] })
  await insertOne('tag-joined', { name: 'Joined Tag', description: 'a widget kappa', tags: ['vector-db'] })
  await insertOne('tag-apart', { name: 'Apart Tags', description: 'a widget kappa', tags: ['vector', 'db'] })
  await insertOne('gone', { name: 'Gone Widget', description: 'a deleted widget gizmo' })
  await db().run(sql`UPDATE servers SET status = 'deleted' WHERE id = 'gone'`)
})

describe('the search index', () => {
  it('holds listed servers only, and follows a server in and out of the listing', async () => {
    const active = (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM servers WHERE status = 'active'`))!.n
    expect(await indexed()).toBe(active)
    expect((await search('q=gizmo')).body.servers.map((s) => s.id)).toEqual(['obscure-both'])
    await db().run(sql`UPDATE servers SET status = 'active' WHERE id = 'gone'`)
    expect((await search('q=gizmo')).body.servers.map((s) => s.id).sort()).toEqual(['gone', 'obscure-both'])
    await db().run(sql`UPDATE servers SET status = 'deleted' WHERE id = 'gone'`)
    expect((await search('q=gizmo')).body.servers.map((s) => s.id)).toEqual(['obscure-both'])
    expect(await indexed()).toBe(active)
  })

  it('moves a server in its order when its popularity or stars cross a bucket, still once', async () => {
    const before = await indexed()
    const key = async () => (await db().get<{ k: number }>(sql`SELECT search_key AS k FROM servers WHERE id = 'obscure-named'`))!.k
    const first = await key()
    await db().run(sql`UPDATE servers SET popularity = 7, stars = 40000 WHERE id = 'obscure-named'`)
    expect(await key()).toBeLessThan(first)
    expect(await indexed()).toBe(before)
    const { body } = await search('q=does%20things')
    expect(body.servers.filter((s) => s.id === 'obscure-named')).toHaveLength(1)
    await db().run(sql`UPDATE servers SET popularity = 0, stars = 0 WHERE id = 'obscure-named'`)
    expect(await key()).toBe(first)
  })
})

describe("the labels' index", () => {
  const labelled = async (match: string) =>
    (await db().all<{ k: number }>(sql`SELECT rowid AS k FROM servers_labels WHERE servers_labels MATCH ${match}`)).map((r) => r.k)
  const keyOf = async (id: string) => (await db().get<{ k: number }>(sql`SELECT search_key AS k FROM servers WHERE id = ${id}`))!.k

  it('holds the same listed servers as the full index, by the same keys', async () => {
    const labels = (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM servers_labels`))!.n
    expect(labels).toBe(await indexed())
    expect(await labelled('display_name : "quiet"')).toEqual([await keyOf('obscure-both')])
    expect(await labelled('tags : "zeta"')).toEqual([await keyOf('tagged-1'), await keyOf('tagged-2')].sort((a, b) => a - b))
  })

  it('follows a rename, a new order and a delisting, and the name tier finds the new name', async () => {
    // 'Tagged' stems as 'tag': 'Joined Tag' and 'Apart Tags' hold it too.
    const tagged = await labelled('display_name : "tagged"')
    const renamed = await keyOf('tagged-1')
    expect(tagged).toContain(renamed)
    await db().run(sql`UPDATE servers SET display_name = 'Lighthouse Keeper' WHERE id = 'tagged-1'`)
    expect(await labelled('display_name : "tagged"')).toEqual(tagged.filter((k) => k !== renamed))
    expect(await labelled('display_name : "lighthouse"')).toEqual([await keyOf('tagged-1')])
    const { body } = await search('q=lighthouse')
    expect(body.servers.map((s) => s.id)).toEqual(['tagged-1'])
    await db().run(sql`UPDATE servers SET stars = 90000 WHERE id = 'tagged-1'`)
    expect(await labelled('display_name : "lighthouse"')).toEqual([await keyOf('tagged-1')])
    await db().run(sql`UPDATE servers SET status = 'deleted' WHERE id = 'tagged-1'`)
    expect(await labelled('display_name : "lighthouse"')).toEqual([])
    await db().run(sql`UPDATE servers SET status = 'active', display_name = 'Tagged A', stars = 0 WHERE id = 'tagged-1'`)
    expect(await labelled('display_name : "lighthouse"')).toEqual([])
    expect(await labelled('display_name : "tagged"')).toEqual(tagged)
  })
})

describe('relevance over more matches than it ranks', () => {
  it('counts up to the cap and says the total is a lower bound', async () => {
    const { body } = await search('q=widget')
    expect(body.total).toBe(SEARCH_TOTAL_CAP)
    expect(body.totalCapped).toBe(true)
    const few = await search('q=gizmo')
    expect(few.body).toMatchObject({ total: 1, totalCapped: false })
  })

  it('puts a server with every word first, however little known', async () => {
    const { body } = await search('q=widget%20gizmo')
    expect(body.servers[0]?.id).toBe('obscure-both')
  })

  it('finds a server called what was typed among thousands of better-known ones with the word in their names', async () => {
    const { body } = await search('q=widget')
    expect(body.servers.map((s) => s.id)).toContain('obscure-named')
    // The name tier comes first: every server on the page has the word in its name.
    expect(body.servers.every((s) => /widget/i.test(`${s.displayName} ${s.name}`))).toBe(true)
  })

  it('filters by tag before bounding, so a rare tag among common matches finds all of them', async () => {
    const { body } = await search('q=widget&tags=zeta')
    expect(body.servers.map((s) => s.id).sort()).toEqual(['tagged-1', 'tagged-2'])
    expect(body).toMatchObject({ total: 2, totalCapped: false })
  })
})

describe('filters narrowed inside the index', () => {
  it('holds the rows to the exact tags, though the index reads two tags side by side as one', async () => {
    for (const sort of ['', '&sortBy=stars']) {
      const { body } = await search(`q=kappa&tags=vector-db${sort}`)
      expect(body.servers.map((s) => s.id)).toEqual(['tag-joined'])
    }
  })
})

describe('an explicit sort over more matches than the cap', () => {
  it('gives the true first page of the sort, not the best-known matches re-sorted', async () => {
    const expected = await db().all<{ id: string }>(
      sql`SELECT id FROM servers WHERE status = 'active' AND (description LIKE '%widget%' OR display_name LIKE '%widget%') ORDER BY created_at DESC, id LIMIT 20`,
    )
    const { body } = await search('q=widget&sortBy=created')
    expect(body.servers.map((s) => s.id)).toEqual(expected.map((r) => r.id))
  })

  it('pages on in the same order', async () => {
    const expected = await db().all<{ id: string }>(
      sql`SELECT id FROM servers WHERE status = 'active' AND (description LIKE '%widget%' OR display_name LIKE '%widget%') ORDER BY stars DESC, popularity DESC, id LIMIT 20 OFFSET 40`,
    )
    const { body } = await search('q=widget&sortBy=stars&page=3')
    expect(body.servers.map((s) => s.id)).toEqual(expected.map((r) => r.id))
  })

  it('puts servers with every word first, then the rest, across the page boundary', async () => {
    const first = await search('q=gizmo%20widget&sortBy=created&limit=3')
    expect(first.body.servers[0]?.id).toBe('obscure-both')
    const newest = await db().all<{ id: string }>(
      sql`SELECT id FROM servers WHERE status = 'active' AND (description LIKE '%widget%' OR display_name LIKE '%widget%') AND id <> 'obscure-both' ORDER BY created_at DESC, id LIMIT 2`,
    )
    expect(first.body.servers.slice(1).map((s) => s.id)).toEqual(newest.map((r) => r.id))
    const second = await search('q=gizmo%20widget&sortBy=created&limit=3&page=2')
    const next = await db().all<{ id: string }>(
      sql`SELECT id FROM servers WHERE status = 'active' AND (description LIKE '%widget%' OR display_name LIKE '%widget%') AND id <> 'obscure-both' ORDER BY created_at DESC, id LIMIT 3 OFFSET 2`,
    )
    expect(second.body.servers.map((s) => s.id)).toEqual(next.map((r) => r.id))
  })
})
