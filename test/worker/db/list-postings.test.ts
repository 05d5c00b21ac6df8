/**
 * The kept postings and counts (migrations/0022_list_postings.sql) stay equal to the truth
 * computed from `servers`, `server_tags` and `server_categories` after every kind of write, and the
 * lists read from them answer as the unindexed queries would.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { categoryCounts } from '../../../worker/db/categories'
import { setServerLike } from '../../../worker/db/engagement'
import { importEntries } from '../../../worker/db/imports'
import { LIST_TOTAL_CAP } from '../../../worker/db/list-postings'
import { applyRegistryPage } from '../../../worker/db/registry-sync'
import { servers, syncRuns } from '../../../worker/db/schema'
import { setServerStatus, updateServer } from '../../../worker/db/server-writes'
import { saveRepoFacts, tagCounts } from '../../../worker/db/servers'
import { listServers } from '../../../worker/services/search/list-or-search'
import { SERVER_SORTS } from '../../../worker/shared/limits'
import { serverListing } from '../../../worker/shared/server-list'
import { signIn } from '../auth-helpers'
import { insertServer, OFFICIAL_META, registryEntry } from '../factories'
import { db } from '../helpers'

const all = async (query: string) => (await db().all(sql.raw(query))) as Array<Record<string, unknown>>

/** Every kept row against what the source tables say now. */
async function expectKeptTrue() {
  for (const [side, key, postings, counts] of [
    ['server_tags', 'tag', 'tag_postings', 'tag_counts'],
    ['server_categories', 'category', 'category_postings', 'category_counts'],
  ] as const) {
    const truth = await all(
      `SELECT x.${key} AS k, s.id AS id, s.status = 'active' AS active, s.stars, s.popularity, s.like_count, s.updated_at, s.created_at
       FROM ${side} x JOIN servers s ON s.id = x.server_id ORDER BY 1, 2`,
    )
    const kept = await all(
      `SELECT ${key} AS k, server_id AS id, active, stars, popularity, like_count, updated_at, created_at FROM ${postings} ORDER BY 1, 2`,
    )
    expect(kept, postings).toEqual(truth)
    const truthCounts = await all(
      `SELECT x.${key} AS k, count(*) AS n FROM ${side} x JOIN servers s ON s.id = x.server_id WHERE s.status = 'active' GROUP BY 1 ORDER BY 1`,
    )
    const keptCounts = await all(`SELECT ${key} AS k, n FROM ${counts} WHERE n <> 0 ORDER BY 1`)
    expect(keptCounts, counts).toEqual(truthCounts)
  }
}

const row = async (id: string) => (await db().select().from(servers).where(eq(servers.id, id)))[0]

describe('kept tag and category postings', () => {
  it('follow creates, tag and category edits, likes, stars, status changes, deletes and restores', async () => {
    const alice = await signIn('alice')
    const a = await insertServer({ tags: ['db', 'files'], categories: ['databases'], stars: 5 })
    const b = await insertServer({ tags: ['db'], categories: ['databases', 'search-web'], status: 'pending' })
    await expectKeptTrue()

    await updateServer(db(), await row(a.id), { tags: ['db', 'web'], categories: ['search-web'] }, alice.user!.id)
    await expectKeptTrue()
    await setServerLike(db(), alice.user!.id, a.id, true)
    await expectKeptTrue()
    await saveRepoFacts(db(), a.id, { stars: 99, ownerAvatarUrl: null, license: null })
    await expectKeptTrue()
    await setServerStatus(db(), b.id, 'active')
    await expectKeptTrue()
    await setServerStatus(db(), a.id, 'deleted')
    await expectKeptTrue()
    await setServerStatus(db(), a.id, 'active')
    await expectKeptTrue()
    await setServerLike(db(), alice.user!.id, a.id, false)
    await expectKeptTrue()
    // A row removed outright: its side rows go by cascade, and so do their postings and counts.
    await db().delete(servers).where(eq(servers.id, b.id))
    await expectKeptTrue()
    expect((await tagCounts(db())).find((t) => t.tag === 'db')?.count).toBe(1)
    expect((await categoryCounts(db())).find((c) => c.slug === 'databases')?.count).toBe(0)
  })

  it('follow imports and the registry sync', async () => {
    await importEntries(db(), [
      registryEntry('io.github.acme/pg', 'Query Postgres'),
      registryEntry('io.github.acme/web', 'Browse with Playwright'),
    ])
    await expectKeptTrue()
    const [run] = await db().insert(syncRuns).values({ kind: 'full' }).returning()
    await applyRegistryPage(
      db(),
      run.id,
      [
        { server: registryEntry('io.github.acme/pg', 'Manage Kubernetes clusters'), meta: OFFICIAL_META },
        { server: registryEntry('io.github.acme/web', 'Browse with Playwright'), meta: { ...OFFICIAL_META, status: 'deleted' } },
        { server: registryEntry('io.github.acme/new', 'Query Postgres'), meta: OFFICIAL_META },
      ],
      { cursor: null, done: true },
    )
    await expectKeptTrue()
  })
})

describe('lists from the postings', () => {
  const guest = (tags: string[], categories: string[], sortBy: (typeof SERVER_SORTS)[number], page = 1, limit = 3) =>
    listServers(db(), { ...serverListing(null, sortBy), tags, categories, page, limit, userId: null })

  it('answer every sort, page and combination as the servers table would', async () => {
    for (let i = 0; i < 12; i++) {
      await insertServer({
        tags: i % 2 ? ['odd', 'all'] : ['all'],
        categories: i % 3 ? ['databases'] : ['search-web'],
        stars: i % 4,
        popularity: i % 5,
        likeCount: i % 3,
        status: i === 5 ? 'deleted' : 'active',
      })
    }
    const rows = (await db().select().from(servers)).filter((s) => s.status === 'active')
    const cmp = (sort: (typeof SERVER_SORTS)[number]) => (x: (typeof rows)[number], y: (typeof rows)[number]) => {
      const keys: Record<string, Array<[number | string, number | string]>> = {
        stars: [
          [y.stars, x.stars],
          [y.popularity, x.popularity],
        ],
        likes: [[y.likeCount, x.likeCount]],
        updated: [[y.updatedAt, x.updatedAt]],
        created: [[y.createdAt, x.createdAt]],
        ranking: [[y.popularity, x.popularity]],
        rated: [
          [y.gradeRank, x.gradeRank],
          [y.stars, x.stars],
          [y.popularity, x.popularity],
        ],
      }
      for (const [p, q] of [...keys[sort], [x.id, y.id]]) if (p !== q) return p < q ? -1 : 1
      return 0
    }
    for (const sortBy of SERVER_SORTS) {
      for (const [tags, categories] of [
        [['all'], []],
        [['odd'], ['databases']],
        [['odd', 'all'], []],
        [[], ['databases']],
        [[], ['databases', 'search-web']],
      ] as Array<[string[], string[]]>) {
        const want = rows
          .filter((s) => tags.every((t) => s.tags.includes(t)) && (!categories.length || categories.some((c) => s.categories.includes(c))))
          .sort(cmp(sortBy))
          .map((s) => s.id)
        for (const page of [1, 2]) {
          const got = await guest(tags, categories, sortBy, page)
          expect(
            got.servers.map((s) => s.id),
            `${sortBy} ${tags} ${categories} ${page}`,
          ).toEqual(want.slice((page - 1) * 3, page * 3))
          expect(got.total).toBe(want.length)
          expect(got.totalCapped ?? false).toBe(false)
        }
      }
    }
  })

  it('holds favourites and row filters on a tag and on several categories', async () => {
    const alice = await signIn('alice')
    const made = []
    for (let i = 0; i < 6; i++) {
      made.push(
        await insertServer({
          tags: ['t'],
          categories: [i % 2 ? 'databases' : 'search-web'],
          stars: i,
          remotes: i < 3 ? [] : [{ type: 'sse', url: 'https://x.test/sse' }],
        }),
      )
    }
    for (const s of [made[0], made[3], made[4]]) await setServerLike(db(), alice.user!.id, s.id, true)
    const list = (tags: string[], categories: string[], more: object) =>
      listServers(db(), { ...serverListing(null, 'stars'), tags, categories, page: 1, limit: 10, userId: null, ...more })
    const ids = async (p: ReturnType<typeof list>) => (await p).servers.map((s) => s.id)
    expect(await ids(list(['t'], [], { likedBy: alice.user!.id }))).toEqual([made[4].id, made[3].id, made[0].id])
    expect(await ids(list(['t'], [], { rowFilters: { remote: true } }))).toEqual([made[5].id, made[4].id, made[3].id])
    expect(await ids(list([], ['databases', 'search-web'], { likedBy: alice.user!.id, rowFilters: { remote: true } }))).toEqual([
      made[4].id,
      made[3].id,
    ])
    expect((await list([], ['databases'], { likedBy: alice.user!.id })).total).toBe(1)
  })

  it('counts a combination up to the cap and says so beyond', async () => {
    await db().run(
      sql`INSERT INTO servers (id, name, display_name, description, author, tags) SELECT printf('cap-%d', value), printf('cap-%d', value), 'c', 'c', 'a', '[]' FROM (WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < ${LIST_TOTAL_CAP + 5}) SELECT value FROM n)`,
    )
    await db().run(sql`INSERT INTO server_tags (server_id, tag) SELECT id, 'x' FROM servers WHERE id LIKE 'cap-%'`)
    await db().run(sql`INSERT INTO server_tags (server_id, tag) SELECT id, 'y' FROM servers WHERE id LIKE 'cap-%'`)
    const one = await guest(['x'], [], 'stars')
    expect([one.total, one.totalCapped ?? false]).toEqual([LIST_TOTAL_CAP + 5, false])
    const both = await guest(['x', 'y'], [], 'stars')
    expect([both.total, both.totalCapped]).toEqual([LIST_TOTAL_CAP, true])
    expect(both.servers).toHaveLength(3)
    expect(await guest(['x', 'none'], [], 'stars')).toMatchObject({ total: 0, servers: [] })
  })
})
