/**
 * The busiest reads (server lists, search, a server, the package list) read the session's user in
 * their own first batch, naming the reader in their SQL by the session. These tests hold them to
 * what the session look-up made of them before: a live session reads as its user (isLiked, the
 * Favorites view, an admin's deleted server, a private answer); an ended or expired one reads as a
 * guest, whose Favorites view is refused. The tests' SESSION_MEMO_MS is 0, so every signed-in read
 * here goes this way; statements.test.ts counts its round trips.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PackageList, ServerDetail, ServerList } from '@shared/types'
import { sessions } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, navigate, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, json } from '../helpers'

const liked = (list: ServerList, id: string) => list.servers.find((s) => s.id === id)?.isLiked

let likedId: string
let deletedId: string
const packageId = crypto.randomUUID()

beforeAll(async () => {
  likedId = (await insertServer({ displayName: 'Batchread Liked', description: 'batchread tool', stars: 900 })).id
  await insertServer({ displayName: 'Batchread Other', description: 'batchread tool', stars: 800 })
  deletedId = (await insertServer({ displayName: 'Batchread Gone', description: 'batchread tool', status: 'deleted' })).id
  const owner = await signIn('batch-owner')
  await db().run(sql`INSERT INTO packages (id, user_id, name, is_public) VALUES (${packageId}, ${owner.user!.id}, 'Batchread', 1)`)
})

/** A user who likes `likedId` and the package. */
async function liker(login: string): Promise<Client> {
  const client = await signIn(login)
  expect((await call(`/api/servers/${likedId}/like`, client.write('POST'))).status).toBe(200)
  const likedPackage = await json(`/api/packages/${packageId}/like`, client.write('POST'))
  expect(likedPackage, JSON.stringify(likedPackage.body)).toMatchObject({ status: 200 })
  return client
}

async function expireSessions(client: Client) {
  await db().update(sessions).set({ expiresAt: '2000-01-01T00:00:00.000Z' }).where(eq(sessions.userId, client.user!.id))
}

describe('a read that reads its session in its own batch', () => {
  it('reads as its user while the session lives: likes, Favorites, a private answer', async () => {
    const alice = await liker('batch-alice')
    const list = await json<ServerList>('/api/servers?sortBy=stars&limit=50', alice.read())
    expect(liked(list.body, likedId)).toBe(true)
    expect(list.res.headers.get('Cache-Control')).toBe('private, no-store')
    const found = await json<ServerList>('/api/servers/search?q=batchread', alice.read())
    expect(found.body.servers.map((s) => [s.id, s.isLiked])).toContainEqual([likedId, true])
    expect(found.body.servers.filter((s) => s.isLiked)).toHaveLength(1)
    const favorites = await json<ServerList>('/api/servers/search?q=batchread&favorites=1', alice.read())
    expect(favorites.body.servers.map((s) => s.id)).toEqual([likedId])
    const plainFavorites = await json<ServerList>('/api/servers?favorites=1', alice.read())
    expect(plainFavorites.body.servers.map((s) => s.id)).toEqual([likedId])
    const detail = await json<ServerDetail>(`/api/servers/${likedId}`, alice.read())
    expect(detail.body.isLiked).toBe(true)
    expect(detail.res.headers.get('Cache-Control')).toBe('private, no-store')
    const packages = await json<PackageList>('/api/packages?sortBy=ranking&limit=50', alice.read())
    expect(packages.body.packages.find((p) => p.id === packageId)?.isLiked).toBe(true)
    expect(packages.res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('reads as a guest once the session has ended or expired: no likes, Favorites refused, a public answer', async () => {
    const ended = await liker('batch-ended')
    expect((await navigate('/api/logout', ended.cookie)).status).toBe(302)
    const expired = await liker('batch-expired')
    await expireSessions(expired)
    for (const client of [ended, expired]) {
      const list = await json<ServerList>('/api/servers?sortBy=stars&limit=50', client.read())
      expect(liked(list.body, likedId)).toBe(false)
      expect(list.res.headers.get('Cache-Control')).toBe('public, max-age=30')
      const found = await json<ServerList>('/api/servers/search?q=batchread', client.read())
      expect(found.body.servers.some((s) => s.isLiked)).toBe(false)
      for (const path of ['/api/servers?favorites=1', '/api/servers/search?q=batchread&favorites=1']) {
        const refused = await json(path, client.read())
        expect(refused.status).toBe(401)
        expect(refused.body.code).toBe('auth_required')
      }
      expect((await json<ServerDetail>(`/api/servers/${likedId}`, client.read())).body.isLiked).toBe(false)
      const packages = await json<PackageList>('/api/packages?sortBy=ranking&limit=50', client.read())
      expect(packages.body.packages.find((p) => p.id === packageId)?.isLiked).toBe(false)
    }
  })

  it("shows a deleted server to a live admin's session only", async () => {
    const admin = await signIn(ADMIN_LOGIN)
    const user = await signIn('batch-not-admin')
    expect((await json<ServerDetail>(`/api/servers/${deletedId}`, admin.read())).body).toMatchObject({ id: deletedId, status: 'deleted' })
    expect((await call(`/api/servers/${deletedId}`, user.read())).status).toBe(404)
    expect((await call(`/api/servers/${deletedId}`)).status).toBe(404)
    await expireSessions(admin)
    expect((await call(`/api/servers/${deletedId}`, admin.read())).status).toBe(404)
  })

  it('knows its reader when it sends no batch at all (a query of no words)', async () => {
    const bob = await liker('batch-bob')
    const empty = await json<ServerList>('/api/servers/search?q=%21%21&favorites=1', bob.read())
    expect(empty.status).toBe(200)
    expect(empty.body.servers).toEqual([])
    expect(empty.res.headers.get('Cache-Control')).toBe('private, no-store')
    await expireSessions(bob)
    const refused = await json('/api/servers/search?q=%21%21&favorites=1', bob.read())
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('auth_required')
  })
})
