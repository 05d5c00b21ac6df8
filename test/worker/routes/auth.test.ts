import { createExecutionContext, env } from 'cloudflare:test'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { sessions, users } from '../../../worker/db/schema'
import { sha256Hex } from '../../../worker/lib/hash'
import wranglerToml from '../../../wrangler.toml?raw'
import { ADMIN_LOGIN, cookieHeader, githubSignIn, navigate, setCookieLine, setCookies, signIn, withCsrf } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, fixtureHits, json } from '../helpers'

const TOKEN_PATH = '/github-oauth/login/oauth/access_token'

async function rowCounts() {
  const [[u], [s]] = await Promise.all([db().select({ n: count() }).from(users), db().select({ n: count() }).from(sessions)])
  return { users: u.n, sessions: s.n }
}

/** Starts a GitHub sign-in and returns the state and the cookies /api/login set. */
async function startLogin() {
  const res = await navigate('/api/login')
  const location = new URL(res.headers.get('Location')!)
  return { res, location, state: location.searchParams.get('state')!, cookies: setCookies(res) }
}

const callback = (query: string, cookies: Record<string, string>) => navigate(`/api/auth/callback?${query}`, cookies)

/** The [vars] table of wrangler.toml: the deploy configuration. */
function deployVars(): Record<string, string> {
  const section = /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(wranglerToml)?.[1] ?? ''
  return Object.fromEntries([...section.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]))
}

describe('GET /api/login', () => {
  it('goes to GitHub when the deploy configuration leaves development sign-in off', async () => {
    expect(deployVars().DEV_LOGIN).toBe('false')
    expect(env.DEV_LOGIN).toBe('false')
    const { res, location, state, cookies } = await startLogin()
    expect(res.status).toBe(302)
    expect(`${location.origin}${location.pathname}`).toBe(`${env.GITHUB_OAUTH_BASE}/login/oauth/authorize`)
    expect(location.searchParams.get('client_id')).toBe(env.GITHUB_CLIENT_ID)
    expect(location.searchParams.get('redirect_uri')).toBe('https://catalogue.test/api/auth/callback')
    expect(location.searchParams.get('scope')).toContain('user:email')
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(cookies['__Host-oauth-state']).toBe(state)
    expect(setCookieLine(res, '__Host-oauth-state')).toMatch(/HttpOnly/)
    expect(res.headers.get('Content-Type') ?? '').not.toContain('text/html')
  })

  it('gives every sign-in a new state', async () => {
    const a = await startLogin()
    const b = await startLogin()
    expect(a.state).not.toBe(b.state)
  })

  it('sends the browser home with not_configured, starting nothing, when GitHub sign-in has no client', async () => {
    for (const missing of ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']) {
      const bindings = { ...env, [missing]: '' }
      const res = await app.request('https://catalogue.test/api/login', { redirect: 'manual' }, bindings, createExecutionContext())
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toBe('/?authError=not_configured')
      expect(setCookies(res)['__Host-oauth-state']).toBeUndefined()
    }
  })
})

describe('GET /api/auth/callback', () => {
  it('creates the user and a session, sets the __Host- cookie and goes home', async () => {
    const { state, cookies } = await startLogin()
    const res = await callback(`code=good-code:Mona-Lisa&state=${state}`, cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/')

    const sessionId = setCookies(res)['__Host-session']
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const line = setCookieLine(res, '__Host-session')!
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(line).toContain(attr)
    expect(line).not.toMatch(/Domain=/i)
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).toBeGreaterThanOrEqual(7 * 24 * 3600)
    // The state is spent: its cookie is cleared.
    expect(setCookies(res)['__Host-oauth-state']).toBe('')

    const [user] = await db().select().from(users).where(eq(users.login, 'mona-lisa'))
    expect(user).toMatchObject({ name: 'Mona-Lisa Tester', email: 'mona-lisa@example.com', role: 'user' })
    expect(user.githubId).toBeTypeOf('number')
    expect(user.avatarUrl).toContain('avatars.example.com')

    // Only the hash is stored, never the id itself.
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].idHash).toBe(await sha256Hex(sessionId))
    expect(rows[0].idHash).not.toContain(sessionId)
    expect(Date.parse(rows[0].expiresAt)).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000)

    const me = await json('/api/auth/session', { headers: { Cookie: `__Host-session=${sessionId}` } })
    expect(me.status).toBe(200)
    expect(me.body.username).toBe('mona-lisa')
  })

  it('updates the same account on a later sign-in, matched by GitHub id', async () => {
    await signIn('Same-Person')
    await signIn('same-person')
    const rows = await db().select().from(users).where(eq(users.login, 'same-person'))
    expect(rows).toHaveLength(1)
    expect(await db().select().from(sessions).where(eq(sessions.userId, rows[0].id))).toHaveLength(2)
  })

  it.each([
    ['missing', (_state: string) => 'code=good-code'],
    ['wrong', (_state: string) => 'code=good-code&state=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['empty', (_state: string) => 'code=good-code&state='],
  ])('refuses a %s state, creates nothing and never calls GitHub', async (_name, query) => {
    const before = await rowCounts()
    const hits = await fixtureHits(TOKEN_PATH)
    const { state, cookies } = await startLogin()
    const res = await callback(query(state), cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/?authError=invalid_state')
    expect(setCookies(res)['__Host-session']).toBeUndefined()
    expect(await rowCounts()).toEqual(before)
    expect(await fixtureHits(TOKEN_PATH)).toBe(hits)
  })

  it('refuses a state without its cookie (a callback link planted by someone else)', async () => {
    const before = await rowCounts()
    const { state } = await startLogin()
    const res = await callback(`code=good-code&state=${state}`, {})
    expect(res.headers.get('Location')).toBe('/?authError=invalid_state')
    expect(await rowCounts()).toEqual(before)
  })

  it('refuses a replayed callback, even with the old state cookie sent again', async () => {
    const { state, cookies } = await startLogin()
    const first = await callback(`code=good-code:replayer&state=${state}`, cookies)
    expect(first.headers.get('Location')).toBe('/')
    const before = await rowCounts()
    const replay = await callback(`code=good-code:replayer&state=${state}`, cookies)
    expect(replay.headers.get('Location')).toBe('/?authError=invalid_state')
    expect(setCookies(replay)['__Host-session']).toBeUndefined()
    expect(await rowCounts()).toEqual(before)
  })

  it('returns home with a message when consent is denied, creating nothing', async () => {
    const before = await rowCounts()
    const { state, cookies } = await startLogin()
    const res = await callback(`error=access_denied&error_description=The+user+has+denied&state=${state}`, cookies)
    expect(res.headers.get('Location')).toBe('/?authError=access_denied')
    expect(await rowCounts()).toEqual(before)
    // The state was spent by the denied attempt.
    const retry = await callback(`code=good-code&state=${state}`, cookies)
    expect(retry.headers.get('Location')).toBe('/?authError=invalid_state')
  })

  it.each([
    ['a refused code', 'bad-code'],
    ['a failing token exchange', 'broken-code'],
    ['a failing user call', 'good-code:broken-user'],
  ])('returns home with github_error on %s, creating nothing', async (_name, code) => {
    const before = await rowCounts()
    const { state, cookies } = await startLogin()
    const res = await callback(`code=${code}&state=${state}`, cookies)
    expect(res.headers.get('Location')).toBe('/?authError=github_error')
    expect(setCookies(res)['__Host-session']).toBeUndefined()
    expect(await rowCounts()).toEqual(before)
  })

  it('never keeps a session cookie sent before sign-in (session fixation)', async () => {
    const planted = 'P'.repeat(43)
    const earlier = await githubSignIn('fixation-victim')
    const oldId = earlier.cookies['__Host-session']

    for (const before of [planted, oldId]) {
      const { res, cookies } = await githubSignIn('fixation-victim', { '__Host-session': before })
      expect(res.headers.get('Location')).toBe('/')
      expect(cookies['__Host-session']).toBeTruthy()
      expect(cookies['__Host-session']).not.toBe(before)
      const old = await call('/api/auth/session', { headers: { Cookie: `__Host-session=${before}` } })
      expect(old.status).toBe(401)
    }
    // The replaced session is gone from the database, not only from the browser.
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, await sha256Hex(oldId))),
    ).toHaveLength(0)
  })
})

describe('GET /api/logout', () => {
  it('deletes the session on the server, clears the cookie and goes home', async () => {
    const alice = await signIn('logout-alice')
    const before = (await rowCounts()).sessions
    const res = await navigate('/api/logout', alice.cookie, { 'Sec-Fetch-Site': 'same-origin' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/')
    expect(setCookieLine(res, '__Host-session')).toMatch(/Max-Age=0/)
    expect((await rowCounts()).sessions).toBe(before - 1)
    // The old cookie, replayed, no longer works.
    expect((await call('/api/auth/session', alice.read())).status).toBe(401)
  })

  it('sends a guest home without touching any session', async () => {
    const before = (await rowCounts()).sessions
    const res = await navigate('/api/logout', {}, { 'Sec-Fetch-Site': 'same-origin' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/')
    expect((await rowCounts()).sessions).toBe(before)
  })

  it('ignores a cross-site navigation, so another site cannot sign anyone out', async () => {
    const bob = await signIn('logout-bob')
    const res = await navigate('/api/logout', bob.cookie, { 'Sec-Fetch-Site': 'cross-site' })
    expect(res.headers.get('Location')).toBe('/')
    expect((await call('/api/auth/session', bob.read())).status).toBe(200)
  })
})

describe('GET /api/auth/session', () => {
  it('is 401 for a guest', async () => {
    const res = await json('/api/auth/session')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Not signed in', code: 'auth_required' })
  })

  it('is 401 for an unknown or malformed session cookie', async () => {
    for (const cookie of [`__Host-session=${'x'.repeat(43)}`, '__Host-session=short', '__Host-session=']) {
      expect((await call('/api/auth/session', { headers: { Cookie: cookie } })).status).toBe(401)
    }
  })

  it('returns exactly the session user, never cached by shared caches', async () => {
    const dana = await signIn('Dana-Scully')
    const res = await json('/api/auth/session', dana.read())
    expect(res.res.headers.get('Cache-Control')).toContain('no-store')
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Dana-Scully',
      email: 'dana-scully@example.com',
      avatarUrl: expect.stringContaining('avatars.example.com'),
      profileImageUrl: expect.stringContaining('avatars.example.com'),
      username: 'dana-scully',
      isAdmin: false,
    })
  })

  it('marks logins in ADMIN_LOGINS as admin, whatever their case', async () => {
    const admin = await signIn(ADMIN_LOGIN.toUpperCase())
    expect(admin.user).toMatchObject({ username: ADMIN_LOGIN, isAdmin: true })
  })

  it('refuses an expired session, and the next sign-in sweeps it', async () => {
    const carol = await signIn('expired-carol')
    const [user] = await db().select().from(users).where(eq(users.login, 'expired-carol'))
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.userId, user.id))

    const res = await json('/api/auth/session', carol.read())
    expect(res.status).toBe(401)
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)

    await signIn('someone-else')
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
  })
})

/** A request through the app with the session memo on (the tests' configuration turns it off). */
async function withSessionMemo(path: string, init: RequestInit = {}): Promise<Response> {
  return app.request(`https://catalogue.test${path}`, init, { ...env, SESSION_MEMO_MS: '60000' }, createExecutionContext())
}

describe("a session's look-up shared by reads (SESSION_MEMO_MS)", () => {
  it('serves reads within the window from one look-up, while every write reads the session afresh', async () => {
    const erin = await signIn('memo-erin')
    const server = await insertServer({ displayName: 'Memo Liked Tool' })
    expect((await withSessionMemo('/api/auth/session', erin.read())).status).toBe(200)
    // The session ends in the database behind this isolate's back (another isolate signed out).
    const [user] = await db().select().from(users).where(eq(users.login, 'memo-erin'))
    await db().delete(sessions).where(eq(sessions.userId, user.id))
    // Reads within the window still see it: that is the window's cost, and all it may cost...
    expect(await (await withSessionMemo('/api/auth/session', erin.read())).json()).toMatchObject({ username: 'memo-erin' })
    // ...for a write reads the session from D1, finds it ended, and so is a guest's write whose
    // token was issued to a session: refused, and nothing is liked.
    const like = await withSessionMemo(`/api/servers/${server.id}/like`, erin.write('POST'))
    expect(like.status).toBe(403)
    expect(await like.json()).toEqual({ error: 'CSRF token invalid', code: 'csrf_invalid' })
    expect((await json<{ likeCount: number }>(`/api/servers/${server.id}`)).body.likeCount).toBe(0)
  })

  it('forgets a session at once when it is signed out through this isolate', async () => {
    const frank = await signIn('memo-frank')
    expect((await withSessionMemo('/api/auth/session', frank.read())).status).toBe(200)
    const out = await withSessionMemo('/api/logout', {
      redirect: 'manual',
      headers: { Cookie: frank.cookie, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(out.status).toBe(302)
    const after = await withSessionMemo('/api/auth/session', frank.read())
    expect(after.status).toBe(401)
  })

  it('forgets the session a new sign-in replaces', async () => {
    const gina = await signIn('memo-gina')
    expect((await withSessionMemo('/api/auth/session', gina.read())).status).toBe(200)
    // Signing in again with the old cookie deletes the old session (no fixation)...
    const cookies = Object.fromEntries(
      gina.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    )
    await githubSignIn('memo-gina', cookies)
    // ...and the old cookie reads as signed out at once, memo or not.
    expect((await withSessionMemo('/api/auth/session', gina.read())).status).toBe(401)
  })
})

describe('GET /api/csrf-token', () => {
  let likePath: string
  beforeAll(async () => {
    likePath = `/api/servers/${(await insertServer()).id}/like`
  })

  const CSRF_REFUSED = { error: 'CSRF token invalid', code: 'csrf_invalid' }
  /** A like: a write that reaches its route (200 signed in) once CSRF passes. */
  const like = (init: RequestInit) => json(likePath, { method: 'POST', ...init })

  it('gives a guest a token bound to a new anonymous __Host- cookie', async () => {
    const res = await call('/api/csrf-token')
    const body = (await res.json()) as { csrfToken: string }
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const anon = setCookies(res)['__Host-anon']
    expect(anon).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const line = setCookieLine(res, '__Host-anon')!
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(line).toContain(attr)
    expect(res.headers.get('Cache-Control')).toContain('no-store')

    // The same cookie keeps the same token and is not replaced.
    const again = await call('/api/csrf-token', { headers: { Cookie: `__Host-anon=${anon}` } })
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(body.csrfToken)
    expect(setCookies(again)['__Host-anon']).toBeUndefined()
  })

  it('binds a signed-in token to the session, not to the anonymous cookie', async () => {
    const anon = await call('/api/csrf-token')
    const anonToken = ((await anon.json()) as { csrfToken: string }).csrfToken
    const { cookies } = await githubSignIn('binding-user', setCookies(anon))
    expect(cookies['__Host-anon']).toBeTruthy()
    const res = await call('/api/csrf-token', { headers: { Cookie: cookieHeader(cookies) } })
    const { csrfToken } = (await res.json()) as { csrfToken: string }
    expect(csrfToken).not.toBe(anonToken)
    // The guest token no longer passes once the request carries a session.
    expect((await like(withCsrf({ cookie: cookieHeader(cookies), csrfToken: anonToken }))).body).toEqual(CSRF_REFUSED)
    expect((await like(withCsrf({ cookie: cookieHeader(cookies), csrfToken }))).status).toBe(200)
  })
})

describe('GET /api/auth/dev-callback (development sign-in)', () => {
  const devEnv = () => ({ ...env, DEV_LOGIN: 'true' })
  const devCall = (path: string, init: RequestInit = {}, bindings = devEnv()) =>
    app.request(`https://catalogue.test${path}`, { redirect: 'manual', ...init }, bindings, createExecutionContext())

  async function devLogin(query: string, bindings = devEnv()) {
    const page = await devCall('/api/login', {}, bindings)
    const cookies = setCookies(page)
    const res = await devCall(
      `/api/auth/dev-callback?state=${cookies['__Host-oauth-state']}&${query}`,
      { headers: { Cookie: cookieHeader(cookies) } },
      bindings,
    )
    return { page, res, cookie: `__Host-session=${setCookies(res)['__Host-session']}` }
  }

  it('is off unless DEV_LOGIN is "true": the callback does not exist', async () => {
    const res = await json('/api/auth/dev-callback?username=mallory&admin=1', { redirect: 'manual' })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Not found', code: 'not_found' })
    expect(await db().select().from(users).where(eq(users.login, 'mallory'))).toHaveLength(0)
  })

  it('serves a CSP-safe form carrying the state of its cookie', async () => {
    const page = await devCall('/api/login')
    const body = await page.text()
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toContain('text/html')
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
    expect(body).toContain('action="/api/auth/dev-callback"')
    expect(body).toMatch(/name="username"/)
    expect(body).toMatch(/type="checkbox"[^>]*name="admin"/)
    expect(body).toMatch(/type="checkbox"[^>]*name="restricted"/)
    expect(body).not.toMatch(/<script/i)
    expect(body).not.toMatch(/\son[a-z]+\s*=/i)
    const state = setCookies(page)['__Host-oauth-state']
    expect(body).toContain(`name="state" value="${state}"`)
  })

  it('signs a chosen username in; admin holds only while DEV_LOGIN is on', async () => {
    const { res, cookie } = await devLogin('username=Dev-Admin&admin=1')
    expect(res.headers.get('Location')).toBe('/')
    const on = await devCall('/api/auth/session', { headers: { Cookie: cookie } })
    expect(await on.json()).toMatchObject({ username: 'dev-admin', isAdmin: true })
    // The same session with the deploy configuration: an ordinary account.
    const off = await json('/api/auth/session', { headers: { Cookie: cookie } })
    expect(off.body).toMatchObject({ username: 'dev-admin', isAdmin: false })
  })

  it('can sign in a restricted account', async () => {
    await devLogin('username=dev-restricted&restricted=1')
    const [user] = await db().select().from(users).where(eq(users.login, 'dev-restricted'))
    expect(user.role).toBe('restricted')
  })

  it('refuses a wrong state or an invalid username, creating nothing', async () => {
    const before = await rowCounts()
    const page = await devCall('/api/login')
    const cookies = setCookies(page)
    const wrong = await devCall(`/api/auth/dev-callback?state=${'A'.repeat(43)}&username=dev-x`, {
      headers: { Cookie: cookieHeader(cookies) },
    })
    expect(wrong.headers.get('Location')).toBe('/?authError=invalid_state')
    const bad = await devLogin(`username=${encodeURIComponent('<script>')}`)
    expect(bad.res.headers.get('Location')).toBe('/?authError=invalid_username')
    expect(await rowCounts()).toEqual(before)
  })
})
