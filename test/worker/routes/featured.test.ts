import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeaturedComment, FeaturedServer, ServerDetail } from '@shared/types'
import { featured } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, json } from '../helpers'

let admin: Client
let owner: Client
let restricted: Client
let stranger: Client
let visitor: Client

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  owner = await signIn('featured-owner')
  restricted = await signIn('featured-restricted', { restricted: true })
  stranger = await signIn('featured-stranger')
  visitor = await guest()
})

const path = (id: string) => `/api/servers/${id}/featured`
const save = (id: string, body: unknown, client = admin) => json(path(id), client.write('PUT', body))
const storedRow = async (id: string) => (await db().select().from(featured).where(eq(featured.serverId, id)))[0]
const featuredList = async () => (await json<FeaturedServer[]>('/api/servers/featured')).body.map((s) => s.displayName)

/**
 * The editor is the admin's alone: checked per endpoint on a server of its own, owned by
 * creation and, restricted, by repository, since neither kind of owner may curate.
 */
function adminOnly(attempt: (serverId: string, client: Client) => Promise<Response>) {
  describe('admin only', () => {
    let serverId: string
    beforeAll(async () => {
      serverId = (await insertServer({ displayName: 'Guarded', createdBy: owner.user!.id, repoOwner: 'featured-restricted' })).id
    })

    it('a guest gets 401', async () => {
      const res = await attempt(serverId, visitor)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Authentication required', code: 'auth_required' })
    })

    it('a stranger, the owner and a restricted owner get 403 Access denied', async () => {
      for (const client of [stranger, owner, restricted]) {
        const res = await attempt(serverId, client)
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ error: 'Access denied', code: 'forbidden' })
      }
      expect(await storedRow(serverId)).toBeUndefined()
    })

    it('an admin may', async () => {
      const res = await attempt(serverId, admin)
      expect(res.ok).toBe(true)
    })
  })
}

describe('PUT /api/servers/{id}/featured', () => {
  it('sanitises the comment on the Worker: no script, no event handler, no javascript: link is stored', async () => {
    const server = await insertServer({ displayName: 'Sanitised' })
    const hostile =
      '<p onclick="alert(1)"><b>Top pick</b> for <i>databases</i><script>alert(2)</script> ' +
      '<a href="https://example.com/docs" onmouseover="alert(3)">docs</a> <a href="JaVaScRiPt:alert(4)">bad</a></p>' +
      '<img src=x onerror="alert(5)"><iframe src="https://evil.test"></iframe>'
    const { status, body } = await save(server.id, { commentHtml: hostile, isActive: true, sortOrder: 0 })
    expect(status).toBe(200)
    const stored = (await storedRow(server.id)).commentHtml
    expect(body.commentHtml).toBe(stored)
    for (const bad of ['<script', 'alert(2)', 'onclick', 'onmouseover', 'onerror', 'javascript:', '<img', '<iframe']) {
      expect(stored.toLowerCase()).not.toContain(bad.toLowerCase())
    }
    expect(stored).toContain('<b>Top pick</b>')
    expect(stored).toContain('<i>databases</i>')
    expect(stored).toMatch(/<a href="https:\/\/example\.com\/docs"[^>]*rel="noopener noreferrer"[^>]*>docs<\/a>/)
    // The public detail serves exactly the stored, sanitised HTML.
    const detail = await json<ServerDetail>(`/api/servers/${server.id}`)
    expect(detail.body.commentHtml).toBe(stored)
  })

  it('answers the saved recommendation, with an empty sort order read as 0 and times in UTC', async () => {
    const server = await insertServer({ displayName: 'Saved' })
    const { status, body } = await save(server.id, {
      commentHtml: '<p><strong>Saved</strong> text</p>',
      isActive: true,
      sortOrder: '',
      publishStartAt: '2026-01-01T02:00:00+02:00',
      publishEndAt: null,
    })
    expect(status).toBe(200)
    expect(body).toEqual<FeaturedComment>({
      serverId: server.id,
      commentHtml: '<p><strong>Saved</strong> text</p>',
      isActive: true,
      sortOrder: 0,
      publishStartAt: '2026-01-01T00:00:00.000Z',
      publishEndAt: null,
      updatedAt: expect.any(String),
    })
    const again = await save(server.id, { commentHtml: '<p>Changed</p>', sortOrder: '3', publishStartAt: '' })
    expect(again.body).toMatchObject({ commentHtml: '<p>Changed</p>', isActive: true, sortOrder: 3, publishStartAt: null })
    expect((await storedRow(server.id)).updatedBy).toBe(admin.user!.id)
  })

  it.each([
    [{ sortOrder: -1 }, 'Sort order must be 0 or more'],
    [{ sortOrder: 1.5 }, 'Sort order must be a whole number'],
    [{ sortOrder: 'abc' }, 'Sort order must be a whole number'],
    [{ publishStartAt: 'tomorrow' }, 'Must be a date and time'],
    [{ publishStartAt: '2026-02-01T00:00:00Z', publishEndAt: '2026-01-01T00:00:00Z' }, 'Publish end must be after publish start'],
    [{ isActive: 'yes' }, 'Public must be true or false'],
    [{ commentHtml: 'x'.repeat(20001) }, 'Comment too long'],
  ])('refuses %j with 400 %j', async (input, message) => {
    const server = await insertServer()
    const { status, body } = await save(server.id, { commentHtml: '<p>x</p>', ...input })
    expect(status).toBe(400)
    expect(body.error).toBe(message)
    expect(body.code).toBe('invalid_input')
    expect(await storedRow(server.id)).toBeUndefined()
  })

  it('answers 404 for an unknown server, and 400 for a malformed id or a body that is not JSON', async () => {
    const body = { commentHtml: '<p>x</p>' }
    expect(await save(crypto.randomUUID(), body)).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect(await save('not-a-uuid', body)).toMatchObject({
      status: 400,
      body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
    })
    const server = await insertServer()
    const notJson = await json(path(server.id), { ...admin.write('PUT'), body: '{"commentHtml":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
    expect(await storedRow(server.id)).toBeUndefined()
  })

  adminOnly((serverId, client) => call(path(serverId), client.write('PUT', { commentHtml: '<p>Hijack</p>' })))
})

describe('DELETE /api/servers/{id}/featured', () => {
  it('sets the recommendation inactive (204), keeps its text, and takes it off the landing and detail', async () => {
    const server = await insertServer({ displayName: 'To remove' })
    await save(server.id, { commentHtml: '<p><b>To remove</b> soon</p>', isActive: true })
    expect(await featuredList()).toContain('To remove')
    const res = await call(path(server.id), admin.write('DELETE'))
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const { body } = await json<FeaturedComment>(path(server.id), admin.read())
    expect(body).toMatchObject({ isActive: false, commentHtml: '<p><b>To remove</b> soon</p>' })
    expect(await featuredList()).not.toContain('To remove')
    expect((await json<ServerDetail>(`/api/servers/${server.id}`)).body.commentHtml).toBeNull()
  })

  it('is idempotent for a server that was never featured', async () => {
    const server = await insertServer()
    expect((await call(path(server.id), admin.write('DELETE'))).status).toBe(204)
    expect(await storedRow(server.id)).toBeUndefined()
  })

  it('answers 404 for an unknown server and 400 for a malformed id', async () => {
    expect(await json(path(crypto.randomUUID()), admin.write('DELETE'))).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect(await json(path('not-a-uuid'), admin.write('DELETE'))).toMatchObject({
      status: 400,
      body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
    })
  })

  adminOnly((serverId, client) => call(path(serverId), client.write('DELETE')))
})

describe('GET /api/servers/{id}/featured', () => {
  it('answers null when the server has no recommendation yet', async () => {
    const server = await insertServer()
    const { status, body } = await json(path(server.id), admin.read())
    expect(status).toBe(200)
    expect(body).toBeNull()
  })

  it('answers 404 Server not found for an unknown server and 400 for a malformed id', async () => {
    expect(await json(path(crypto.randomUUID()), admin.read())).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect(await json(path('not-a-uuid'), admin.read())).toMatchObject({
      status: 400,
      body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
    })
  })

  adminOnly((serverId, client) => call(path(serverId), client.read()))
})
