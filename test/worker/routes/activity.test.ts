import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { activities, servers } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, expectInvalidInput, json } from '../helpers'

const track = (client: Client, body: unknown) => call('/api/activity/track', client.write('POST', body))

async function viewsOf(serverId: string, userId: string) {
  const [row] = await db().select().from(servers).where(eq(servers.id, serverId))
  const rows = await db()
    .select()
    .from(activities)
    .where(and(eq(activities.serverId, serverId), eq(activities.userId, userId)))
  return { viewCount: row.viewCount, popularity: row.popularity, activities: rows }
}

let alice: Client
let bob: Client

beforeAll(async () => {
  alice = await signIn('viewer-alice')
  bob = await signIn('viewer-bob')
})

describe('POST /api/activity/track', () => {
  it('records a view, bumps the view count and popularity', async () => {
    const { id } = await insertServer({ likeCount: 2, viewCount: 10 })
    const res = await track(alice, { serverId: id, activityType: 'view' })
    expect(res.status).toBe(204)
    const after = await viewsOf(id, alice.user!.id)
    expect(after.viewCount).toBe(11)
    expect(after.popularity).toBe(2 * 5 + 11)
    expect(after.activities).toHaveLength(1)
    expect(after.activities[0].activityType).toBe('view')
  })

  it('counts a view once per user and day, keeping one history row', async () => {
    const { id } = await insertServer()
    for (let i = 0; i < 3; i++) expect((await track(alice, { serverId: id, activityType: 'view' })).status).toBe(204)
    const mine = await viewsOf(id, alice.user!.id)
    expect(mine.viewCount).toBe(1)
    expect(mine.activities).toHaveLength(1)

    await track(bob, { serverId: id, activityType: 'view' })
    expect((await viewsOf(id, bob.user!.id)).viewCount).toBe(2)
  })

  it('records for the signed-in user only, whatever user id the body names', async () => {
    const { id } = await insertServer()
    await track(alice, { serverId: id, activityType: 'view', userId: bob.user!.id })
    expect((await viewsOf(id, alice.user!.id)).activities).toHaveLength(1)
    expect((await viewsOf(id, bob.user!.id)).activities).toHaveLength(0)
  })

  it('refuses a guest with 401', async () => {
    const { id } = await insertServer()
    const res = await track(await guest(), { serverId: id, activityType: 'view' })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Authentication required', code: 'auth_required' })
    expect((await viewsOf(id, alice.user!.id)).viewCount).toBe(0)
  })

  it('validates the body and the server', async () => {
    const { id } = await insertServer()
    const badType = await track(alice, { serverId: id, activityType: 'like' })
    expect(badType.status).toBe(400)
    const badId = await track(alice, { serverId: 'nope', activityType: 'view' })
    expect(badId.status).toBe(400)
    expect(((await badId.json()) as { error: string }).error).toBe('Server ID must be a valid UUID')
    const missing = await track(alice, { serverId: crypto.randomUUID(), activityType: 'view' })
    expect(missing.status).toBe(404)
    const deleted = await insertServer({ status: 'deleted' })
    expect((await track(alice, { serverId: deleted.id, activityType: 'view' })).status).toBe(404)
    expect((await viewsOf(id, alice.user!.id)).activities).toHaveLength(0)
  })
  it('answers 400 invalid_input naming the field, and invalid_json for a body that is not JSON', async () => {
    const { id } = await insertServer()
    expectInvalidInput(await json('/api/activity/track', alice.write('POST', { serverId: id, activityType: 'like' })), 'activityType')
    expectInvalidInput(await json('/api/activity/track', alice.write('POST', { activityType: 'view' })), 'serverId')
    expectInvalidInput(
      await json('/api/activity/track', alice.write('POST', { serverId: 'nope', activityType: 'view' })),
      'serverId',
      'Server ID must be a valid UUID',
    )
    const notJson = await json('/api/activity/track', { ...alice.write('POST'), body: '{"serverId":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
    expect((await viewsOf(id, alice.user!.id)).activities).toHaveLength(0)
  })

  it('answers 404 server_not_found for a missing server, and for a deleted one even to an admin', async () => {
    const admin = await signIn(ADMIN_LOGIN)
    const deleted = await insertServer({ status: 'deleted' })
    for (const [client, serverId] of [
      [alice, crypto.randomUUID()],
      [alice, deleted.id],
      [admin, deleted.id],
    ] as const) {
      const res = await json('/api/activity/track', client.write('POST', { serverId, activityType: 'view' }))
      expect(res).toMatchObject({ status: 404, body: { error: 'Server not found', code: 'server_not_found' } })
    }
    expect((await viewsOf(deleted.id, admin.user!.id)).activities).toHaveLength(0)
  })
})
