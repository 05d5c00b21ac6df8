import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv, Variables } from '../../../worker/env'
import { guestCache } from '../../../worker/middleware/cache'

/** A tiny app whose handler counts how often it really ran. */
function countingApp(user: Variables['user']) {
  let runs = 0
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('user', user)
      await next()
    })
    .get('/list', guestCache, (c) => {
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
    const user = { id: 'u1', login: 'u1', role: 'user', username: 'u1', firstName: null, email: null, avatarUrl: null, profileImageUrl: null, isAdmin: false }
    const { app, runs } = countingApp(user)
    await get(app, 'https://c.test/list?q=mine', '30')
    await get(app, 'https://c.test/list?q=mine', '30')
    expect(runs()).toBe(2)
  })

  it('is off with GUEST_CACHE_SECONDS=0', async () => {
    const { app, runs } = countingApp(null)
    await get(app, 'https://c.test/list?q=off', '0')
    await get(app, 'https://c.test/list?q=off', '0')
    expect(runs()).toBe(2)
  })
})
