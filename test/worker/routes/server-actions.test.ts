import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { serverLikes, servers } from '../../../worker/db/schema'
import { guest, signIn, type Client } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, json } from '../helpers'

async function stored(serverId: string) {
  const [row] = await db().select().from(servers).where(eq(servers.id, serverId))
  const [likes] = await db().select({ n: count() }).from(serverLikes).where(eq(serverLikes.serverId, serverId))
  return { likeCount: row.likeCount, popularity: row.popularity, viewCount: row.viewCount, rows: likes.n }
}

let alice: Client
let bob: Client

beforeAll(async () => {
  alice = await signIn('like-alice')
  bob = await signIn('like-bob')
})

describe('POST /api/servers/{id}/like and DELETE', () => {
  it('likes once however often it is sent, and unlikes the same way', async () => {
    const { id } = await insertServer({ viewCount: 3 })
    const path = `/api/servers/${id}/like`

    for (let i = 0; i < 2; i++) {
      const res = await json(path, alice.write('POST'))
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ isLiked: true, likeCount: 1 })
    }
    expect(await stored(id)).toEqual({ likeCount: 1, rows: 1, viewCount: 3, popularity: 1 * 5 + 3 })

    expect((await json(path, bob.write('POST'))).body).toEqual({ isLiked: true, likeCount: 2 })

    for (let i = 0; i < 2; i++) {
      const res = await json(path, alice.write('DELETE'))
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ isLiked: false, likeCount: 1 })
    }
    expect(await stored(id)).toEqual({ likeCount: 1, rows: 1, viewCount: 3, popularity: 5 + 3 })
  })

  it('does not touch the update date that lists sort on', async () => {
    const { id } = await insertServer({ updatedAt: '2024-01-01T00:00:00.000Z' })
    await json(`/api/servers/${id}/like`, alice.write('POST'))
    const [row] = await db().select({ updatedAt: servers.updatedAt }).from(servers).where(eq(servers.id, id))
    expect(row.updatedAt).toBe('2024-01-01T00:00:00.000Z')
  })

  it('refuses a guest with 401 and changes nothing', async () => {
    const { id } = await insertServer()
    const visitor = await guest()
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await json(`/api/servers/${id}/like`, visitor.write(method))
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ error: 'Authentication required', code: 'auth_required' })
    }
    expect((await stored(id)).rows).toBe(0)
  })

  it('answers 404 for a missing or deleted server and 400 for a malformed id', async () => {
    const deleted = await insertServer({ status: 'deleted' })
    for (const id of [crypto.randomUUID(), deleted.id]) {
      const res = await json(`/api/servers/${id}/like`, alice.write('POST'))
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ error: 'Server not found', code: 'server_not_found' })
    }
    expect((await stored(deleted.id)).rows).toBe(0)
    const bad = await json('/api/servers/not-a-uuid/like', alice.write('POST'))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Server ID must be a valid UUID')
  })
})

describe('isLiked in lists and detail', () => {
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

describe('concurrent likes', () => {
  let users: Client[]

  beforeAll(async () => {
    users = []
    for (let i = 0; i < 30; i++) users.push(await signIn(`crowd-${i}`))
  })

  it('keep like_count equal to the number of rows under simultaneous likes and unlikes', async () => {
    const { id } = await insertServer()
    const path = `/api/servers/${id}/like`

    const liked = await Promise.all(users.map((u) => json(path, u.write('POST'))))
    expect(liked.every((r) => r.status === 200)).toBe(true)
    expect(await stored(id)).toMatchObject({ likeCount: 30, rows: 30 })

    // Half unlike while the other half like again (no-ops), all at once.
    await Promise.all(users.map((u, i) => json(path, u.write(i % 2 ? 'DELETE' : 'POST'))))
    expect(await stored(id)).toMatchObject({ likeCount: 15, rows: 15, popularity: 15 * 5 })

    // Everyone toggles several times at once, in an order nobody controls.
    await Promise.all(users.flatMap((u) => [json(path, u.write('POST')), json(path, u.write('DELETE')), json(path, u.write('POST'))]))
    const after = await stored(id)
    expect(after.likeCount).toBe(after.rows)
    expect(after.popularity).toBe(after.rows * 5)
  })
})
