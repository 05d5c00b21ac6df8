import { createExecutionContext, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { cacheKeys } from '../../../worker/lib/cache/kv-cache'
import { type Client, guest, navigate, signIn, withCsrf } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, json } from '../helpers'

let serverId: string
let likePath: string

beforeAll(async () => {
  serverId = (await insertServer()).id
  likePath = `/api/servers/${serverId}/like`
})

const CSRF_REFUSED = { error: 'CSRF token invalid', code: 'csrf_invalid' }

/** A like: a write that reaches its route (200 signed in, 401 for a guest) once CSRF passes. */
const like = (init: RequestInit) => json(likePath, { method: 'POST', ...init })

describe('the CSRF check on writes', () => {
  let alice: Client
  let bob: Client
  let visitor: Client

  beforeAll(async () => {
    alice = await signIn('csrf-alice')
    bob = await signIn('csrf-bob')
    visitor = await guest()
  })

  it('lets a complete same-origin write through', async () => {
    const res = await like(withCsrf(alice, { headers: { Origin: 'https://catalogue.test', 'Sec-Fetch-Site': 'same-origin' } }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ isLiked: true })
  })

  it('accepts a JSON content type with parameters', async () => {
    const res = await like(withCsrf(alice, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }))
    expect(res.status).toBe(200)
  })

  it('lets a guest write through to the route with the anonymous token (which then decides)', async () => {
    const res = await like(withCsrf(visitor))
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Authentication required', code: 'auth_required' })
  })

  it.each<[string, () => RequestInit]>([
    ['no token', () => withCsrf(alice, { headers: { 'X-CSRF-Token': '' } })],
    ['a made-up token', () => withCsrf(alice, { headers: { 'X-CSRF-Token': 'A'.repeat(43) } })],
    ["another session's token", () => withCsrf({ cookie: alice.cookie, csrfToken: bob.csrfToken })],
    ["a guest's token with a session", () => withCsrf({ cookie: alice.cookie, csrfToken: visitor.csrfToken })],
    ["another guest's token", () => withCsrf({ cookie: visitor.cookie, csrfToken: alice.csrfToken })],
    ['a token but no cookie', () => withCsrf({ cookie: '', csrfToken: visitor.csrfToken })],
    ['no X-Requested-With', () => withCsrf(alice, { headers: { 'X-Requested-With': '' } })],
    ['a text/plain body', () => withCsrf(alice, { headers: { 'Content-Type': 'text/plain' } })],
    ['a form body', () => withCsrf(alice, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })],
    ['a look-alike content type', () => withCsrf(alice, { headers: { 'Content-Type': 'application/jsonx' } })],
    ['a cross-site Origin', () => withCsrf(alice, { headers: { Origin: 'https://evil.example' } })],
    ['an opaque Origin', () => withCsrf(alice, { headers: { Origin: 'null' } })],
    ['a sibling-subdomain Origin', () => withCsrf(alice, { headers: { Origin: 'https://evil.catalogue.test' } })],
    ['Sec-Fetch-Site: cross-site', () => withCsrf(alice, { headers: { 'Sec-Fetch-Site': 'cross-site' } })],
    ['Sec-Fetch-Site: same-site', () => withCsrf(alice, { headers: { 'Sec-Fetch-Site': 'same-site' } })],
  ])('refuses %s with 403', async (_name, init) => {
    const res = await like(init())
    expect(res.status).toBe(403)
    expect(res.body).toEqual(CSRF_REFUSED)
  })

  it('refuses the token of a session that has ended', async () => {
    const carol = await signIn('csrf-carol')
    await navigate('/api/logout', carol.cookie)
    const res = await like(withCsrf(carol))
    expect(res.status).toBe(403)
    expect(res.body).toEqual(CSRF_REFUSED)
  })

  it('needs no token for a read', async () => {
    expect((await call(`/api/servers/${serverId}`)).status).toBe(200)
  })
})

describe('the signing secret', () => {
  const withSecret = (path: string, init: RequestInit, secret: string) =>
    app.request(`https://catalogue.test${path}`, init, { ...env, SESSION_SECRET: secret }, createExecutionContext())

  it('falls back to one random secret kept in KV when SESSION_SECRET is not set', async () => {
    const visitor = await guest()
    const stored = await env.CACHE.get(cacheKeys.signingKey())
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const again = await call('/api/csrf-token', visitor.read())
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(visitor.csrfToken)
    expect(await env.CACHE.get(cacheKeys.signingKey())).toBe(stored)
  })

  it('signs with SESSION_SECRET when set, so tokens from another secret are refused', async () => {
    const alice = await signIn('secret-alice')
    const issued = await withSecret('/api/csrf-token', alice.read(), 'production-secret')
    const { csrfToken } = (await issued.json()) as { csrfToken: string }
    expect(csrfToken).not.toBe(alice.csrfToken)

    const fallbackToken = await withSecret(likePath, withCsrf(alice, { method: 'POST' }), 'production-secret')
    expect(fallbackToken.status).toBe(403)
    const secretToken = await withSecret(likePath, withCsrf({ cookie: alice.cookie, csrfToken }, { method: 'POST' }), 'production-secret')
    expect(secretToken.status).toBe(200)
  })
})
