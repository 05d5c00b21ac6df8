/**
 * Route-wide security checks. The routes come from the app's own route table (`app.routes`), so
 * every route added later is swept without touching this file.
 */
import { createExecutionContext, env } from 'cloudflare:test'
import { Hono } from 'hono'
import { parse as parseToml } from 'smol-toml'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import headersFile from '../../web/public/_headers?raw'
import { MAX_BODY_BYTES } from '../../worker/app'
import { createDb } from '../../worker/db/client'
import type { AppEnv } from '../../worker/env'
import { isWorkerPath, onError, WORKER_PATHS } from '../../worker/middleware/errors'
import { STATIC_ASSET_PATHS } from '../../worker/middleware/pages'
import { RATE_LIMIT_MESSAGE, rateLimit, WRITE_RULES } from '../../worker/middleware/rate-limit'
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../worker/middleware/security-headers'
import { sessionMiddleware } from '../../worker/middleware/session'
import { MCP_MAX_BODY_BYTES } from '../../worker/routes/mcp'
import { RUNNER_MAX_BODY_BYTES } from '../../worker/routes/runner'
import wranglerToml from '../../wrangler.toml?raw'
import { ADMIN_LOGIN, type Client, guest, signIn, withCsrf } from './auth-helpers'
import { call, roomInWindow } from './helpers'
import {
  bearerRoutes,
  concrete,
  getRoutes,
  pageRoutes,
  type Route,
  routes,
  rpcRoutes,
  type SeededParams,
  seedRouteParams,
  writeRoutes,
} from './route-table'
import { bearer, runnerPost } from './runner-helpers'

/** The files of web/public, which the build copies beside the SPA's own. */
const publicFiles = import.meta.glob('../../web/public/**/*', { query: '?raw', import: 'default', eager: true })

/**
 * Writes a guest may make (with a CSRF token bound to the anonymous cookie). Every other write,
 * and every route under /api/users/me, must answer a guest 401. Entries may name routes that
 * do not exist yet.
 */
const GUEST_ALLOWED = new Set([
  // Guests comment on packages under a name.
  'POST /api/packages/:id/comments',
])

/**
 * GET routes that change state by design, each with the only parts of the database it may
 * change and the reason. Every other GET must leave the database exactly as it found it.
 */
const GET_EFFECTS: Record<string, string[]> = {
  // Sign-out is a browser navigation; it ends the caller's session.
  'GET /api/logout': ['sessions'],
  // A package view counts at most once per visitor and day, on reading it.
  'GET /api/packages/:id': ['package_views', 'packageCounters'],
}

let seeded: SeededParams
let alice: Client
let bob: Client

beforeAll(async () => {
  alice = await signIn('sweep-alice')
  bob = await signIn('sweep-bob')
  seeded = await seedRouteParams(bob.user!.id)
})

const request = (route: Route, init: RequestInit) =>
  call(concrete(route.path, seeded), { redirect: 'manual', ...init, method: route.method })

async function errorOf(res: Response): Promise<string | undefined> {
  const text = await res.text()
  try {
    return (JSON.parse(text) as { error?: string }).error
  } catch {
    return undefined
  }
}

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('Content-Security-Policy') ?? ''
  const scriptSrc =
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? ''
  expect(scriptSrc).toMatch(/^script-src /)
  expect(scriptSrc).not.toContain("'unsafe-inline'")
  expect(scriptSrc).not.toContain("'unsafe-eval'")
  expect(csp).toContain("frame-ancestors 'none'")
  const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('Strict-Transport-Security') ?? '')?.[1] ?? 0)
  expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600)
  expect(res.headers.get('X-Frame-Options')).toBe('DENY')
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(res.headers.get('Referrer-Policy')).toBeTruthy()
}

it('finds the routes to sweep in the route table', () => {
  expect(writeRoutes.map((r) => r.key)).toEqual(
    expect.arrayContaining(['POST /api/servers/:id/like', 'DELETE /api/servers/:id/like', 'POST /api/activity/track']),
  )
  expect(getRoutes.map((r) => r.key)).toEqual(
    expect.arrayContaining([
      'GET /api/servers/:id/permissions',
      'GET /api/auth/session',
      'GET /v0.1/servers',
      'GET /v0.1/servers/:serverName/versions/:version',
      'GET /servers/:id',
      'GET /packages/:id',
    ]),
  )
})

it('runs the Worker first for every path but the static files, as wrangler.toml lists them', () => {
  const runFirst = (parseToml(wranglerToml) as { assets: { run_worker_first: string[] } }).assets.run_worker_first
  expect(runFirst).toEqual(['/*', ...STATIC_ASSET_PATHS.map((p) => `!${p}`)])
  // Every file web/public puts beside the build is one of them (the asset layer reads _headers itself).
  const isStatic = (path: string) => STATIC_ASSET_PATHS.some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : path === p))
  for (const file of Object.keys(publicFiles)) {
    const path = file.replace('../../web/public', '')
    if (path !== '/_headers') expect({ path, static: isStatic(path) }).toEqual({ path, static: true })
  }
  // The Worker's own routes and pages are not.
  for (const route of pageRoutes) expect({ path: route.path, static: isStatic(route.path) }).toEqual({ path: route.path, static: false })
  // Every route is one of the Worker's own interfaces or a page of the SPA.
  expect(routes.filter((r) => !isWorkerPath(r.path) && !pageRoutes.some((p) => p.path === r.path)).map((r) => r.key)).toEqual([])
  expect(WORKER_PATHS.filter((p) => isStatic(p))).toEqual([])
  expect(getRoutes.map((r) => r.key)).toEqual(
    expect.arrayContaining([
      'GET /robots.txt',
      'GET /sitemap.xml',
      'GET /sitemaps/:file',
      'GET /feeds/servers/new.atom',
      'GET /feeds/tags/:file',
    ]),
  )
})

describe.each(writeRoutes)('$key', (route) => {
  it('refuses a write without a valid token, JSON type, X-Requested-With or same origin', async () => {
    const refused: Array<[string, RequestInit]> = [
      ['missing token', withCsrf(alice, { headers: { 'X-CSRF-Token': '' }, body: '{}' })],
      ["another session's token", withCsrf({ cookie: alice.cookie, csrfToken: bob.csrfToken }, { body: '{}' })],
      ['wrong content type', withCsrf(alice, { headers: { 'Content-Type': 'text/plain' }, body: '{}' })],
      ['no X-Requested-With', withCsrf(alice, { headers: { 'X-Requested-With': '' }, body: '{}' })],
      ['cross-site Origin', withCsrf(alice, { headers: { Origin: 'https://evil.example' }, body: '{}' })],
      ['cross-site fetch metadata', withCsrf(alice, { headers: { 'Sec-Fetch-Site': 'cross-site' }, body: '{}' })],
    ]
    for (const [why, init] of refused) {
      const res = await request(route, init)
      expect({ why, status: res.status, error: await errorOf(res) }).toEqual({ why, status: 403, error: 'CSRF token invalid' })
      expectSecurityHeaders(res)
    }
    // The same request done right is not refused by the CSRF check (the route then decides).
    const ok = await request(route, withCsrf(alice, { body: '{}' }))
    expect(await errorOf(ok)).not.toBe('CSRF token invalid')
    expectSecurityHeaders(ok)
  })

  it('never answers 5xx to JSON nested up to 100,000 levels, and refuses past the depth limit with 400', async () => {
    // A user of its own per route: these writes count against the write rate limit.
    const writer = await signIn(`sweep-deep-${writeRoutes.indexOf(route)}`)
    const nested = (depth: number, open: string, close: string, inner: string) => `${open.repeat(depth)}${inner}${close.repeat(depth)}`
    const bodies: Array<[string, number, string]> = []
    for (const depth of [LIMITS.jsonDepth + 1, 3000, 4000, 32_000, 100_000]) {
      bodies.push([`${depth} arrays`, depth, nested(depth, '[', ']', '1')])
      bodies.push([`${depth} objects in metadata`, depth, `{"metadata":${nested(depth - 1, '{"a":', '}', '1')}}`])
    }
    for (const [what, depth, body] of bodies) {
      const res = await request(route, withCsrf(writer, { body }))
      const text = await res.text()
      const tooLarge = new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES
      expect({ what, status: res.status, body: JSON.parse(text) }).toEqual({
        what,
        status: tooLarge ? 413 : 400,
        body: tooLarge
          ? { error: 'Request body too large', code: 'payload_too_large' }
          : { error: `Request body is nested too deeply (at most ${LIMITS.jsonDepth} levels)`, code: 'invalid_json' },
      })
      expect(depth).toBeGreaterThan(LIMITS.jsonDepth)
    }
    // At the limit the body is let through to the route, which decides (and never with a 5xx).
    const atLimit = await request(route, withCsrf(writer, { body: `{"metadata":${nested(LIMITS.jsonDepth - 1, '{"a":', '}', '1')}}` }))
    expect(atLimit.status).toBeLessThan(500)
    expect((await atLimit.text()).includes('nested too deeply')).toBe(false)
  })

  it(GUEST_ALLOWED.has(route.key) ? 'is open to guests (allowlisted)' : 'refuses a guest with 401', async () => {
    const res = await request(route, withCsrf(await guest(), { body: '{}' }))
    if (GUEST_ALLOWED.has(route.key)) {
      expect(res.status).not.toBe(401)
    } else {
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('Authentication required')
    }
  })
})

describe('the probe runner’s routes', () => {
  it('are found in the route table, and are all writes', () => {
    expect(bearerRoutes.map((r) => r.key)).toEqual(expect.arrayContaining(['POST /api/runner/claim', 'POST /api/runner/results']))
    expect(bearerRoutes.filter((r) => r.method !== 'POST')).toEqual([])
  })

  describe.each(bearerRoutes)('$key', (route) => {
    it('does not exist without the runner secret, whatever the caller sends', async () => {
      const admin = await signIn(ADMIN_LOGIN)
      for (const init of [withCsrf(admin, { body: '{}' }), { headers: { 'Content-Type': 'application/json', ...bearer() }, body: '{}' }]) {
        const res = await request(route, init)
        expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: { error: 'Not found', code: 'not_found' } })
        expectSecurityHeaders(res)
      }
    })

    it('lets nothing but the bearer token in: a signed-in admin with a valid CSRF token is refused 401', async () => {
      const admin = await signIn(ADMIN_LOGIN)
      const browser = Object.fromEntries(new Headers(withCsrf(admin).headers).entries())
      for (const headers of [browser, { ...browser, ...bearer('wrong') }, {}]) {
        const res = await runnerPost(route.path, {}, headers)
        expect({ status: res.status, error: await errorOf(res) }).toEqual({ status: 401, error: 'Authentication required' })
        expectSecurityHeaders(res)
      }
    })

    it('with the token, refuses JSON past the depth limit with 400 and past its body limit with 413, never a 5xx', async () => {
      const nested = (depth: number) => `{"outcome":${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}}`
      for (const depth of [LIMITS.jsonDepth + 1, 4000, 100_000]) {
        const res = await runnerPost(route.path, nested(depth))
        expect({ depth, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
          depth,
          status: 400,
          code: 'invalid_json',
        })
      }
      const big = await runnerPost(route.path, { padding: 'x'.repeat(RUNNER_MAX_BODY_BYTES) })
      expect(big.status).toBe(413)
      const atLimit = await runnerPost(route.path, nested(LIMITS.jsonDepth))
      expect(atLimit.status).toBeLessThan(500)
      expectSecurityHeaders(atLimit)
    })
  })
})

describe('the MCP endpoint’s routes', () => {
  const post = rpcRoutes.find((r) => r.method === 'POST')!
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sweep', version: '1' } },
  })
  const rpcInit = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(init.headers as Record<string, string>),
    },
  })

  it('are found in the route table: POST, and GET and DELETE refused as a stateless server does', () => {
    expect(rpcRoutes.map((r) => r.key).sort()).toEqual(['DELETE /mcp', 'GET /mcp', 'POST /mcp'])
  })

  it('POST needs no CSRF token, ignores a session cookie, sets none, and changes nothing in the database', async () => {
    for (const client of [alice, null]) {
      const before = await databaseState()
      const res = await request(post, client ? client.read(rpcInit({ body: initialize })) : rpcInit({ body: initialize }))
      expect(res.status).toBe(200)
      expect(res.headers.get('Set-Cookie')).toBeNull()
      expectSecurityHeaders(res)
      await res.text()
      expect(await databaseState()).toEqual(before)
    }
  })

  it('POST refuses a cross-site Origin with 403, as the specification asks', async () => {
    const res = await request(post, rpcInit({ headers: { Origin: 'https://evil.example' }, body: initialize }))
    expect(res.status).toBe(403)
    expectSecurityHeaders(res)
  })

  it('POST never answers 5xx to JSON nested up to 100,000 levels: 400 past the depth limit, 413 past its body limit', async () => {
    for (const depth of [LIMITS.jsonDepth + 1, 3000, 4000, 32_000, 100_000]) {
      const body = `${'['.repeat(depth)}1${']'.repeat(depth)}`
      const res = await request(post, rpcInit({ body }))
      const tooLarge = body.length > MCP_MAX_BODY_BYTES
      expect({ depth, status: res.status }).toEqual({ depth, status: tooLarge ? 413 : 400 })
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } })
    }
  })
})

describe('routes under /api/users/me', () => {
  for (const route of routes.filter((r) => r.path.startsWith('/api/users/me'))) {
    it(`${route.key} refuses a guest with 401`, async () => {
      const res = await request(route, withCsrf(await guest(), { body: route.method === 'GET' ? undefined : '{}' }))
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('Authentication required')
    })
  }
})

let stateQuery: D1PreparedStatement | undefined

/**
 * Rows of every table, plus the counters lists sort on: what a GET must not change. One query.
 * The search indexes' own storage (servers_search_*, servers_labels_*, servers_tools_*) is left out: their
 * segments are how FTS5 stores an index, and re-indexing a row (as the repository facts a GET
 * writes back move it in the index's order) rewrites them without a listing changing; each
 * index's row count is kept.
 */
async function databaseState(): Promise<Record<string, unknown>> {
  if (!stateQuery) {
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'servers_search_%' AND name NOT LIKE 'servers_labels_%' AND name NOT LIKE 'servers_tools_%'",
    ).all<{ name: string }>()
    const columns = [
      ...tables.results.map(({ name }) => `(SELECT count(*) FROM "${name}") AS "${name}"`),
      '(SELECT json_array(sum(like_count), sum(view_count), sum(popularity)) FROM servers) AS counters',
      '(SELECT json_array(sum(like_count), sum(view_count)) FROM packages) AS packageCounters',
    ]
    stateQuery = env.DB.prepare(`SELECT ${columns.join(', ')}`)
  }
  return (await stateQuery.first<Record<string, unknown>>())!
}

const without = (state: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(state).filter(([k]) => !keys.includes(k)))

describe('GET routes', () => {
  it('change nothing in the database, for a guest or a signed-in user, and carry the security headers', async () => {
    expect(Object.keys(await databaseState())).toEqual(
      expect.arrayContaining(['users', 'sessions', 'servers', 'server_likes', 'activities']),
    )
    for (const route of getRoutes) {
      const allowed = GET_EFFECTS[route.key] ?? []
      // A route with effects gets its own user, so that (for example) logging out ends nobody else's session.
      const user = allowed.length ? await signIn(`sweep-get-${getRoutes.indexOf(route)}`) : alice
      for (const client of [user, null]) {
        const before = await databaseState()
        const res = await request(route, client ? client.read() : {})
        expectSecurityHeaders(res)
        const after = await databaseState()
        expect({ route: route.key, state: without(after, allowed) }).toEqual({ route: route.key, state: without(before, allowed) })
      }
    }
  })

  it('with effects are only those listed, each of which exists', () => {
    for (const key of Object.keys(GET_EFFECTS)) expect(getRoutes.map((r) => r.key)).toContain(key)
  })
})

describe('security headers', () => {
  it('are on pages, unknown API paths, redirects and errors too', async () => {
    for (const path of [
      '/',
      '/servers',
      '/nope',
      '/api/nope',
      '/api/login',
      `/api/servers/${crypto.randomUUID()}`,
      `/servers/${crypto.randomUUID()}`,
    ]) {
      expectSecurityHeaders(await call(path, { redirect: 'manual' }))
    }
  })

  it('for static assets (web/public/_headers) are the same as the Worker sends', () => {
    const fromFile = Object.fromEntries([...headersFile.matchAll(/^\s+([A-Za-z-]+):\s*(.+?)\s*$/gm)].map((m) => [m[1], m[2]]))
    expect(fromFile['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(fromFile).toEqual(SECURITY_HEADERS)
  })
})

describe('request size', () => {
  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413`, async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) })
    const res = await call(`/api/servers/${seeded.serverId}/like`, withCsrf(alice, { method: 'POST', body }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body too large', code: 'payload_too_large' })
  })

  it('refuses an oversized body sent without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await call(`/api/servers/${seeded.serverId}/like`, withCsrf(alice, { method: 'POST', body: stream }))
    expect(res.status).toBe(413)
  })

  it('lets a body under the limit through', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(1024) })
    const res = await call(`/api/servers/${seeded.serverId}/like`, withCsrf(alice, { method: 'POST', body }))
    expect(res.status).toBe(200)
  })
})

describe('rate limits on writes', () => {
  const likePath = () => `/api/servers/${seeded.serverId}/like`
  beforeEach(() => roomInWindow(WRITE_RULES.guest.windowSeconds))

  it('answer a guest past the limit with 429, the message and Retry-After', async () => {
    const visitor = await guest()
    const results = await Promise.all(Array.from({ length: WRITE_RULES.guest.limit + 5 }, () => call(likePath(), visitor.write('POST'))))
    // Counted atomically: exactly the limit passes through to the route, however concurrent.
    expect(results.filter((r) => r.status === 401)).toHaveLength(WRITE_RULES.guest.limit)
    const limited = results.filter((r) => r.status === 429)
    expect(limited).toHaveLength(5)
    expect(await limited[0].json()).toEqual({ error: RATE_LIMIT_MESSAGE, code: 'rate_limited' })
    const retryAfter = Number(limited[0].headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(WRITE_RULES.guest.windowSeconds)
    // Another client is not affected.
    expect((await call(likePath(), (await guest()).write('POST'))).status).toBe(401)
  })

  it('key guests by connecting IP first, so dropping cookies does not reset the count', async () => {
    const ip = { 'CF-Connecting-IP': '203.0.113.9' }
    for (let i = 0; i < WRITE_RULES.guest.limit; i++) {
      const fresh = await guest()
      expect((await call(likePath(), withCsrf(fresh, { method: 'POST', headers: ip }))).status).toBe(401)
    }
    const fresh = await guest()
    expect((await call(likePath(), withCsrf(fresh, { method: 'POST', headers: ip }))).status).toBe(429)
  })

  it('give signed-in users a higher limit of their own', async () => {
    const carol = await signIn('sweep-carol')
    const results = await Promise.all(Array.from({ length: WRITE_RULES.user.limit + 1 }, () => call(likePath(), carol.write('POST'))))
    expect(results.filter((r) => r.status === 200)).toHaveLength(WRITE_RULES.user.limit)
    expect(results.filter((r) => r.status === 429)).toHaveLength(1)
    expect((await call(likePath(), alice.write('POST'))).status).toBe(200)
  })

  it('can be applied by a route to its own bucket', async () => {
    const limited = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('db', createDb(c.env.DB))
        await next()
      })
      .use('*', sessionMiddleware)
      .post('/comment', async (c) => {
        await rateLimit(c, 'test-comment', { limit: 2, windowSeconds: 600 })
        return c.json({ ok: true })
      })
    limited.onError(onError)
    const visitor = await guest()
    await roomInWindow(600)
    const send = () => limited.request('https://catalogue.test/comment', visitor.write('POST'), env, createExecutionContext())
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const third = await send()
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0)
  })
})
