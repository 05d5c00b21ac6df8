import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerDetail, ServerList } from '@shared/types'
import { app as catalogue } from '../../../worker/app'
import { createDb } from '../../../worker/db/client'
import { contentVersion } from '../../../worker/db/content-versions'
import { servers } from '../../../worker/db/schema'
import type { AppEnv, Variables } from '../../../worker/env'
import { forgetGuestAnswers, guestCache } from '../../../worker/middleware/cache'
import { type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db } from '../helpers'

/** A tiny app whose handler counts how often it really ran. */
function countingApp(user: Variables['user'], cacheOpts: Parameters<typeof guestCache>[0] = {}) {
  let runs = 0
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('db', createDb(c.env.DB))
      c.set('user', user)
      c.set('viewer', user?.id ?? null)
      await next()
    })
    .get('/list', guestCache(cacheOpts), (c) => {
      runs++
      return c.json({ runs })
    })
  return { app, runs: () => runs }
}

async function get(app: Hono<AppEnv>, url: string, seconds: string) {
  const ctx = createExecutionContext()
  const res = await app.request(url, {}, { ...env, GUEST_CACHE_SECONDS: seconds }, ctx)
  const body = await res.json()
  await waitOnExecutionContext(ctx)
  return body
}

describe('guestCache', () => {
  it("serves a guest's repeat of the same URL from the cache", async () => {
    const { app, runs } = countingApp(null)
    expect(await get(app, 'https://c.test/list?q=server', '30')).toEqual({ runs: 1 })
    expect(await get(app, 'https://c.test/list?q=server', '30')).toEqual({ runs: 1 })
    expect(runs()).toBe(1)
    // Another query is another entry.
    expect(await get(app, 'https://c.test/list?q=other', '30')).toEqual({ runs: 2 })
  })

  it('never stores or serves a signed-in answer (it carries isLiked)', async () => {
    const user = {
      id: 'u1',
      login: 'u1',
      role: 'user',
      username: 'u1',
      firstName: null,
      email: null,
      avatarUrl: null,
      profileImageUrl: null,
      isAdmin: false,
    }
    const { app, runs } = countingApp(user)
    await get(app, 'https://c.test/list?q=mine', '30')
    await get(app, 'https://c.test/list?q=mine', '30')
    expect(runs()).toBe(2)
  })

  it('serves every repeat whole, from this isolate, with the headers of the first answer', async () => {
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('db', createDb(c.env.DB))
        c.set('user', null)
        c.set('viewer', null)
        await next()
      })
      .get('/page', guestCache(), (c) => {
        c.header('Cache-Control', 'public, max-age=30')
        return c.text(`made at ${crypto.randomUUID()}`, 200, { 'X-Made': 'once' })
      })
    const answers: Array<{ text: string; made: string | null; cacheControl: string | null }> = []
    for (let i = 0; i < 3; i++) {
      const ctx = createExecutionContext()
      const res = await app.request('https://c.test/page', {}, { ...env, GUEST_CACHE_SECONDS: '30' }, ctx)
      answers.push({ text: await res.text(), made: res.headers.get('X-Made'), cacheControl: res.headers.get('Cache-Control') })
      await waitOnExecutionContext(ctx)
    }
    expect(answers[0].text).toMatch(/^made at /)
    expect(answers).toEqual([answers[0], answers[0], answers[0]])
    expect(answers[0]).toMatchObject({ made: 'once', cacheControl: 'public, max-age=30' })
  })

  it("costs a first visit nothing but the handler: no write to the data centre's cache", async () => {
    const { app, runs } = countingApp(null, { shared: true })
    const url = 'https://c.test/list?q=first-visit'
    const key = `${url}&__content=${await contentVersion(db(), 'servers')}`
    const shared = await caches.open('guest-reads')
    expect(await get(app, url, '30')).toEqual({ runs: 1 })
    expect(await shared.match(key)).toBeUndefined()
    // Asked again, it is worth sharing: other isolates can now skip the handler.
    expect(await get(app, url, '30')).toEqual({ runs: 1 })
    const stored = await shared.match(key)
    expect(await stored?.json()).toEqual({ runs: 1 })
    expect(stored?.headers.get('Cache-Control')).toBe('public, max-age=30')
    // Another isolate (this one with its memory emptied) reads it from there.
    forgetGuestAnswers()
    expect(await get(app, url, '30')).toEqual({ runs: 1 })
    expect(runs()).toBe(1)
  })

  it("keeps a one-read answer in this isolate only: the data centre's cache is never asked", async () => {
    const { app, runs } = countingApp(null)
    const url = 'https://c.test/list?q=isolate-only'
    const key = `${url}&__content=${await contentVersion(db(), 'servers')}`
    await get(app, url, '30')
    await get(app, url, '30')
    expect(runs()).toBe(1)
    expect(await (await caches.open('guest-reads')).match(key)).toBeUndefined()
    forgetGuestAnswers()
    expect(await get(app, url, '30')).toEqual({ runs: 2 })
  })

  it('is off with GUEST_CACHE_SECONDS=0', async () => {
    const { app, runs } = countingApp(null)
    await get(app, 'https://c.test/list?q=off', '0')
    await get(app, 'https://c.test/list?q=off', '0')
    expect(runs()).toBe(2)
  })
})

/** A guest's read through the whole app with the edge cache on, as deployed. */
async function guestRead<T>(path: string): Promise<{ status: number; body: T }> {
  const ctx = createExecutionContext()
  const res = await catalogue.request(`https://catalogue.test${path}`, {}, { ...env, GUEST_CACHE_SECONDS: '30' }, ctx)
  const body = (await res.json()) as T
  await waitOnExecutionContext(ctx)
  return { status: res.status, body }
}

const listed = (list: ServerList, id: string) => list.servers.some((s) => s.id === id)

describe('what guests see is true right after a write', () => {
  let owner: Client
  let liker: Client
  beforeAll(async () => {
    owner = await signIn('cache-truth-owner')
    liker = await signIn('cache-truth-liker')
  })

  it('serves repeats from the cache while nothing guests can see has changed', async () => {
    const server = await insertServer({ displayName: 'Cachedrepeat Tool', createdBy: owner.user!.id })
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.viewCount).toBe(0)
    // Views only order lists: a change to them alone is not a reason to drop the cache.
    await db().update(servers).set({ viewCount: 7 }).where(eq(servers.id, server.id))
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.viewCount).toBe(0)
  })

  it('shows an edit at once: detail, list and search', async () => {
    const server = await insertServer({ displayName: 'Cacheedit Tool', description: 'Before the edit', createdBy: owner.user!.id })
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.description).toBe('Before the edit')
    expect(listed((await guestRead<ServerList>('/api/servers/search?q=cacheedit')).body, server.id)).toBe(true)
    const edit = await call(
      `/api/servers/${server.id}`,
      owner.write('PUT', { description: 'After the edit, renamed', displayName: 'Renamedcache Tool' }),
    )
    expect(edit.status).toBe(200)
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.description).toBe('After the edit, renamed')
    expect(listed((await guestRead<ServerList>('/api/servers/search?q=cacheedit')).body, server.id)).toBe(false)
    expect(listed((await guestRead<ServerList>('/api/servers/search?q=renamedcache')).body, server.id)).toBe(true)
  })

  it('hides a deleted server at once from its detail, README, the list and search, for every guest', async () => {
    const server = await insertServer({
      displayName: 'Cachedelete Tool',
      readmeText: '# Cachedelete',
      createdBy: owner.user!.id,
      stars: 1_000_000,
    })
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).status).toBe(200)
    expect((await guestRead<{ html: string }>(`/api/servers/${server.id}/readme`)).status).toBe(200)
    expect(listed((await guestRead<ServerList>('/api/servers?sortBy=stars')).body, server.id)).toBe(true)
    expect(listed((await guestRead<ServerList>('/api/servers/search?q=cachedelete')).body, server.id)).toBe(true)

    expect((await call(`/api/servers/${server.id}`, owner.write('DELETE'))).status).toBe(204)
    expect(await guestRead(`/api/servers/${server.id}`)).toEqual({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect((await guestRead(`/api/servers/${server.id}/readme`)).status).toBe(404)
    expect(listed((await guestRead<ServerList>('/api/servers?sortBy=stars')).body, server.id)).toBe(false)
    expect(listed((await guestRead<ServerList>('/api/servers/search?q=cachedelete')).body, server.id)).toBe(false)
  })

  it('counts a like at once', async () => {
    const server = await insertServer({ displayName: 'Cachelike Tool', createdBy: owner.user!.id })
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.likeCount).toBe(0)
    expect((await call(`/api/servers/${server.id}/like`, liker.write('POST'))).status).toBe(200)
    expect((await guestRead<ServerDetail>(`/api/servers/${server.id}`)).body.likeCount).toBe(1)
  })
})
