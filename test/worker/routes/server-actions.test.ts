import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerPermissions } from '@shared/types'
import { serverLikes, servers } from '../../../worker/db/schema'
import { type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'
import { type Actor, ADMIN, NONE, NOT_FOUND, OWNER, RESTRICTED, type RoleServer, seedServerRoles, UNAUTHENTICATED } from '../server-roles'

async function stored(serverId: string) {
  const [row] = await db().select().from(servers).where(eq(servers.id, serverId))
  const [likes] = await db().select({ n: count() }).from(serverLikes).where(eq(serverLikes.serverId, serverId))
  return { likeCount: row.likeCount, popularity: row.popularity, viewCount: row.viewCount, rows: likes.n }
}

let alice: Client
let bob: Client
const clients = {} as Record<Actor, Client>
const ids = {} as Record<RoleServer, string>

beforeAll(async () => {
  alice = await signIn('like-alice')
  bob = await signIn('like-bob')
  const seeded = await seedServerRoles()
  Object.assign(clients, seeded.clients)
  Object.assign(ids, seeded.ids)
})

/** Expected answer of GET /api/servers/{id}/permissions per server and actor. */
const MATRIX: Record<RoleServer, Record<Actor, ServerPermissions | { status: number; body: unknown }>> = {
  created: { guest: UNAUTHENTICATED, stranger: NONE, creator: OWNER, loginOwner: OWNER, restricted: NONE, admin: ADMIN },
  restrictedCreated: { guest: UNAUTHENTICATED, stranger: NONE, creator: NONE, loginOwner: NONE, restricted: RESTRICTED, admin: ADMIN },
  restrictedLogin: { guest: UNAUTHENTICATED, stranger: NONE, creator: NONE, loginOwner: NONE, restricted: RESTRICTED, admin: ADMIN },
  // A soft-deleted server exists only for admins, even for its owner.
  deleted: { guest: UNAUTHENTICATED, stranger: NOT_FOUND, creator: NOT_FOUND, loginOwner: NOT_FOUND, restricted: NOT_FOUND, admin: ADMIN },
}

const cases = Object.entries(MATRIX).flatMap(([server, row]) =>
  Object.entries(row).map(([actor, expected]) => ({ server: server as RoleServer, actor: actor as Actor, expected })),
)

describe('GET /api/servers/{id}/permissions', () => {
  it.each(cases)('$server server, $actor', async ({ server, actor, expected }) => {
    const res = await json(`/api/servers/${ids[server]}/permissions`, clients[actor].read())
    if ('status' in expected) {
      expect(res.status).toBe(expected.status)
      expect(res.body).toEqual(expected.body)
    } else {
      expect(res.status).toBe(200)
      expect(res.body).toEqual(expected)
      expect(res.res.headers.get('Cache-Control')).toContain('private')
    }
  })

  it('answers 404 for a missing server and 400 for a malformed id', async () => {
    const missing = await json(`/api/servers/${crypto.randomUUID()}/permissions`, clients.stranger.read())
    expect(missing).toMatchObject(NOT_FOUND)
    const bad = await json('/api/servers/123/permissions', clients.stranger.read())
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Server ID must be a valid UUID')
    expectInvalidInput(bad, 'id', 'Server ID must be a valid UUID')
  })

  it('refuses a guest with 401 before looking at the id, so a guest learns nothing about servers', async () => {
    for (const id of [crypto.randomUUID(), ids.deleted, 'not-a-uuid']) {
      expect(await json(`/api/servers/${id}/permissions`, clients.guest.read())).toMatchObject(UNAUTHENTICATED)
    }
  })

  it("ignores any user id the request names: only the session's user counts (no IDOR)", async () => {
    const creatorId = clients.creator.user!.id
    for (const query of [`?userId=${creatorId}`, `?user=${creatorId}&login=perm-creator`]) {
      const res = await json(`/api/servers/${ids.created}/permissions${query}`, {
        headers: { Cookie: clients.stranger.cookie, 'X-User-Id': creatorId },
      })
      expect(res.body).toEqual(NONE)
    }
  })
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
    for (const method of ['POST', 'DELETE'] as const) {
      expectInvalidInput(await json('/api/servers/not-a-uuid/like', alice.write(method)), 'id', 'Server ID must be a valid UUID')
      expect(await json(`/api/servers/${crypto.randomUUID()}/like`, alice.write(method))).toMatchObject(NOT_FOUND)
    }
  })

  it('answers 404 server_not_found on a deleted server even to an admin, who can see it', async () => {
    const deleted = await insertServer({ status: 'deleted' })
    expect((await json(`/api/servers/${deleted.id}`, clients.admin.read())).status).toBe(200)
    for (const method of ['POST', 'DELETE'] as const) {
      expect(await json(`/api/servers/${deleted.id}/like`, clients.admin.write(method))).toMatchObject(NOT_FOUND)
    }
    expect((await stored(deleted.id)).rows).toBe(0)
  })

  it("acts for the session's user only: another user's like cannot be removed, whatever id the request names (no IDOR)", async () => {
    const { id } = await insertServer()
    await json(`/api/servers/${id}/like`, clients.creator.write('POST'))
    const res = await json(`/api/servers/${id}/like`, clients.stranger.write('DELETE', { userId: clients.creator.user!.id }))
    expect(res.body).toEqual({ isLiked: false, likeCount: 1 })
    expect((await json(`/api/servers/${id}`, clients.creator.read())).body.isLiked).toBe(true)
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
})
