import { and, eq, gte, inArray, ne, or } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import type {
  CategoryServerState,
  CategorySummary,
  Dashboard,
  FollowedAuthor,
  FollowState,
  PackageDetail,
  PackageSummary,
  ServerStats,
  ServerSummary,
  TagCount,
} from '@shared/types'
import { refreshPackagesOfServer } from '../../../worker/db/packages'
import { activities, follows, packages, serverLikes, servers, serverTags } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, expectInvalidInput, json } from '../helpers'
import { category, createCategory, storedPackage } from '../package-helpers'

const DAY = 86400000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()
const dateOf = (iso: string) => iso.slice(0, 10)

let dana: Client
let erin: Client
let frank: Client
let gus: Client
let admin: Client
// Owners of the categories below; the dashboard's numbers are dana's, erin's, frank's and gus's.
let alice: Client
let bob: Client
const s: Record<string, string> = {}
let frankViews: string[]

/** A like or a view as set-up: it must succeed, or every number below would be off. */
async function ok(res: Promise<Response>) {
  expect((await res).ok).toBe(true)
}
const like = (client: Client, serverId: string) => ok(call(`/api/servers/${serverId}/like`, client.write('POST')))
const view = (client: Client, serverId: string) => ok(call('/api/activity/track', client.write('POST', { serverId, activityType: 'view' })))
const follow = (client: Client, name: string, method: 'POST' | 'DELETE' = 'POST') =>
  json<FollowState & { error?: string }>(`/api/users/me/follows/${name}`, client.write(method))
const dashboard = async (client: Client) => {
  const res = await json<Dashboard>('/api/users/me/dashboard', client.read())
  expect(res.status).toBe(200)
  return res.body
}
const ids = (list: Array<{ id: string }>) => list.map((x) => x.id)
const rowsOf = async (client: Client) =>
  (await db().select().from(follows).where(eq(follows.userId, client.user!.id))).map((r) => r.authorName)
const followState = (client: Client, name: string) => json<FollowState>(`/api/users/me/follows/${name}`, client.read())
const NOT_A_LOGIN = { error: 'Author name must be a GitHub login', code: 'invalid_input' }

beforeAll(async () => {
  dana = await signIn('dash-dana')
  erin = await signIn('dash-erin')
  frank = await signIn('dash-frank')
  gus = await signIn('dash-gus')
  admin = await signIn(ADMIN_LOGIN)
  alice = await signIn('pkg-alice')
  bob = await signIn('pkg-bob')
  const specs = {
    mineA: { createdBy: dana.user!.id, tags: ['database'], updatedAt: '2026-03-01T00:00:00.000Z' },
    mineB: { repoOwner: 'dash-dana', githubUrl: 'https://github.com/dash-dana/tool', updatedAt: '2026-02-01T00:00:00.000Z' },
    mineDeleted: { createdBy: dana.user!.id, status: 'deleted', likeCount: 10 },
    minePending: { createdBy: dana.user!.id, status: 'pending' },
    liked1: { tags: ['database', 'sql'] },
    likedLater: { tags: ['zzz'] },
    viewed1: { tags: ['ai'] },
    recDb: { tags: ['database'], popularity: 50 },
    recSql: { tags: ['sql'], popularity: 30 },
    recAi: { tags: ['ai'], popularity: 10 },
    recOther: { tags: ['other'], popularity: 100 },
    recDeleted: { tags: ['database'], popularity: 200, status: 'deleted' },
    recPending: { tags: ['database'], popularity: 300, status: 'pending' },
    oldTrend: { tags: ['trend-old'] },
    stats: { createdBy: erin.user!.id },
  }
  for (const [key, values] of Object.entries(specs)) s[key] = (await insertServer(values)).id

  // Likes on dana's own servers (Total Likes) and dana's own likes and views.
  for (const client of [erin, frank, admin]) await like(client, s.mineA)
  await like(erin, s.mineB)
  await like(dana, s.liked1)
  await like(dana, s.likedLater)
  await view(dana, s.viewed1)

  // Seven servers frank views in turn, then the second again.
  frankViews = []
  for (let i = 0; i < 7; i++) frankViews.push((await insertServer({ tags: ['frank'] })).id)
  for (const id of [...frankViews, frankViews[1]]) await view(frank, id)

  await follow(dana, 'Octo-Cat')
  await follow(dana, 'acme')
  await json('/api/users/me/categories', dana.write('POST', { name: 'Counted' }))

  // Engagement older than the trending window.
  await db()
    .insert(serverLikes)
    .values({ userId: gus.user!.id, serverId: s.oldTrend, createdAt: daysAgo(40) })
  await db()
    .insert(activities)
    .values({ userId: gus.user!.id, serverId: s.oldTrend, activityType: 'view', createdAt: daysAgo(40) })
})

describe('GET /api/users/me/dashboard', () => {
  it("lists the user's active servers: created by them or in their repositories", async () => {
    const d = await dashboard(dana)
    expect(ids(d.myServers)).toEqual([s.mineA, s.mineB])
  })

  it('counts servers, likes, follows and categories as the rows say', async () => {
    const d = await dashboard(dana)

    const mine = and(eq(servers.status, 'active'), or(eq(servers.createdBy, dana.user!.id), eq(servers.repoOwner, 'dash-dana')))
    const mineIds = (await db().select({ id: servers.id }).from(servers).where(mine)).map((r) => r.id)
    const likeRows = await db().select().from(serverLikes).where(inArray(serverLikes.serverId, mineIds))
    const followRows = await db().select().from(follows).where(eq(follows.userId, dana.user!.id))
    const packageRows = await db().select().from(packages).where(eq(packages.userId, dana.user!.id))

    expect(d.counters).toEqual({
      myServers: mineIds.length,
      totalLikes: likeRows.length,
      following: followRows.length,
      categories: packageRows.length,
    })
    expect(d.counters).toEqual({ myServers: 2, totalLikes: 4, following: 2, categories: 1 })
  })

  it('lists favourites last liked first, and the last viewed servers', async () => {
    const d = await dashboard(dana)
    expect(ids(d.likedServers)).toEqual([s.likedLater, s.liked1])
    expect(d.likedServers.every((x) => x.isLiked)).toBe(true)
    expect(ids(d.recentlyViewed)).toEqual([s.viewed1])
  })

  it('keeps six distinct recently viewed servers, the last viewed first', async () => {
    const d = await dashboard(frank)
    const [, second, third, fourth, fifth, sixth, seventh] = frankViews
    expect(ids(d.recentlyViewed)).toEqual([second, seventh, sixth, fifth, fourth, third])
  })

  it("recommends active servers sharing a tag with liked or viewed ones, not liked, not the user's own, most popular first", async () => {
    const d = await dashboard(dana)
    // mineA has 3 likes (popularity 15); viewed1 one view (popularity 1).
    expect(ids(d.recommendedServers)).toEqual([s.recDb, s.recSql, s.recAi, s.viewed1])
    // Own servers (created, or in a repository of the user's login) are under My Servers instead.
    const own = new Set(ids(d.myServers))
    expect(own.size).toBeGreaterThan(0)
    expect(ids(d.recommendedServers).filter((id) => own.has(id))).toEqual([])
    expect(d.recommendedServers.every((x) => !x.isLiked)).toBe(true)
    // Someone who neither liked nor viewed anything gets no recommendations.
    expect((await dashboard(gus)).recommendedServers).toEqual([])
  })

  it('lists followed authors by login, last followed first', async () => {
    const d = await dashboard(dana)
    expect(d.followedAuthors.map(({ id, authorName }) => ({ id, authorName }))).toEqual([
      { id: 'acme', authorName: 'acme' },
      { id: 'octo-cat', authorName: 'octo-cat' },
    ])
  })

  it('shows trending tags from the last 30 days of likes and views, as the rows say', async () => {
    const d = await dashboard(dana)
    expect(d.trendingTags).toEqual([
      { tag: 'frank', count: 7 },
      { tag: 'database', count: 4 },
      { tag: 'ai', count: 1 },
      { tag: 'sql', count: 1 },
      { tag: 'zzz', count: 1 },
    ])

    // The same from the rows: each recent like and view counts once for every tag of its server.
    const since = new Date(new Date().toISOString().slice(0, 10)).getTime() - 29 * DAY
    const recent = [
      ...(await db()
        .select({ serverId: serverLikes.serverId })
        .from(serverLikes)
        .where(gte(serverLikes.createdAt, new Date(since).toISOString()))),
      ...(await db()
        .select({ serverId: activities.serverId })
        .from(activities)
        .where(and(eq(activities.activityType, 'view'), gte(activities.createdAt, new Date(since).toISOString())))),
    ]
    const tagRows = await db()
      .select({ serverId: serverTags.serverId, tag: serverTags.tag })
      .from(serverTags)
      .innerJoin(servers, eq(servers.id, serverTags.serverId))
      .where(eq(servers.status, 'active'))
    const counts = new Map<string, number>()
    for (const { serverId } of recent)
      for (const t of tagRows.filter((r) => r.serverId === serverId)) counts.set(t.tag, (counts.get(t.tag) ?? 0) + 1)
    const expected: TagCount[] = [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
    expect(d.trendingTags).toEqual(expected.slice(0, 10))
    expect(d.trendingTags.map((t) => t.tag)).not.toContain('trend-old')
  })

  it("shows the user's own categories only, with the first three servers, never another user's private one", async () => {
    const four = (await json<PackageSummary>('/api/users/me/categories', dana.write('POST', { name: 'Four' }))).body.id
    for (const id of [s.mineA, s.liked1, s.recDb, s.recSql])
      await call(`/api/users/me/categories/${four}/servers/${id}`, dana.write('POST'))
    const published = (await json<PackageSummary>('/api/users/me/categories', dana.write('POST', { name: 'Published' }))).body.id
    await call(`/api/packages/${published}/public-status`, dana.write('PUT', { isPublic: true }))
    await call(`/api/packages/${published}/message`, dana.write('PUT', { recommendationMessage: 'Try these' }))
    const erinSecret = (await json<PackageSummary>('/api/users/me/categories', erin.write('POST', { name: 'Erin secret' }))).body.id

    const d = await dashboard(dana)
    expect(d.favoriteCategories.map((c) => c.name)).toEqual(['Published', 'Four', 'Counted'])
    expect(d.favoriteCategories[0]).toMatchObject({ isPublic: true, recommendationMessage: 'Try these', serverCount: 0, servers: [] })
    expect(d.favoriteCategories[1]).toMatchObject({ id: four, isPublic: false, serverCount: 4, likeCount: 0, viewCount: 0 })
    expect(ids(d.favoriteCategories[1].servers)).toEqual([s.mineA, s.liked1, s.recDb])
    expect(d.favoriteCategories.map((c) => c.id)).not.toContain(erinSecret)
    expect(d.counters.categories).toBe(3)

    const e = await dashboard(erin)
    expect(e.favoriteCategories.map((c) => c.id)).toEqual([erinSecret])
    expect(JSON.stringify(e)).not.toContain(four)
  })

  it('refuses a guest', async () => {
    expect((await call('/api/users/me/dashboard', (await guest()).read())).status).toBe(401)
    expect(await json('/api/users/me/dashboard', (await guest()).read())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })

  it('leaves deleted and pending servers out of every server list', async () => {
    const d = await dashboard(dana)
    const hidden = (await db().select({ id: servers.id }).from(servers).where(ne(servers.status, 'active'))).map((r) => r.id)
    const shown = [...d.myServers, ...d.recentlyViewed, ...d.recommendedServers, ...d.likedServers]
    expect(hidden).toEqual(expect.arrayContaining([s.mineDeleted, s.minePending, s.recDeleted, s.recPending]))
    expect(shown.filter((x) => hidden.includes(x.id))).toEqual([])
  })
})

describe('GET /api/users/me/servers/{id}/stats', () => {
  const stats = (client: Client, serverId: string, query = '') =>
    json<ServerStats & { error?: string }>(`/api/users/me/servers/${serverId}/stats${query}`, client.read())

  beforeAll(async () => {
    const rows = [
      { userId: gus.user!.id, createdAt: daysAgo(0) },
      { userId: erin.user!.id, createdAt: daysAgo(0) },
      { userId: admin.user!.id, createdAt: daysAgo(3) },
      { userId: frank.user!.id, createdAt: daysAgo(40) },
    ]
    await db()
      .insert(activities)
      .values(rows.map((r) => ({ ...r, serverId: s.stats, activityType: 'view' })))
    await db()
      .insert(serverLikes)
      .values({ userId: gus.user!.id, serverId: s.stats, createdAt: daysAgo(5) })
    await like(admin, s.stats)
  })

  it('answers views and likes per day over the window, oldest first, days without any as zeros', async () => {
    const { status, body } = await stats(erin, s.stats, '?window=7')
    expect(status).toBe(200)
    expect(body.window).toBe(7)
    expect(body.days.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => dateOf(daysAgo(n))))
    expect(body.days.map((d) => [d.views, d.likes])).toEqual([
      [0, 0],
      [0, 1],
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 0],
      [2, 1],
    ])
  })

  it('defaults to 30 days and leaves out what is older', async () => {
    const { body } = await stats(erin, s.stats)
    expect(body.window).toBe(30)
    expect(body.days).toHaveLength(30)
    expect(body.days.reduce((n, d) => n + d.views, 0)).toBe(3)
    expect(body.days.reduce((n, d) => n + d.likes, 0)).toBe(2)
  })

  it('accepts a window of 1 to 365 days only', async () => {
    expect((await stats(erin, s.stats, '?window=1')).body.days).toEqual([{ date: dateOf(daysAgo(0)), views: 2, likes: 1 }])
    expect((await stats(erin, s.stats, '?window=365')).body.days).toHaveLength(365)
    for (const q of ['?window=0', '?window=366', '?window=abc']) expect((await stats(erin, s.stats, q)).status).toBe(400)
    for (const q of ['?window=0', '?window=366', '?window=abc']) expectInvalidInput(await stats(erin, s.stats, q), 'window')
  })

  it('answers 400 for a malformed server id', async () => {
    expectInvalidInput(await stats(erin, 'not-a-uuid'), 'id', 'Server ID must be a valid UUID')
  })

  it('is for the owner and admins only', async () => {
    expect(await stats(dana, s.stats)).toMatchObject({ status: 403, body: { error: 'Access denied', code: 'forbidden' } })
    expect((await stats(admin, s.stats)).status).toBe(200)
    // A repository owner is an owner too.
    expect((await stats(dana, s.mineB)).status).toBe(200)
    expect((await call(`/api/users/me/servers/${s.stats}/stats`, (await guest()).read())).status).toBe(401)
    expect(await stats(await guest(), s.stats)).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })

  it('is 404 for an unknown server, and for a deleted one unless admin', async () => {
    expect((await stats(erin, crypto.randomUUID())).status).toBe(404)
    expect((await stats(dana, s.mineDeleted)).status).toBe(404)
    expect((await stats(admin, s.mineDeleted)).status).toBe(200)
    for (const [client, id] of [
      [erin, crypto.randomUUID()],
      [dana, s.mineDeleted],
    ] as const) {
      expect(await stats(client, id)).toMatchObject({ status: 404, body: { error: 'Server not found', code: 'server_not_found' } })
    }
  })
})

describe('GET /api/users/me/follows', () => {
  it("lists the caller's follows only", async () => {
    const hana = await signIn('dash-hana')
    for (const name of ['Hana-First', 'hana-second']) await follow(hana, name)
    await follow(erin, 'not-hanas')
    const { status, body } = await json<FollowedAuthor[]>('/api/users/me/follows', hana.read())
    expect(status).toBe(200)
    expect(body.map((f) => f.authorName).sort()).toEqual(['hana-first', 'hana-second'])
    expect(body.every((f) => f.id === f.authorName)).toBe(true)
  })

  it('refuses a guest with 401', async () => {
    expect(await json('/api/users/me/follows', (await guest()).read())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('GET /api/users/me/follows/{authorName}', () => {
  it('answers following false for an author never followed, under the lower-cased login', async () => {
    expect(await followState(gus, 'Never-Followed')).toMatchObject({
      status: 200,
      body: { authorName: 'never-followed', following: false },
    })
  })

  it('refuses names that are not GitHub logins with 400', async () => {
    for (const name of ['-lead', 'trail-', 'dou--ble', 'under_score', 'x'.repeat(40), 'dot.name']) {
      expect(await followState(gus, name)).toMatchObject({ status: 400, body: NOT_A_LOGIN })
    }
  })

  it('refuses a guest with 401', async () => {
    expect(await followState(await guest(), 'acme')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('POST /api/users/me/follows/{authorName}', () => {
  it('follows an author by GitHub login, stored lower-cased, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await follow(gus, 'Some-Author')).toMatchObject({ status: 200, body: { authorName: 'some-author', following: true } })
    }
    expect(await rowsOf(gus)).toEqual(['some-author'])
    expect((await json<FollowState>('/api/users/me/follows/SOME-author', gus.read())).body).toEqual({
      authorName: 'some-author',
      following: true,
    })
    expect((await json<FollowedAuthor[]>('/api/users/me/follows', gus.read())).body).toEqual([
      { id: 'some-author', authorName: 'some-author', createdAt: expect.any(String) },
    ])
  })

  it('refuses names that are not GitHub logins', async () => {
    for (const name of ['-lead', 'trail-', 'dou--ble', 'under_score', 'x'.repeat(40), 'dot.name']) {
      expect(await follow(gus, name)).toMatchObject({
        status: 400,
        body: { error: 'Author name must be a GitHub login', code: 'invalid_input' },
      })
    }
    expect((await follow(gus, 'x'.repeat(39))).status).toBe(200)
  })

  it('needs a signed-in user', async () => {
    expect((await follow(await guest(), 'acme')).status).toBe(401)
    expect(await follow(await guest(), 'acme')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })

  it('are per user', async () => {
    await follow(erin, 'only-erin')
    expect(await rowsOf(gus)).not.toContain('only-erin')
    expect((await dashboard(gus)).followedAuthors.map((f) => f.authorName)).not.toContain('only-erin')
  })
})

describe('DELETE /api/users/me/follows/{authorName}', () => {
  it('unfollows idempotently', async () => {
    await follow(gus, 'leaving')
    for (let i = 0; i < 2; i++) {
      expect((await follow(gus, 'Leaving', 'DELETE')).body).toEqual({ authorName: 'leaving', following: false })
    }
    expect(await rowsOf(gus)).not.toContain('leaving')
    expect((await json<FollowState>('/api/users/me/follows/leaving', gus.read())).body.following).toBe(false)
  })

  it('refuses names that are not GitHub logins with 400', async () => {
    for (const name of ['-lead', 'trail-', 'dou--ble', 'under_score', 'x'.repeat(40), 'dot.name']) {
      expect(await follow(gus, name, 'DELETE')).toMatchObject({ status: 400, body: NOT_A_LOGIN })
    }
  })

  it('refuses a guest with 401', async () => {
    expect(await follow(await guest(), 'acme', 'DELETE')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('POST /api/users/me/categories', () => {
  it('creates a private category owned by the caller', async () => {
    const { status, body } = await createCategory(alice, { name: '  Databases  ', description: 'SQL and friends' })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      name: 'Databases',
      description: 'SQL and friends',
      isPublic: false,
      recommendationMessage: null,
      likeCount: 0,
      viewCount: 0,
      serverCount: 0,
      rankingScore: 0,
      isLiked: false,
      user: { username: 'pkg-alice' },
    })
    expect((await storedPackage(body.id)).userId).toBe(alice.user!.id)
  })

  it('stores a blank description as absent', async () => {
    const { body } = await createCategory(alice, { name: 'Blank', description: '   ' })
    expect(body.description).toBeNull()
  })

  it('requires a name', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const { status, body } = await createCategory(alice, payload)
      expect(status).toBe(400)
      expect(body).toMatchObject({ error: 'Name is required', code: 'invalid_input' })
    }
  })

  it('refuses a guest', async () => {
    expect((await createCategory(await guest(), { name: 'X' })).status).toBe(401)
    expect(await createCategory(await guest(), { name: 'X' })).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })

  it('refuses a name or description over its limit, and a body that is not JSON', async () => {
    expectInvalidInput(await createCategory(alice, { name: 'n'.repeat(LIMITS.categoryName + 1) }), 'name', 'Name too long')
    expectInvalidInput(
      await createCategory(alice, { name: 'Long', description: 'd'.repeat(LIMITS.categoryDescription + 1) }),
      'description',
      'Description too long',
    )
    const notJson = await json('/api/users/me/categories', { ...alice.write('POST'), body: '{"name":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
  })
})

describe('GET /api/users/me/categories', () => {
  it("lists only the caller's categories, each with its first three servers", async () => {
    const s = await Promise.all([1, 2, 3, 4].map(() => insertServer()))
    const id = await category(bob, 'Four servers', { servers: s.map((x) => x.id) })
    await category(alice, 'Not bob')
    const { status, body } = await json<CategorySummary[]>('/api/users/me/categories', bob.read())
    expect(status).toBe(200)
    expect(body.every((c) => c.user?.username === 'pkg-bob')).toBe(true)
    const mine = body.find((c) => c.id === id)!
    expect(mine.serverCount).toBe(4)
    expect(mine.servers.map((x) => x.id)).toEqual(s.slice(0, 3).map((x) => x.id))
  })

  it('refuses a guest with 401', async () => {
    expect(await json('/api/users/me/categories', (await guest()).read())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('GET /api/users/me/categories/{id}/servers', () => {
  const list = (client: Client, id: string) => json<ServerSummary[]>(`/api/users/me/categories/${id}/servers`, client.read())

  it("lists the category's servers to its owner, private or public", async () => {
    const [a, b] = [await insertServer(), await insertServer()]
    for (const open of [false, true]) {
      const id = await category(alice, `Listed ${open}`, { servers: [a.id, b.id], public: open })
      expect((await list(alice, id)).body.map((x) => x.id)).toEqual([a.id, b.id])
    }
  })

  it("is 404 on someone else's private category, for an admin too, and 403 on their public one", async () => {
    const privateId = await category(alice, 'Private list')
    const publicId = await category(alice, 'Public list', { public: true })
    for (const client of [bob, admin]) {
      expect(await list(client, privateId)).toMatchObject({ status: 404, body: { error: 'Package not found', code: 'package_not_found' } })
    }
    expect(await list(bob, publicId)).toMatchObject({
      status: 403,
      body: { error: "You don't have permission to change this package.", code: 'forbidden' },
    })
    expect(await list(bob, crypto.randomUUID())).toMatchObject({
      status: 404,
      body: { error: 'Package not found', code: 'package_not_found' },
    })
  })

  it('answers 400 for a malformed id and 401 for a guest', async () => {
    expectInvalidInput(await list(alice, 'not-a-uuid'), 'id', 'Package ID must be a valid UUID')
    expect(await list(await guest(), crypto.randomUUID())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
  })
})

describe('POST /api/users/me/categories/{categoryId}/servers/{serverId}', () => {
  const path = (categoryId: string, serverId: string) => `/api/users/me/categories/${categoryId}/servers/${serverId}`

  it('adds and removes idempotently, keeping server_count equal to the rows', async () => {
    const [a, b] = [await insertServer({ tags: ['x'] }), await insertServer()]
    const id = await category(alice, 'Counting')

    for (let i = 0; i < 2; i++) {
      const res = await json<CategoryServerState>(path(id, a.id), alice.write('POST'))
      expect(res).toMatchObject({ status: 200, body: { inCategory: true, serverCount: 1 } })
    }
    expect((await json(path(id, b.id), alice.write('POST'))).body).toEqual({ inCategory: true, serverCount: 2 })
    expect(await storedPackage(id)).toMatchObject({ serverCount: 2, serverRows: 2 })

    const list = await json<ServerSummary[]>(`/api/users/me/categories/${id}/servers`, alice.read())
    expect(list.status).toBe(200)
    expect(list.body.map((s) => s.id)).toEqual([a.id, b.id])
    expect(list.body[0]).toMatchObject({ tags: ['x'], isLiked: false, displayName: a.displayName })

    for (let i = 0; i < 2; i++) {
      expect((await json(path(id, a.id), alice.write('DELETE'))).body).toEqual({ inCategory: false, serverCount: 1 })
    }
    expect(await storedPackage(id)).toMatchObject({ serverCount: 1, serverRows: 1 })
  })

  it('refuses an unknown or deleted server with 404', async () => {
    const id = await category(alice, 'Only live servers')
    const gone = await insertServer({ status: 'deleted' })
    for (const serverId of [crypto.randomUUID(), gone.id]) {
      const res = await json(path(id, serverId), alice.write('POST'))
      expect(res).toMatchObject({ status: 404, body: { error: 'Server not found', code: 'server_not_found' } })
    }
    // Not even an admin, who can see deleted servers, can put one into their category.
    const adminCategory = await category(admin, 'Admin category')
    expect((await json(path(adminCategory, gone.id), admin.write('POST'))).status).toBe(404)
    expect((await storedPackage(id)).serverRows).toBe(0)
  })

  it("is the owner's only: 404 on someone else's private category, 403 on a public one, 401 for a guest", async () => {
    const server = await insertServer()
    const privateId = await category(alice, 'Private')
    const publicId = await category(alice, 'Public', { public: true })
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await json(path(privateId, server.id), bob.write(method))).body).toEqual({
        error: 'Package not found',
        code: 'package_not_found',
      })
      expect((await json(path(publicId, server.id), bob.write(method))).status).toBe(403)
      expect((await json(path(privateId, server.id), admin.write(method))).status).toBe(404)
      expect((await json(path(publicId, server.id), (await guest()).write(method))).status).toBe(401)
    }
    expect((await json(`/api/users/me/categories/${privateId}/servers`, bob.read())).status).toBe(404)
    expect((await json(`/api/users/me/categories/${publicId}/servers`, bob.read())).status).toBe(403)
    expect((await storedPackage(privateId)).serverRows + (await storedPackage(publicId)).serverRows).toBe(0)
  })

  it('validates the ids', async () => {
    const res = await json(path('not-a-uuid', crypto.randomUUID()), alice.write('POST'))
    expect(res).toMatchObject({ status: 400, body: { error: 'Package ID must be a valid UUID', code: 'invalid_input' } })
  })

  it('drops a soft-deleted server from the counts when the delete path refreshes the packages', async () => {
    const [a, b] = [await insertServer(), await insertServer()]
    const id = await category(alice, 'Loses one', { servers: [a.id, b.id], public: true })
    await db().batch([db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, a.id)), refreshPackagesOfServer(db(), a.id)])
    expect((await storedPackage(id)).serverCount).toBe(1)
    const detail = await json<PackageDetail>(`/api/packages/${id}`, alice.read())
    expect(detail.body.servers.map((s) => s.id)).toEqual([b.id])
  })
})

describe('DELETE /api/users/me/categories/{categoryId}/servers/{serverId}', () => {
  const path = (categoryId: string, serverId: string) => `/api/users/me/categories/${categoryId}/servers/${serverId}`

  it('removes a server whatever became of it, so nothing is stuck in a category', async () => {
    const [a, b] = [await insertServer(), await insertServer()]
    const id = await category(alice, 'Keeps one', { servers: [a.id, b.id] })
    await db().batch([db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, a.id)), refreshPackagesOfServer(db(), a.id)])
    expect(await json<CategoryServerState>(path(id, a.id), alice.write('DELETE'))).toMatchObject({
      status: 200,
      body: { inCategory: false, serverCount: 1 },
    })
    expect(await storedPackage(id)).toMatchObject({ serverCount: 1, serverRows: 1 })
    // A server that never existed is simply not there.
    expect((await json(path(id, crypto.randomUUID()), alice.write('DELETE'))).body).toEqual({ inCategory: false, serverCount: 1 })
  })

  it('answers 400 for malformed ids and 404 for a missing category', async () => {
    const id = await category(alice, 'Ids checked')
    expectInvalidInput(
      await json(path('not-a-uuid', crypto.randomUUID()), alice.write('DELETE')),
      'categoryId',
      'Package ID must be a valid UUID',
    )
    expectInvalidInput(await json(path(id, 'not-a-uuid'), alice.write('DELETE')), 'serverId', 'Server ID must be a valid UUID')
    expect(await json(path(crypto.randomUUID(), crypto.randomUUID()), alice.write('DELETE'))).toMatchObject({
      status: 404,
      body: { error: 'Package not found', code: 'package_not_found' },
    })
  })

  it('refuses a guest (401), and someone else: 404 on a private category, 403 on a public one', async () => {
    const server = await insertServer()
    const privateId = await category(alice, 'Private keep', { servers: [server.id] })
    const publicId = await category(alice, 'Public keep', { servers: [server.id], public: true })
    expect(await json(path(publicId, server.id), (await guest()).write('DELETE'))).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
    expect(await json(path(privateId, server.id), bob.write('DELETE'))).toMatchObject({
      status: 404,
      body: { error: 'Package not found', code: 'package_not_found' },
    })
    expect(await json(path(publicId, server.id), bob.write('DELETE'))).toMatchObject({
      status: 403,
      body: { error: "You don't have permission to change this package.", code: 'forbidden' },
    })
    expect((await storedPackage(privateId)).serverRows + (await storedPackage(publicId)).serverRows).toBe(2)
  })
})
