import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeaturedServer, RepoInfo, ServerDetail, ServerList } from '@shared/types'
import { servers } from '../../../worker/db/schema'
import { cacheKeys } from '../../../worker/lib/cache/kv-cache'
import { waitFor } from '../../clock'
import { ADMIN_LOGIN, type Client, signIn } from '../auth-helpers'
import { insertFeatured, insertServer } from '../factories'
import { call, db, expectInvalidInput, fixtureHits, json } from '../helpers'

const API = '/github-api/repos'

const ids: Record<string, string> = {}

beforeAll(async () => {
  const specs = [
    {
      key: 'pg',
      displayName: 'Postgres Explorer',
      name: 'io.github.acme/postgres-explorer',
      description: 'Query PostgreSQL databases safely.',
      tags: ['database', 'sql'],
      stars: 50,
      popularity: 3,
      likeCount: 2,
      updatedAt: '2026-01-05T00:00:00.000Z',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    {
      key: 'sqlite',
      displayName: 'SQLite Tools',
      name: 'io.github.acme/sqlite-tools',
      description: 'Testing helpers for local databases.',
      tags: ['database'],
      stars: 10,
      popularity: 9,
      likeCount: 7,
      updatedAt: '2026-03-01T00:00:00.000Z',
      createdAt: '2025-06-01T00:00:00.000Z',
    },
    {
      key: 'slack',
      displayName: 'Slack Bridge',
      name: 'io.github.acme/slack-bridge',
      description: 'Send messages to Slack channels.',
      tags: ['communication', 'productivity'],
      stars: 99,
      popularity: 1,
      likeCount: 0,
      updatedAt: '2026-02-01T00:00:00.000Z',
      createdAt: '2025-03-01T00:00:00.000Z',
    },
    {
      key: 'gh',
      displayName: 'GitHub Issues',
      name: 'io.github.acme/github-issues',
      description: 'Manage issues and pull requests; no database needed.',
      tags: ['github'],
      stars: 0,
      popularity: 4,
      likeCount: 1,
      updatedAt: '2025-12-01T00:00:00.000Z',
      createdAt: '2025-09-01T00:00:00.000Z',
    },
    {
      key: 'mentions',
      displayName: 'Notes Keeper',
      name: 'io.github.other/notes',
      description: 'Keeps notes. Mentions slack once and postgres too.',
      tags: ['productivity'],
      stars: 5,
      popularity: 0,
      likeCount: 3,
      updatedAt: '2026-04-01T00:00:00.000Z',
      createdAt: '2025-11-01T00:00:00.000Z',
    },
    {
      key: 'deleted',
      displayName: 'Gone Postgres',
      name: 'io.github.acme/gone',
      description: 'Deleted postgres server.',
      tags: ['database'],
      status: 'deleted',
      stars: 1000,
    },
    {
      key: 'pending',
      displayName: 'Pending Postgres',
      name: 'io.github.acme/pending',
      description: 'Pending postgres server.',
      tags: ['database'],
      status: 'pending',
      stars: 1000,
    },
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
    expect(card).toMatchObject({
      id: ids.pg,
      author: 'acme',
      tags: ['database', 'sql'],
      isLiked: false,
      installCommand: '# No install command for io.github.acme/postgres-explorer: the listing names no package and no remote server.',
    })
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
    expectInvalidInput({ status, body }, field)
  })

  it('refuses the Favorites view to a guest', async () => {
    const { status, body } = await json('/api/servers?favorites=1')
    expect(status).toBe(401)
    expect(body.error).toBe('Authentication required')
    expect(body.code).toBe('auth_required')
  })

  it('lets shared caches keep guest answers', async () => {
    const { res } = await json('/api/servers')
    expect(res.headers.get('cache-control')).toMatch(/^public/)
    expect(res.headers.get('vary')).toMatch(/Cookie/)
  })

  it('keeps the total by triggers: follows inserts, status changes and deletes, and equals a real count', async () => {
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
    expectInvalidInput(long, 'q', 'Search text too long')
  })

  it('refuses the list parameters the list refuses, and the Favorites view to a guest', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=51', 'limit'],
      ['sortBy=bogus', 'sortBy'],
    ]) {
      expectInvalidInput(await json(`/api/servers/search?q=postgres&${query}`), field)
    }
    expect(await json('/api/servers/search?q=postgres&favorites=1')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('GET /api/servers/{id}', () => {
  it('returns the detail with packages, remotes and metadata', async () => {
    await db()
      .update(servers)
      .set({
        packages: [{ registry_type: 'npm', identifier: '@acme/pg', version: '1.0.0' }],
        remotes: [{ name: 'sse', url: 'https://pg.example.com/sse' }],
        metadata: { a: 1 },
      })
      .where(eq(servers.id, ids.pg))
    const { status, body } = await json<ServerDetail>(`/api/servers/${ids.pg}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: ids.pg,
      displayName: 'Postgres Explorer',
      packages: [{ identifier: '@acme/pg' }],
      remotes: [{ url: 'https://pg.example.com/sse' }],
      metadata: { a: 1 },
      commentHtml: null,
    })
  })

  it('answers 400 for a malformed id and 404 for an unknown or deleted one', async () => {
    expect(await json('/api/servers/not-a-uuid')).toMatchObject({
      status: 400,
      body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
    })
    expect(await json(`/api/servers/${crypto.randomUUID()}`)).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect(await json(`/api/servers/${ids.deleted}`)).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
  })
})

describe('GET /api/servers/featured', () => {
  let admin: Client
  beforeAll(async () => {
    admin = await signIn(ADMIN_LOGIN)
  })

  // What this list shows is set up through the admin's editor (featured.ts), as in use.
  const path = (id: string) => `/api/servers/${id}/featured`
  const save = (id: string, body: unknown) => json(path(id), admin.write('PUT', body))
  const featuredList = async () => (await json<FeaturedServer[]>('/api/servers/featured')).body.map((s) => s.displayName)

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

  it('lets shared caches keep the guest answer for a minute, and keeps the signed-in one private', async () => {
    const asGuest = await json('/api/servers/featured')
    expect(asGuest.status).toBe(200)
    expect(asGuest.res.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect(asGuest.res.headers.get('Vary')).toBe('Cookie')
    expect((await json('/api/servers/featured', admin.read())).res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('honours active, window and order as the admin saves them', async () => {
    const day = 24 * 3600 * 1000
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString()
    const cases = [
      { name: 'Second', body: { sortOrder: 2 } },
      { name: 'First', body: { sortOrder: 1, publishStartAt: iso(-day), publishEndAt: iso(day) } },
      { name: 'Not yet', body: { sortOrder: 0, publishStartAt: iso(day) } },
      { name: 'Ended', body: { sortOrder: 0, publishEndAt: iso(-1000), publishStartAt: iso(-day) } },
      { name: 'Private', body: { sortOrder: 0, isActive: false } },
      { name: 'Removed', body: { sortOrder: 0 }, remove: true },
    ]
    for (const { name, body, remove } of cases) {
      const server = await insertServer({ displayName: name })
      expect((await save(server.id, { commentHtml: `<p><b>${name}</b> pick</p>`, ...body })).status).toBe(200)
      if (remove) expect((await call(path(server.id), admin.write('DELETE'))).status).toBe(204)
    }
    const names = await featuredList()
    expect(names.filter((n) => cases.some((c) => c.name === n))).toEqual(['First', 'Second'])
  })
})

describe('GET /api/servers/{id}/readme', () => {
  it('renders stored README text, sanitised, and serves the next call from the cache', async () => {
    const s = await insertServer({
      githubUrl: 'https://github.com/acme/stored',
      readmeText: '# Hello\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **bold**',
    })
    const first = await json(`/api/servers/${s.id}/readme`)
    expect(first.status).toBe(200)
    expect(first.body.source).toBe('stored')
    expect(first.body.html).toContain('<strong>bold</strong>')
    expect(first.body.html).not.toMatch(/<script|href="javascript:/i)
    // A hit returns what the cache holds without rendering again: plant a marker and see it come back.
    const entry = JSON.parse((await env.CACHE.get(cacheKeys.readme(s.id)))!)
    await env.CACHE.put(cacheKeys.readme(s.id), JSON.stringify({ ...entry, html: '<p>from cache</p>' }))
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toBe('<p>from cache</p>')
    // An edit of the stored text is a new content version: rendered afresh.
    await db().update(servers).set({ readmeText: '# Changed' }).where(eq(servers.id, s.id))
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toContain('Changed')
  })

  it('fetches from the repository once, resolves relative links and images, and prefixes ids', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    const before = await fixtureHits(`${API}/acme/widget/readme`)
    const { status, body } = await json(`/api/servers/${s.id}/readme`)
    expect(status).toBe(200)
    expect(body.source).toBe('repository')
    expect(body.html).toContain('href="https://github.com/acme/widget/blob/HEAD/docs/guide.md"')
    expect(body.html).toContain(`src="${env.FIXTURE_URL}/github-raw/acme/widget/HEAD/img/logo.png"`)
    expect(body.html).toContain('href="#user-content-usage"')
    expect(body.html).toContain('id="user-content-usage"')
    expect(body.html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/)
    expect(body.html).not.toMatch(/<script|onerror|href="javascript:/i)
    expect(body.html).toContain('<a>bad</a>')
    // Images keep their alt text, and those without one are marked decorative.
    expect(body.html).toContain('alt="logo"')
    expect(body.html).not.toMatch(/<img(?![^>]*\balt=)[^>]*>/)
    expect(await fixtureHits(`${API}/acme/widget/readme`)).toBe(before + 1)
    await json(`/api/servers/${s.id}/readme`)
    expect(await fixtureHits(`${API}/acme/widget/readme`)).toBe(before + 1)
  })

  it('serves a stale copy at once and refreshes it in the background after five minutes', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    await json(`/api/servers/${s.id}/readme`)
    const entry = JSON.parse((await env.CACHE.get(cacheKeys.readme(s.id)))!)
    await env.CACHE.put(cacheKeys.readme(s.id), JSON.stringify({ ...entry, html: '<p>stale</p>', fetchedAt: Date.now() - 6 * 60 * 1000 }))
    const before = await fixtureHits(`${API}/acme/widget/readme`)
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toBe('<p>stale</p>')
    await waitFor(async () => (await fixtureHits(`${API}/acme/widget/readme`)) > before, { what: 'the README fetched again' })
    await waitFor(async () => !(await env.CACHE.get(cacheKeys.readme(s.id)))!.includes('stale'), { what: 'the fresh README cached' })
  })

  it('falls back to raw README.md when the API has none', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/fallback' })
    const { body } = await json(`/api/servers/${s.id}/readme`)
    expect(body.html).toContain('From raw.')
  })

  it.each([
    ['no README anywhere', 'https://github.com/acme/no-readme', 404, 'README not found', 'readme_not_found'],
    ['GitHub failing', 'https://github.com/acme/broken', 502, 'Failed to fetch README', 'upstream_failed'],
    ['GitHub timing out', 'https://github.com/acme/slow', 502, 'Failed to fetch README', 'upstream_failed'],
    ['no repository link', null, 404, 'No GitHub URL provided', 'no_repository'],
    ['a link of another shape', 'https://gitlab.com/acme/widget', 400, 'Invalid GitHub URL format', 'invalid_input'],
  ])('answers the specification error for %s', async (_label, githubUrl, status, error, code) => {
    const s = await insertServer({ githubUrl })
    expect(await json(`/api/servers/${s.id}/readme`)).toMatchObject({ status, body: { error, code } })
  })

  it('answers 400 and 404 for bad and unknown ids', async () => {
    expect((await json('/api/servers/xyz/readme')).status).toBe(400)
    expectInvalidInput(await json('/api/servers/xyz/readme'), 'id', 'Server ID must be a valid UUID')
    expect(await json(`/api/servers/${crypto.randomUUID()}/readme`)).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
  })

  it('answers 404 for a deleted server, whatever its README', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget', readmeText: '# Gone', status: 'deleted' })
    expect(await json(`/api/servers/${s.id}/readme`)).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
  })
})

describe('GET /api/servers/{id}/repo', () => {
  it('returns avatar, stars and licence, caches them, and writes them back for sorting', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    const before = await fixtureHits(`${API}/acme/widget`)
    const { status, body } = await json<RepoInfo>(`/api/servers/${s.id}/repo`)
    expect(status).toBe(200)
    expect(body).toEqual({ ownerAvatarUrl: 'https://avatars.example.com/acme.png', stars: 1234, license: 'MIT License' })
    await json(`/api/servers/${s.id}/repo`)
    expect(await fixtureHits(`${API}/acme/widget`)).toBe(before + 1)
    await waitFor(
      async () => {
        const [row] = await db().select().from(servers).where(eq(servers.id, s.id))
        return row.stars === 1234 && row.license === 'MIT License' && row.ownerAvatarUrl === body.ownerAvatarUrl
      },
      { what: 'the repository facts written back' },
    )
  })

  it.each([
    ['missing', 404, 'Repository not found', 'repository_not_found'],
    ['rate-limited', 429, 'Rate limited by GitHub API', 'upstream_rate_limited'],
    ['slow', 504, 'Request timed out', 'upstream_timeout'],
    ['broken', 502, 'Failed to fetch repository info: Internal Server Error', 'upstream_failed'],
  ])('maps GitHub answering %s to the specification error', async (repo, status, error, code) => {
    const s = await insertServer({ githubUrl: `https://github.com/acme/${repo}` })
    expect(await json(`/api/servers/${s.id}/repo`)).toMatchObject({ status, body: { error, code } })
  })

  it('answers No GitHub URL provided without a link', async () => {
    const s = await insertServer({ githubUrl: null })
    expect(await json(`/api/servers/${s.id}/repo`)).toMatchObject({
      status: 404,
      body: { error: 'No GitHub URL provided', code: 'no_repository' },
    })
  })

  it('answers 400 for a malformed id, 400 for a link of another shape, and 404 for an unknown or deleted server', async () => {
    expectInvalidInput(await json('/api/servers/xyz/repo'), 'id', 'Server ID must be a valid UUID')
    const gitlab = await insertServer({ githubUrl: 'https://gitlab.com/acme/widget' })
    expect(await json(`/api/servers/${gitlab.id}/repo`)).toMatchObject({
      status: 400,
      body: { error: 'Invalid GitHub URL format', code: 'invalid_input' },
    })
    for (const id of [crypto.randomUUID(), ids.deleted]) {
      expect(await json(`/api/servers/${id}/repo`)).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
    }
  })
})

describe('isLiked in lists and detail', () => {
  let alice: Client
  let bob: Client
  beforeAll(async () => {
    alice = await signIn('like-alice')
    bob = await signIn('like-bob')
  })

  it('is true for the user who liked, false for others and guests', async () => {
    const { id } = await insertServer({ stars: 999_999 })
    await json(`/api/servers/${id}/like`, alice.write('POST'))

    const find = (body: { servers: Array<{ id: string; isLiked: boolean }> }) => body.servers.find((s) => s.id === id)!
    const mine = await json('/api/servers?sortBy=stars', alice.read())
    expect(find(mine.body)).toMatchObject({ isLiked: true, likeCount: 1 })
    expect(mine.res.headers.get('Cache-Control')).toContain('private')

    expect(find((await json('/api/servers?sortBy=stars', bob.read())).body).isLiked).toBe(false)
    const anonymous = await json('/api/servers?sortBy=stars')
    expect(find(anonymous.body).isLiked).toBe(false)
    // Anonymous pages stay cacheable; the signed-in variant is kept apart by Vary: Cookie.
    expect(anonymous.res.headers.get('Cache-Control')).toContain('public')
    expect(anonymous.res.headers.get('Vary')).toContain('Cookie')

    expect((await json(`/api/servers/${id}`, alice.read())).body.isLiked).toBe(true)
    expect((await json(`/api/servers/${id}`, bob.read())).body.isLiked).toBe(false)
    expect((await json(`/api/servers/${id}`)).body.isLiked).toBe(false)

    await json(`/api/servers/${id}/like`, alice.write('DELETE'))
    expect((await json(`/api/servers/${id}`, alice.read())).body).toMatchObject({ isLiked: false, likeCount: 0 })
  })
})
