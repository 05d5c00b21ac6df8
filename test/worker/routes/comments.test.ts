import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CommentList, PackageComment } from '@shared/types'
import { packageComments, packages } from '../../../worker/db/schema'
import { RATE_LIMIT_MESSAGE } from '../../../worker/middleware/rate-limit'
import { GUEST_COMMENT_RULE } from '../../../worker/routes/comments'
import { ADMIN_LOGIN, type Client, guest, signIn, withCsrf } from '../auth-helpers'
import { call, db, expectInvalidInput, json, roomInWindow } from '../helpers'

let owner: Client
let carol: Client
let dave: Client
let admin: Client
let publicId: string
let privateId: string

async function insertPackage(isPublic: boolean) {
  const id = crypto.randomUUID()
  await db()
    .insert(packages)
    .values({ id, userId: owner.user!.id, name: isPublic ? 'Open' : 'Closed', isPublic })
  return id
}

beforeAll(async () => {
  owner = await signIn('cmt-owner')
  carol = await signIn('cmt-carol')
  dave = await signIn('cmt-dave')
  admin = await signIn(ADMIN_LOGIN)
  publicId = await insertPackage(true)
  privateId = await insertPackage(false)
})

const post = (packageId: string, client: Client, body: unknown) =>
  json<PackageComment & { error?: string }>(`/api/packages/${packageId}/comments`, client.write('POST', body))

const list = (packageId: string, query = '', init: RequestInit = {}) =>
  json<CommentList & { error?: string }>(`/api/packages/${packageId}/comments${query}`, init)

/** A delete: 204 has no body, so the body is read only when there is one. */
async function remove(packageId: string, commentId: string, client: Client) {
  const res = await call(`/api/packages/${packageId}/comments/${commentId}`, client.write('DELETE'))
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function rows(packageId: string) {
  const [r] = await db().select({ n: count() }).from(packageComments).where(eq(packageComments.packageId, packageId))
  return r.n
}

describe('POST /api/packages/{id}/comments', () => {
  it('posts a guest comment under the name given', async () => {
    const { status, body } = await post(publicId, await guest(), { content: '  Great set!  ', authorName: '  Sam  ' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ content: 'Great set!', authorName: 'Sam', userId: null, user: null, canDelete: false })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("posts a signed-in user's comment under the account, ignoring any name sent", async () => {
    const { status, body } = await post(publicId, carol, { content: 'Mine', authorName: 'Someone else' })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      content: 'Mine',
      authorName: null,
      userId: carol.user!.id,
      user: { username: 'cmt-carol' },
      canDelete: true,
    })
    const [row] = await db().select().from(packageComments).where(eq(packageComments.id, body.id))
    expect(row).toMatchObject({ userId: carol.user!.id, authorName: null })
  })

  it('accepts content of 2000 characters after trimming and refuses 2001', async () => {
    const ok = await post(publicId, carol, { content: `  ${'c'.repeat(2000)}  ` })
    expect(ok.status).toBe(201)
    expect(ok.body.content).toHaveLength(2000)
    const tooLong = await post(publicId, carol, { content: 'c'.repeat(2001) })
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'Comment too long', code: 'invalid_input' } })
  })

  it('requires content that is not blank', async () => {
    for (const body of [{ content: '' }, { content: '   ' }, {}]) {
      expect(await post(publicId, carol, body)).toMatchObject({
        status: 400,
        body: { error: 'Comment content is required', code: 'invalid_input' },
      })
    }
  })

  it('requires a guest name of 1 to 50 characters', async () => {
    const visitor = await guest()
    for (const authorName of [undefined, '', '   ']) {
      expect(await post(publicId, visitor, { content: 'Hi', authorName })).toMatchObject({
        status: 400,
        body: { error: 'Author name is required', code: 'invalid_input' },
      })
    }
    expect(await post(publicId, visitor, { content: 'Hi', authorName: 'n'.repeat(51) })).toMatchObject({
      status: 400,
      body: { error: 'Author name too long', code: 'invalid_input' },
    })
    expect((await post(publicId, visitor, { content: 'Hi', authorName: 'n'.repeat(50) })).status).toBe(201)
  })

  it(`limits a guest to ${GUEST_COMMENT_RULE.limit} comments per window, per client`, async () => {
    const id = await insertPackage(true)
    const visitor = await guest()
    await roomInWindow(GUEST_COMMENT_RULE.windowSeconds)
    for (let i = 0; i < GUEST_COMMENT_RULE.limit; i++) {
      expect((await post(id, visitor, { content: `Comment ${i}`, authorName: 'Spammy' })).status).toBe(201)
    }
    const limited = await post(id, visitor, { content: 'One too many', authorName: 'Spammy' })
    expect(limited).toMatchObject({ status: 429, body: { error: RATE_LIMIT_MESSAGE, code: 'rate_limited' } })
    expect(Number(limited.res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await rows(id)).toBe(GUEST_COMMENT_RULE.limit)
    // Another guest, and a signed-in user, are not affected.
    expect((await post(id, await guest(), { content: 'Hello', authorName: 'Polite' })).status).toBe(201)
    expect((await post(id, carol, { content: 'Hello' })).status).toBe(201)
  })

  it('needs the CSRF token, for guests too', async () => {
    const visitor = await guest()
    const body = JSON.stringify({ content: 'Hi', authorName: 'X' })
    const res = await json(
      `/api/packages/${publicId}/comments`,
      withCsrf({ cookie: visitor.cookie, csrfToken: 'forged' }, { method: 'POST', body }),
    )
    expect(res).toMatchObject({ status: 403, body: { error: 'CSRF token invalid', code: 'csrf_invalid' } })
  })

  it('is 404 on a private package for everyone but its owner', async () => {
    for (const client of [await guest(), carol, admin]) {
      const res = await post(privateId, client, { content: 'Peek', authorName: 'Guest' })
      expect(res).toMatchObject({ status: 404, body: { error: 'Package not found', code: 'package_not_found' } })
    }
    expect(await rows(privateId)).toBe(0)
    expect((await post(privateId, owner, { content: 'Note to self' })).status).toBe(201)
  })

  it('answers 400 for a malformed package id or a body that is not JSON, and 404 for a missing package', async () => {
    expectInvalidInput(await post('nope', carol, { content: 'Hi' }), 'id', 'Package ID must be a valid UUID')
    const notJson = await json(`/api/packages/${publicId}/comments`, { ...carol.write('POST'), body: '{"content":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
    const missing = await post(crypto.randomUUID(), carol, { content: 'Hi' })
    expect(missing).toMatchObject({ status: 404, body: { error: 'Package not found', code: 'package_not_found' } })
  })
})

describe('GET /api/packages/{id}/comments', () => {
  let id: string
  const texts = (l: CommentList) => l.comments.map((c) => c.content)

  beforeAll(async () => {
    id = await insertPackage(true)
    await post(id, carol, { content: 'first' })
    await post(id, await guest(), { content: 'second', authorName: 'Guest Gil' })
    await post(id, dave, { content: 'third' })
  })

  it('lists newest first by default, with authors, and paging numbers', async () => {
    const { status, body, res } = await list(id)
    expect(status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(texts(body)).toEqual(['third', 'second', 'first'])
    expect(body).toMatchObject({ total: 3, currentPage: 1, totalPages: 1 })
    expect(body.comments[1]).toMatchObject({ authorName: 'Guest Gil', user: null, userId: null })
    expect(body.comments[2]).toMatchObject({ authorName: null, user: { username: 'cmt-carol', avatarUrl: expect.any(String) } })
  })

  it('lists oldest first and pages', async () => {
    expect(texts((await list(id, '?sortBy=oldest')).body)).toEqual(['first', 'second', 'third'])
    const page2 = await list(id, '?sortBy=oldest&limit=2&page=2')
    expect(texts(page2.body)).toEqual(['third'])
    expect(page2.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 })
  })

  it('says per comment whether the caller may delete it', async () => {
    const canDelete = async (init: RequestInit) => (await list(id, '?sortBy=oldest', init)).body.comments.map((c) => c.canDelete)
    expect(await canDelete({})).toEqual([false, false, false])
    expect(await canDelete(carol.read())).toEqual([true, false, false])
    expect(await canDelete(dave.read())).toEqual([false, false, true])
    expect(await canDelete(owner.read())).toEqual([true, true, true])
    expect(await canDelete(admin.read())).toEqual([true, true, true])
  })

  it('refuses an unknown sort with 400', async () => {
    expect((await list(id, '?sortBy=best')).status).toBe(400)
    expectInvalidInput(await list(id, '?sortBy=best'), 'sortBy')
    expectInvalidInput(await list(id, '?page=0'), 'page')
  })

  it('answers 400 for a malformed package id and 404 for a missing package', async () => {
    expectInvalidInput(await list('nope'), 'id', 'Package ID must be a valid UUID')
    expect(await list(crypto.randomUUID())).toMatchObject({ status: 404, body: { error: 'Package not found', code: 'package_not_found' } })
  })

  it('is 404 on a private package for everyone but its owner', async () => {
    await post(privateId, owner, { content: 'Private note' })
    for (const init of [{}, carol.read(), admin.read()]) {
      expect(await list(privateId, '', init)).toMatchObject({
        status: 404,
        body: { error: 'Package not found', code: 'package_not_found' },
      })
    }
    const own = await list(privateId, '', owner.read())
    expect(own.status).toBe(200)
    expect(texts(own.body)).toContain('Private note')
  })
})

describe('DELETE /api/packages/{id}/comments/{commentId}', () => {
  let id: string
  beforeAll(async () => {
    id = await insertPackage(true)
  })

  const guestComment = async () => (await post(id, await guest(), { content: 'by a guest', authorName: 'Gus' })).body.id
  const carolComment = async () => (await post(id, carol, { content: 'by carol' })).body.id
  const exists = async (commentId: string) =>
    (await db().select().from(packageComments).where(eq(packageComments.id, commentId))).length === 1

  it('refuses a guest with 401, even for a guest comment', async () => {
    const commentId = await guestComment()
    expect(await remove(id, commentId, await guest())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
    expect(await exists(commentId)).toBe(true)
  })

  it('lets the author delete their comment, and nobody else who is not owner or admin', async () => {
    const commentId = await carolComment()
    expect((await remove(id, commentId, dave)).status).toBe(403)
    expect(await exists(commentId)).toBe(true)
    expect(await remove(id, commentId, carol)).toEqual({ status: 204, body: null })
    expect(await exists(commentId)).toBe(false)
  })

  it('refuses anyone else with 403 forbidden and the reason', async () => {
    const commentId = await carolComment()
    expect(await remove(id, commentId, dave)).toEqual({
      status: 403,
      body: { error: "You don't have permission to delete this comment.", code: 'forbidden' },
    })
    expect(await exists(commentId)).toBe(true)
  })

  it("lets the package owner delete any comment on it, a guest's too", async () => {
    for (const commentId of [await guestComment(), await carolComment()]) {
      expect((await remove(id, commentId, owner)).status).toBe(204)
      expect(await exists(commentId)).toBe(false)
    }
  })

  it('lets an admin delete any comment', async () => {
    for (const commentId of [await guestComment(), await carolComment()]) {
      expect((await remove(id, commentId, admin)).status).toBe(204)
      expect(await exists(commentId)).toBe(false)
    }
  })

  it("does not let a package owner delete comments on someone else's package", async () => {
    const othersPackage = crypto.randomUUID()
    await db().insert(packages).values({ id: othersPackage, userId: dave.user!.id, name: "Dave's", isPublic: true })
    const commentId = (await post(othersPackage, carol, { content: 'on dave' })).body.id
    expect((await remove(othersPackage, commentId, owner)).status).toBe(403)
    // Nor through their own package's path.
    expect((await remove(id, commentId, owner)).status).toBe(404)
    expect(await exists(commentId)).toBe(true)
  })

  it('answers 404 for an unknown comment and 400 for a malformed id', async () => {
    expect(await remove(id, crypto.randomUUID(), owner)).toMatchObject({
      status: 404,
      body: { error: 'Comment not found', code: 'comment_not_found' },
    })
    expect((await remove(id, 'nope', owner)).status).toBe(400)
    expectInvalidInput(await remove(id, 'nope', owner), 'commentId', 'Comment ID must be a valid UUID')
    expectInvalidInput(await remove('nope', crypto.randomUUID(), owner), 'id', 'Package ID must be a valid UUID')
  })

  it('answers 404 package_not_found for a missing package', async () => {
    expect(await remove(crypto.randomUUID(), crypto.randomUUID(), owner)).toMatchObject({
      status: 404,
      body: { error: 'Package not found', code: 'package_not_found' },
    })
  })
})
