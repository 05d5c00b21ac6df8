import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PackageDetail, PackageList, PackageSummary } from '@shared/types'
import { packages, packageViews } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { measure } from '../cost-measure'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'
import { category, storedPackage } from '../package-helpers'

let alice: Client
let bob: Client
let admin: Client

beforeAll(async () => {
  alice = await signIn('pkg-alice')
  bob = await signIn('pkg-bob')
  admin = await signIn(ADMIN_LOGIN)
})

/** The documented formula, from the stored inputs, for comparison with the stored score. */
type Scored = { likeCount: number; viewCount: number; serverCount: number; createdAt: string; rankingScore: number }

function scoreAt(p: Omit<Scored, 'rankingScore'>, atMs: number) {
  const ageDays = Math.max(0, (atMs - Date.parse(p.createdAt)) / 86400000)
  return (p.likeCount * 3 + p.viewCount * 0.2 + p.serverCount) / (1 + ageDays / 30) ** 1.2
}

/**
 * The stored score is the formula at the moment of the last write, which happened after `since`
 * and before now; the score only falls with age, so it lies between the formula at those two
 * moments (however slow the machine).
 */
function expectScoreSince(p: Scored, since: number) {
  expect(p.rankingScore).toBeGreaterThanOrEqual(scoreAt(p, Date.now()) - 1e-9)
  expect(p.rankingScore).toBeLessThanOrEqual(scoreAt(p, since) + 1e-9)
}

/** A clean slate of public packages with known numbers, written directly; their ids by key. */
async function seedPublicPackages(): Promise<Record<'old' | 'new' | 'mid', string>> {
  await db().update(packages).set({ isPublic: false })
  const rows = [
    { key: 'old', likeCount: 9, rankingScore: 1.5, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' },
    { key: 'new', likeCount: 1, rankingScore: 3.5, createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z' },
    { key: 'mid', likeCount: 4, rankingScore: 2.5, createdAt: '2025-06-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  ] as const
  const ids = {} as Record<'old' | 'new' | 'mid', string>
  for (const { key, ...values } of rows) {
    ids[key] = crypto.randomUUID()
    await db()
      .insert(packages)
      .values({ id: ids[key], userId: bob.user!.id, name: `List ${key}`, isPublic: true, ...values })
  }
  return ids
}

// First in the file: the empty case needs a catalogue without packages.
describe('GET /api/packages/top', () => {
  it('is empty until packages exist', async () => {
    expect(await json('/api/packages/top')).toMatchObject({ status: 200, body: [] })
  })

  describe('with public packages', () => {
    let ids: Record<'old' | 'new' | 'mid', string>
    beforeAll(async () => {
      ids = await seedPublicPackages()
    })

    it('top lists public packages by score', async () => {
      const { body } = await json<PackageSummary[]>('/api/packages/top?limit=2')
      expect(body.map((p) => p.id)).toEqual([ids.new, ids.mid])
    })

    it('lets shared caches keep a guest answer but not a signed-in one', async () => {
      const asGuest = await json<PackageSummary[]>('/api/packages/top')
      expect(asGuest.body.map((p) => p.id)).toEqual([ids.new, ids.mid, ids.old])
      expect(asGuest.res.headers.get('Cache-Control')).toBe('public, max-age=300')
      expect(asGuest.res.headers.get('Vary')).toBe('Cookie')
      expect((await json('/api/packages/top', alice.read())).res.headers.get('Cache-Control')).toBe('private, no-store')
    })
  })

  it('refuses a limit outside 1 to 20 with 400', async () => {
    for (const limit of ['0', '21', 'abc']) expectInvalidInput(await json(`/api/packages/top?limit=${limit}`), 'limit')
  })
})

describe('PUT /api/packages/{id}/public-status and /message', () => {
  it('lets the owner publish, unpublish and set the message', async () => {
    const id = await category(alice, 'Settings')
    const published = await json<PackageSummary>(`/api/packages/${id}/public-status`, alice.write('PUT', { isPublic: true }))
    expect(published).toMatchObject({ status: 200, body: { id, isPublic: true } })

    const message = 'Everything you need for SQL.'
    const withMessage = await json<PackageSummary>(`/api/packages/${id}/message`, alice.write('PUT', { recommendationMessage: message }))
    expect(withMessage.body.recommendationMessage).toBe(message)
    expect((await storedPackage(id)).recommendationMessage).toBe(message)

    const hidden = await json<PackageSummary>(`/api/packages/${id}/public-status`, alice.write('PUT', { isPublic: false }))
    expect(hidden.body.isPublic).toBe(false)
    expect((await storedPackage(id)).isPublic).toBe(false)
  })

  it('accepts a message of 1000 characters and refuses 1001', async () => {
    const id = await category(alice, 'Long message')
    const ok = await json<PackageSummary>(`/api/packages/${id}/message`, alice.write('PUT', { recommendationMessage: 'm'.repeat(1000) }))
    expect(ok.status).toBe(200)
    const tooLong = await json(`/api/packages/${id}/message`, alice.write('PUT', { recommendationMessage: 'm'.repeat(1001) }))
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'Recommendation message too long', code: 'invalid_input' } })
    expect((await storedPackage(id)).recommendationMessage).toHaveLength(1000)
  })

  it('stores an empty or absent message as null', async () => {
    const id = await category(alice, 'Cleared')
    for (const body of [{ recommendationMessage: '' }, {}, { recommendationMessage: '   ' }, { recommendationMessage: null }]) {
      await json(`/api/packages/${id}/message`, alice.write('PUT', { recommendationMessage: 'set' }))
      const res = await json<PackageSummary>(`/api/packages/${id}/message`, alice.write('PUT', body))
      expect(res.body.recommendationMessage).toBeNull()
      expect((await storedPackage(id)).recommendationMessage).toBeNull()
    }
  })

  it('refuses a non-boolean visibility', async () => {
    const id = await category(alice, 'Bad body')
    const res = await json(`/api/packages/${id}/public-status`, alice.write('PUT', { isPublic: 'yes' }))
    expect(res.status).toBe(400)
    expectInvalidInput(res, 'isPublic', 'isPublic must be true or false')
  })

  it('answers 400 for a malformed id or a body that is not JSON, and 404 for a missing package', async () => {
    const id = await category(alice, 'Checked input')
    const writes = [
      ['public-status', { isPublic: true }],
      ['message', { recommendationMessage: 'x' }],
    ] as const
    for (const [what, body] of writes) {
      expectInvalidInput(await json(`/api/packages/nope/${what}`, alice.write('PUT', body)), 'id', 'Package ID must be a valid UUID')
      expect(await json(`/api/packages/${crypto.randomUUID()}/${what}`, alice.write('PUT', body))).toMatchObject({
        status: 404,
        body: { error: 'Package not found', code: 'package_not_found' },
      })
      const notJson = await json(`/api/packages/${id}/${what}`, { ...alice.write('PUT'), body: '{"isPublic":' })
      expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
    }
    expect(await storedPackage(id)).toMatchObject({ isPublic: false, recommendationMessage: null })
  })

  it('tells a guest 401 and someone else 403 why', async () => {
    const id = await category(alice, 'Told why', { public: true })
    for (const [what, body] of [
      ['public-status', { isPublic: false }],
      ['message', { recommendationMessage: 'x' }],
    ] as const) {
      expect(await json(`/api/packages/${id}/${what}`, (await guest()).write('PUT', body))).toMatchObject({
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
      expect(await json(`/api/packages/${id}/${what}`, bob.write('PUT', body))).toMatchObject({
        status: 403,
        body: { error: "You don't have permission to change this package.", code: 'forbidden' },
      })
    }
  })

  it('is refused to everyone but the owner, without revealing a private package', async () => {
    const privateId = await category(alice, 'Secret settings')
    const publicId = await category(alice, 'Open settings', { public: true })
    const writes = [
      ['public-status', { isPublic: true }],
      ['message', { recommendationMessage: 'hijacked' }],
    ] as const
    for (const [what, body] of writes) {
      for (const client of [bob, admin]) {
        expect((await json(`/api/packages/${privateId}/${what}`, client.write('PUT', body))).body).toEqual({
          error: 'Package not found',
          code: 'package_not_found',
        })
        expect((await json(`/api/packages/${publicId}/${what}`, client.write('PUT', body))).status).toBe(403)
      }
      expect((await json(`/api/packages/${publicId}/${what}`, (await guest()).write('PUT', body))).status).toBe(401)
    }
    expect(await storedPackage(privateId)).toMatchObject({ isPublic: false, recommendationMessage: null })
    expect(await storedPackage(publicId)).toMatchObject({ isPublic: true, recommendationMessage: null })
  })
})

describe('privacy of a private package', () => {
  let secret: string

  beforeAll(async () => {
    const server = await insertServer({ displayName: 'Inside the secret' })
    secret = await category(alice, 'Secret collection', { servers: [server.id] })
    // Likes and views could only come from before it was made private; they must not leak either.
    await db().update(packages).set({ likeCount: 999, rankingScore: 9999 }).where(eq(packages.id, secret))
  })

  it('never appears in the list, whatever the sort, or in top', async () => {
    for (const client of [bob, admin, alice]) {
      for (const sortBy of ['ranking', 'likes', 'updated', 'created']) {
        const { body } = await json<PackageList>(`/api/packages?sortBy=${sortBy}&limit=50`, client.read())
        expect(body.packages.map((p) => p.id)).not.toContain(secret)
        expect(body.packages.every((p) => p.isPublic)).toBe(true)
      }
      const top = await json<PackageSummary[]>('/api/packages/top?limit=20', client.read())
      expect(top.body.map((p) => p.id)).not.toContain(secret)
    }
  })

  it('is 404 for a guest, another user and an admin, and visible to its owner', async () => {
    for (const init of [{}, bob.read(), admin.read()]) {
      const res = await json(`/api/packages/${secret}`, init)
      expect(res).toMatchObject({ status: 404, body: { error: 'Package not found', code: 'package_not_found' } })
    }
    const own = await json<PackageDetail>(`/api/packages/${secret}`, alice.read())
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id: secret, isPublic: false, isOwner: true })
    expect(own.body.servers.map((s) => s.displayName)).toEqual(['Inside the secret'])
  })

  it('cannot be liked by others', async () => {
    expect((await json(`/api/packages/${secret}/like`, bob.write('POST'))).status).toBe(404)
    expect((await storedPackage(secret)).likeRows).toBe(0)
  })

  it('is the same 404 as a package that does not exist', async () => {
    const missing = await json(`/api/packages/${crypto.randomUUID()}`, bob.read())
    const hidden = await json(`/api/packages/${secret}`, bob.read())
    expect(hidden).toMatchObject({ status: missing.status, body: missing.body })
  })
})

describe('GET /api/packages', () => {
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    Object.assign(ids, await seedPublicPackages())
  })

  const order = (list: PackageList) => list.packages.map((p) => Object.keys(ids).find((k) => ids[k] === p.id))

  it.each([
    ['ranking', ['new', 'mid', 'old']],
    ['likes', ['old', 'mid', 'new']],
    ['updated', ['old', 'new', 'mid']],
    ['created', ['new', 'mid', 'old']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(order((await json<PackageList>(`/api/packages?sortBy=${sortBy}`)).body)).toEqual(expected)
  })

  it('defaults to ranking and answers the card fields with paging numbers', async () => {
    const { status, body } = await json<PackageList>('/api/packages')
    expect(status).toBe(200)
    expect(order(body)).toEqual(['new', 'mid', 'old'])
    expect(body).toMatchObject({ total: 3, currentPage: 1, totalPages: 1 })
    expect(body.packages[0]).toMatchObject({
      name: 'List new',
      isLiked: false,
      user: { username: 'pkg-bob', avatarUrl: expect.any(String) },
    })
  })

  it('pages without overlap', async () => {
    const p1 = await json<PackageList>('/api/packages?limit=2')
    const p2 = await json<PackageList>('/api/packages?limit=2&page=2')
    expect(p1.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 1 })
    expect([...order(p1.body), ...order(p2.body)]).toEqual(['new', 'mid', 'old'])
  })

  it('refuses invalid query values with 400', async () => {
    for (const q of ['sortBy=stars', 'page=0', 'limit=51', 'limit=abc']) {
      expect((await json(`/api/packages?${q}`)).status).toBe(400)
      expectInvalidInput(await json(`/api/packages?${q}`), q.split('=')[0])
    }
  })
})

describe('GET /api/packages/{id}', () => {
  it('answers the package with its servers as cards and its author', async () => {
    const liked = await insertServer({ displayName: 'Liked card', tags: ['a', 'b', 'c', 'd'] })
    const other = await insertServer({ displayName: 'Other card' })
    const id = await category(alice, 'Detail', { servers: [liked.id, other.id], public: true })
    await json(`/api/servers/${liked.id}/like`, bob.write('POST'))
    const { status, body, res } = await json<PackageDetail>(`/api/packages/${id}`, bob.read())
    expect(status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(body).toMatchObject({ id, name: 'Detail', isPublic: true, serverCount: 2, isOwner: false, user: { username: 'pkg-alice' } })
    expect(body.servers.map((s) => [s.displayName, s.isLiked])).toEqual([
      ['Liked card', true],
      ['Other card', false],
    ])
    expect(body.servers[0]).toMatchObject({
      tags: ['a', 'b', 'c', 'd'],
      installCommand: expect.stringMatching(/^# No install command for /),
    })
  })

  it('refuses a malformed id with 400', async () => {
    expect((await json('/api/packages/nope')).status).toBe(400)
    expectInvalidInput(await json('/api/packages/nope'), 'id', 'Package ID must be a valid UUID')
  })

  it('answers 404 for a missing package, to anyone', async () => {
    for (const init of [{}, alice.read(), admin.read()])
      expect(await json(`/api/packages/${crypto.randomUUID()}`, init)).toMatchObject({
        status: 404,
        body: { error: 'Package not found', code: 'package_not_found' },
      })
  })
})

describe('views of a package', () => {
  const view = (id: string, init: RequestInit = {}) => json<PackageDetail>(`/api/packages/${id}`, init)
  const fromIp = (ip: string): RequestInit => ({ headers: { 'CF-Connecting-IP': ip } })

  it('count once per visitor a day, and again for another visitor', async () => {
    const id = await category(alice, 'Viewed', { public: true })
    for (let i = 0; i < 3; i++) await view(id, fromIp('198.51.100.1'))
    expect(await storedPackage(id)).toMatchObject({ viewCount: 1, viewRows: 1 })

    await view(id, fromIp('198.51.100.2'))
    for (let i = 0; i < 2; i++) await view(id, bob.read())
    const last = await view(id, bob.read())
    expect(last.body.viewCount).toBe(3)
    expect(await storedPackage(id)).toMatchObject({ viewCount: 3, viewRows: 3 })
  })

  it('key a guest by address before the anonymous cookie, so a new cookie is not a new visitor', async () => {
    const id = await category(alice, 'Cookie droppers', { public: true })
    for (let i = 0; i < 3; i++) {
      const visitor = await guest()
      await view(id, { headers: { Cookie: visitor.cookie, 'CF-Connecting-IP': '198.51.100.7' } })
    }
    expect((await storedPackage(id)).viewCount).toBe(1)
    // Without an address (local use), the anonymous cookie identifies the guest.
    const visitor = await guest()
    for (let i = 0; i < 2; i++) await view(id, visitor.read())
    expect((await storedPackage(id)).viewCount).toBe(2)
  })

  it('count a visit in the same round trip as the page it shows', async () => {
    const id = await category(alice, 'One trip', { public: true })
    const cost = await measure(`/api/packages/${id}`, fromIp('198.51.100.30'), { keepKv: true })
    // The package's row (who may see it), then the view and the page in one batch.
    expect(cost).toMatchObject({ status: 200, roundTrips: 2 })
    expect(cost.rowsWritten).toBeGreaterThan(0)
    expect((await view(id, fromIp('198.51.100.31'))).body.viewCount).toBe(2)
  })

  it('store no address: the visitor key is opaque', async () => {
    const id = await category(alice, 'Opaque', { public: true })
    await view(id, fromIp('198.51.100.99'))
    const rows = await db().select().from(packageViews).where(eq(packageViews.packageId, id))
    expect(rows).toHaveLength(1)
    expect(rows[0].visitorHash).not.toContain('198.51.100.99')
    expect(rows[0].day).toBe(new Date().toISOString().slice(0, 10))
  })

  it("do not count the owner's visits or visits of a private package", async () => {
    const publicId = await category(alice, 'Own views', { public: true })
    const privateId = await category(alice, 'Private views')
    await view(publicId, alice.read())
    await view(privateId, alice.read())
    expect(await storedPackage(publicId)).toMatchObject({ viewCount: 0, viewRows: 0 })
    expect(await storedPackage(privateId)).toMatchObject({ viewCount: 0, viewRows: 0 })
  })

  it('recompute the ranking score', async () => {
    const id = await category(alice, 'Score by views', { public: true })
    const since = Date.now()
    await view(id, fromIp('198.51.100.20'))
    const row = await storedPackage(id)
    expect(row.rankingScore).toBeGreaterThan(0)
    expectScoreSince(row, since)
  })
})

describe('POST /api/packages/{id}/like and DELETE', () => {
  it('likes once however often it is sent, counts from the rows, and unlikes', async () => {
    const id = await category(alice, 'Likeable', { public: true })
    for (let i = 0; i < 2; i++) {
      expect(await json(`/api/packages/${id}/like`, bob.write('POST'))).toMatchObject({
        status: 200,
        body: { isLiked: true, likeCount: 1 },
      })
    }
    expect((await json(`/api/packages/${id}/like`, admin.write('POST'))).body).toEqual({ isLiked: true, likeCount: 2 })
    expect(await storedPackage(id)).toMatchObject({ likeCount: 2, likeRows: 2 })
    expect((await json<PackageDetail>(`/api/packages/${id}`, bob.read())).body.isLiked).toBe(true)
    expect((await json<PackageDetail>(`/api/packages/${id}`, alice.read())).body.isLiked).toBe(false)

    for (let i = 0; i < 2; i++) {
      expect((await json(`/api/packages/${id}/like`, bob.write('DELETE'))).body).toEqual({ isLiked: false, likeCount: 1 })
    }
    expect(await storedPackage(id)).toMatchObject({ likeCount: 1, likeRows: 1 })
  })

  it('lets the owner like their own private package', async () => {
    const id = await category(alice, 'Own private like')
    expect((await json(`/api/packages/${id}/like`, alice.write('POST'))).body).toEqual({ isLiked: true, likeCount: 1 })
  })

  it('needs a signed-in user', async () => {
    const id = await category(alice, 'Guest like', { public: true })
    expect((await json(`/api/packages/${id}/like`, (await guest()).write('POST'))).status).toBe(401)
    expect((await storedPackage(id)).likeRows).toBe(0)
    for (const method of ['POST', 'DELETE'] as const) {
      expect(await json(`/api/packages/${id}/like`, (await guest()).write(method))).toMatchObject({
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
    }
  })

  it('answers 400 for a malformed id, and 404 for a missing package or, to others, a private one', async () => {
    const privateId = await category(alice, 'Private likes')
    for (const method of ['POST', 'DELETE'] as const) {
      expectInvalidInput(await json('/api/packages/nope/like', bob.write(method)), 'id', 'Package ID must be a valid UUID')
      for (const id of [crypto.randomUUID(), privateId])
        expect(await json(`/api/packages/${id}/like`, bob.write(method))).toMatchObject({
          status: 404,
          body: { error: 'Package not found', code: 'package_not_found' },
        })
    }
    expect((await storedPackage(privateId)).likeRows).toBe(0)
  })
})

describe('ranking score', () => {
  it('puts the package with more likes first and is recomputed on each like', async () => {
    await db().update(packages).set({ isPublic: false })
    const server = await insertServer()
    const first = await category(alice, 'Rank A', { public: true, servers: [server.id] })
    const second = await category(bob, 'Rank B', { public: true, servers: [server.id] })
    const ranked = async () => (await json<PackageList>('/api/packages?sortBy=ranking')).body.packages.map((p) => p.id)

    let since = Date.now()
    await json(`/api/packages/${second}/like`, alice.write('POST'))
    expect(await ranked()).toEqual([second, first])
    const b = await storedPackage(second)
    expectScoreSince(b, since)

    await json(`/api/packages/${first}/like`, bob.write('POST'))
    since = Date.now()
    await json(`/api/packages/${first}/like`, admin.write('POST'))
    expect(await ranked()).toEqual([first, second])
    const a = await storedPackage(first)
    expect(a).toMatchObject({ likeCount: 2, serverCount: 1 })
    expectScoreSince(a, since)
  })

  it('decays with age: the same numbers score lower on an older package', async () => {
    const server = await insertServer()
    const fresh = await category(alice, 'Fresh', { servers: [server.id] })
    const old = await category(alice, 'Old', { servers: [] })
    await db()
      .update(packages)
      .set({ createdAt: new Date(Date.now() - 90 * 86400000).toISOString() })
      .where(eq(packages.id, old))
    const since = Date.now()
    await json(`/api/users/me/categories/${old}/servers/${server.id}`, alice.write('POST'))
    const [f, o] = [await storedPackage(fresh), await storedPackage(old)]
    expect(f.serverCount).toBe(o.serverCount)
    expectScoreSince(o, since)
    expect(o.rankingScore).toBeLessThan(f.rankingScore / 4)
  })

  it('is recomputed when a package is published and when servers change', async () => {
    const [s1, s2] = [await insertServer(), await insertServer()]
    const id = await category(alice, 'Recomputed')
    await db().update(packages).set({ rankingScore: 42 }).where(eq(packages.id, id))
    await json(`/api/packages/${id}/public-status`, alice.write('PUT', { isPublic: true }))
    expect((await storedPackage(id)).rankingScore).toBe(0)
    await json(`/api/users/me/categories/${id}/servers/${s1.id}`, alice.write('POST'))
    const since = Date.now()
    await json(`/api/users/me/categories/${id}/servers/${s2.id}`, alice.write('POST'))
    const row = await storedPackage(id)
    expectScoreSince(row, since)
    expect(row.rankingScore).toBeGreaterThan(1.9)
  })
})
