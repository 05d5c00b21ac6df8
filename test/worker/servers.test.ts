import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { servers } from '../../worker/db/schema'
import type { FeaturedServer, ServerDetail, ServerList, TagCount } from '../../worker/shared/types'
import { insertFeatured, insertServer } from './factories'
import { db, json } from './helpers'

const ids: Record<string, string> = {}

beforeAll(async () => {
  const specs = [
    { key: 'pg', displayName: 'Postgres Explorer', name: 'io.github.acme/postgres-explorer', description: 'Query PostgreSQL databases safely.', tags: ['database', 'sql'], stars: 50, popularity: 3, likeCount: 2, updatedAt: '2026-01-05T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' },
    { key: 'sqlite', displayName: 'SQLite Tools', name: 'io.github.acme/sqlite-tools', description: 'Testing helpers for local databases.', tags: ['database'], stars: 10, popularity: 9, likeCount: 7, updatedAt: '2026-03-01T00:00:00.000Z', createdAt: '2025-06-01T00:00:00.000Z' },
    { key: 'slack', displayName: 'Slack Bridge', name: 'io.github.acme/slack-bridge', description: 'Send messages to Slack channels.', tags: ['communication', 'productivity'], stars: 99, popularity: 1, likeCount: 0, updatedAt: '2026-02-01T00:00:00.000Z', createdAt: '2025-03-01T00:00:00.000Z' },
    { key: 'gh', displayName: 'GitHub Issues', name: 'io.github.acme/github-issues', description: 'Manage issues and pull requests; no database needed.', tags: ['github'], stars: 0, popularity: 4, likeCount: 1, updatedAt: '2025-12-01T00:00:00.000Z', createdAt: '2025-09-01T00:00:00.000Z' },
    { key: 'mentions', displayName: 'Notes Keeper', name: 'io.github.other/notes', description: 'Keeps notes. Mentions slack once and postgres too.', tags: ['productivity'], stars: 5, popularity: 0, likeCount: 3, updatedAt: '2026-04-01T00:00:00.000Z', createdAt: '2025-11-01T00:00:00.000Z' },
    { key: 'deleted', displayName: 'Gone Postgres', name: 'io.github.acme/gone', description: 'Deleted postgres server.', tags: ['database'], status: 'deleted', stars: 1000 },
    { key: 'pending', displayName: 'Pending Postgres', name: 'io.github.acme/pending', description: 'Pending postgres server.', tags: ['database'], status: 'pending', stars: 1000 },
  ] as const
  for (const { key, ...spec } of specs) {
    const row = await insertServer({ ...spec, tags: [...spec.tags] })
    ids[key] = row.id
  }
})

const names = (list: ServerList) => list.servers.map((s) => s.displayName)

describe('GET /api/servers', () => {
  it('lists active servers by stars by default, with card fields and paging numbers', async () => {
    const { status, body } = await json<ServerList>('/api/servers')
    expect(status).toBe(200)
    expect(names(body)).toEqual(['Slack Bridge', 'Postgres Explorer', 'SQLite Tools', 'Notes Keeper', 'GitHub Issues'])
    expect(body).toMatchObject({ total: 5, currentPage: 1, totalPages: 1 })
    const card = body.servers[1]
    expect(card).toMatchObject({ id: ids.pg, author: 'acme', tags: ['database', 'sql'], isLiked: false, installCommand: '# No install command for io.github.acme/postgres-explorer: the listing names no package and no remote server.' })
    expect(card).not.toHaveProperty('readmeText')
  })

  it.each([
    ['likes', ['SQLite Tools', 'Notes Keeper', 'Postgres Explorer', 'GitHub Issues', 'Slack Bridge']],
    ['updated', ['Notes Keeper', 'SQLite Tools', 'Slack Bridge', 'Postgres Explorer', 'GitHub Issues']],
    ['created', ['Notes Keeper', 'GitHub Issues', 'SQLite Tools', 'Slack Bridge', 'Postgres Explorer']],
    ['ranking', ['SQLite Tools', 'GitHub Issues', 'Postgres Explorer', 'Slack Bridge', 'Notes Keeper']],
  ])('sorts by %s', async (sortBy, expected) => {
    const { body } = await json<ServerList>(`/api/servers?sortBy=${sortBy}`)
    expect(names(body)).toEqual(expected)
  })

  it('pages without overlap', async () => {
    const p1 = await json<ServerList>('/api/servers?limit=2&page=1')
    const p3 = await json<ServerList>('/api/servers?limit=2&page=3')
    expect(p1.body).toMatchObject({ total: 5, totalPages: 3, currentPage: 1 })
    expect(names(p1.body)).toEqual(['Slack Bridge', 'Postgres Explorer'])
    expect(names(p3.body)).toEqual(['GitHub Issues'])
  })

  it('filters by tags with AND semantics', async () => {
    expect(names((await json<ServerList>('/api/servers?tags=database')).body)).toEqual(['Postgres Explorer', 'SQLite Tools'])
    expect(names((await json<ServerList>('/api/servers?tags=database,sql')).body)).toEqual(['Postgres Explorer'])
    expect((await json<ServerList>('/api/servers?tags=database,github')).body.total).toBe(0)
  })

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=51', 'limit'],
    ['limit=0', 'limit'],
    ['sortBy=bogus', 'sortBy'],
  ])('answers 400 with a JSON error for %s', async (query, field) => {
    const { status, body } = await json(`/api/servers?${query}`)
    expect(status).toBe(400)
    expect(body.error).toEqual(expect.any(String))
    expect(body.issues[0].field).toBe(field)
  })

  it('refuses the Favorites view to a guest', async () => {
    const { status, body } = await json('/api/servers?favorites=1')
    expect(status).toBe(401)
    expect(body.error).toBe('Authentication required')
  })

  it('lets shared caches keep guest answers', async () => {
    const { res } = await json('/api/servers')
    expect(res.headers.get('cache-control')).toMatch(/^public/)
    expect(res.headers.get('vary')).toMatch(/Cookie/)
  })
})

describe('the list total kept by triggers', () => {
  it('follows inserts, status changes and deletes, and equals a real count', async () => {
    const total = async () => (await json<ServerList>('/api/servers?limit=1')).body.total
    const counted = async () => (await db().select({ n: sql<number>`count(*)` }).from(servers).where(eq(servers.status, 'active')))[0].n
    const before = await total()
    expect(before).toBe(await counted())
    const extra = await insertServer({ displayName: 'Counted' })
    expect(await total()).toBe(before + 1)
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, extra.id))
    expect(await total()).toBe(before)
    await db().update(servers).set({ status: 'active' }).where(eq(servers.id, extra.id))
    expect(await total()).toBe(before + 1)
    await db().delete(servers).where(eq(servers.id, extra.id))
    expect(await total()).toBe(before)
    expect(await total()).toBe(await counted())
  })
})

describe('GET /api/servers/search', () => {
  it('finds word forms and synonyms: databases ~ database, postgresql ~ postgres', async () => {
    expect(names((await json<ServerList>('/api/servers/search?q=databases')).body)).toContain('Postgres Explorer')
    expect(names((await json<ServerList>('/api/servers/search?q=postgresql')).body)).toContain('Notes Keeper')
    expect(names((await json<ServerList>('/api/servers/search?q=testing')).body)).toEqual(['SQLite Tools'])
  })

  it('matches the last word as a prefix while typing, even past its stem', async () => {
    expect(names((await json<ServerList>('/api/servers/search?q=postg')).body)).toContain('Postgres Explorer')
    expect(names((await json<ServerList>('/api/servers/search?q=testin')).body)).toEqual(['SQLite Tools'])
  })

  it('ranks servers with every word above those with some, and never returns nothing for one missing word', async () => {
    const { body } = await json<ServerList>('/api/servers/search?q=slack%20messages%20zzzunknown')
    expect(body.total).toBe(2)
    const both = await json<ServerList>('/api/servers/search?q=slack%20channels')
    expect(names(both.body)[0]).toBe('Slack Bridge')
  })

  it('weighs names above descriptions', async () => {
    const { body } = await json<ServerList>('/api/servers/search?q=postgres')
    expect(names(body)[0]).toBe('Postgres Explorer')
    expect(names(body)).toContain('Notes Keeper')
    // Deleted and pending servers never show.
    expect(names(body)).not.toContain('Gone Postgres')
    expect(names(body)).not.toContain('Pending Postgres')
  })

  it('combines search with tags and an explicit sort', async () => {
    expect(names((await json<ServerList>('/api/servers/search?q=postgres&tags=productivity')).body)).toEqual(['Notes Keeper'])
    const sorted = await json<ServerList>('/api/servers/search?q=database&sortBy=likes')
    expect(names(sorted.body)).toEqual(['SQLite Tools', 'Postgres Explorer', 'GitHub Issues'])
  })

  it.each(['"', 'AND OR NOT', 'a*', '(postgres', 'NEAR(a b)', "'; DROP TABLE servers; --", 'col:slack', '^^^', '💥'])(
    'treats FTS5 syntax as data: %s',
    async (q) => {
      const { status, body } = await json<ServerList>(`/api/servers/search?q=${encodeURIComponent(q)}`)
      expect(status).toBe(200)
      expect(Array.isArray(body.servers)).toBe(true)
    },
  )

  it('finds slack through column-like text without treating it as a column filter', async () => {
    expect(names((await json<ServerList>(`/api/servers/search?q=${encodeURIComponent('col:slack')}`)).body)).toContain('Slack Bridge')
  })

  it('lists when the query is blank, and refuses over-long text', async () => {
    expect((await json<ServerList>('/api/servers/search?q=%20%20')).body.total).toBe(5)
    const long = await json(`/api/servers/search?q=${'a'.repeat(201)}`)
    expect(long.status).toBe(400)
  })
})

describe('GET /api/servers/{id}', () => {
  it('returns the detail with packages, remotes and metadata', async () => {
    await db().update(servers).set({ packages: [{ registry_type: 'npm', identifier: '@acme/pg', version: '1.0.0' }], remotes: [{ name: 'sse', url: 'https://pg.example.com/sse' }], metadata: { a: 1 } }).where(eq(servers.id, ids.pg))
    const { status, body } = await json<ServerDetail>(`/api/servers/${ids.pg}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: ids.pg, displayName: 'Postgres Explorer', packages: [{ identifier: '@acme/pg' }], remotes: [{ url: 'https://pg.example.com/sse' }], metadata: { a: 1 }, commentHtml: null })
  })

  it('answers 400 for a malformed id and 404 for an unknown or deleted one', async () => {
    expect(await json('/api/servers/not-a-uuid')).toMatchObject({ status: 400, body: { error: 'Server ID must be a valid UUID' } })
    expect(await json(`/api/servers/${crypto.randomUUID()}`)).toMatchObject({ status: 404, body: { error: 'Server not found' } })
    expect(await json(`/api/servers/${ids.deleted}`)).toMatchObject({ status: 404, body: { error: 'Server not found' } })
  })
})

describe('GET /api/servers/featured', () => {
  it('lists active recommendations inside their window, by sort order', async () => {
    const a = await insertServer({ displayName: 'Featured A' })
    const b = await insertServer({ displayName: 'Featured B' })
    const hidden = await insertServer({ displayName: 'Featured inactive' })
    const future = await insertServer({ displayName: 'Featured future' })
    const past = await insertServer({ displayName: 'Featured past' })
    await insertFeatured(a.id, { sortOrder: 2 })
    await insertFeatured(b.id, { sortOrder: 1, publishStartAt: '2020-01-01T00:00:00.000Z', publishEndAt: '2999-01-01T00:00:00.000Z' })
    await insertFeatured(hidden.id, { isActive: false })
    await insertFeatured(future.id, { publishStartAt: '2999-01-01T00:00:00.000Z' })
    await insertFeatured(past.id, { publishEndAt: '2020-01-01T00:00:00.000Z' })
    const { body } = await json<FeaturedServer[]>('/api/servers/featured')
    expect(body.map((f) => f.displayName)).toEqual(['Featured B', 'Featured A'])
    expect(body[0].commentHtml).toBe('<p><b>Great</b> server</p>')
    expect(body[0]).toMatchObject({ title: 'Great', summary: 'server' })
    const detail = await json<ServerDetail>(`/api/servers/${a.id}`)
    expect(detail.body.commentHtml).toBe('<p><b>Great</b> server</p>')
  })
})

describe('GET /api/tags', () => {
  it('counts tags over active servers, most used first', async () => {
    const { body } = await json<TagCount[]>('/api/tags')
    expect(body[0]).toEqual({ tag: 'database', count: 2 })
    expect(body).toContainEqual({ tag: 'productivity', count: 2 })
    expect(body.find((t) => t.tag === 'github')).toEqual({ tag: 'github', count: 1 })
  })
})

describe('GET /api/packages/top', () => {
  it('is empty until packages exist', async () => {
    expect(await json('/api/packages/top')).toMatchObject({ status: 200, body: [] })
  })
})

describe('unknown API paths', () => {
  it('are JSON 404s', async () => {
    expect(await json('/api/nope')).toMatchObject({ status: 404, body: { error: 'Not found' } })
  })
})
