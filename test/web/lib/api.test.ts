/**
 * The door's own rules, with `fetch` stubbed (no browser, no Worker): keys, CSRF headers and the
 * one retry, and what an error keeps.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, apiKey, call, isApiError } from '../../../web/src/lib/api'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/**
 * Answers the CSRF token with a new one each time ('t1', 't2', ...) and every other fetch from
 * `answers` in turn; records what was asked.
 */
function stubFetch(...answers: Response[]) {
  const calls: Array<{ url: string; method: string; headers: Headers }> = []
  let tokens = 0
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers) })
    if (String(input) === '/api/csrf-token') return json(200, { csrfToken: `t${++tokens}` })
    const next = answers.shift()
    if (!next) throw new Error('unexpected fetch')
    return next
  })
  return calls
}

afterEach(() => vi.unstubAllGlobals())

describe('apiKey', () => {
  it('builds the path of a route with its parameters and its query in the given order', () => {
    expect(apiKey(api.servers[':id'], { param: { id: 'abc' } })).toBe('/api/servers/abc')
    expect(apiKey(api.packages, { query: { sortBy: 'likes', page: '2', limit: '20' } })).toBe('/api/packages?sortBy=likes&page=2&limit=20')
    expect(apiKey(api.auth.session)).toBe('/api/auth/session')
  })
})

describe('call', () => {
  it('sends a write with the CSRF headers, and after csrf_invalid refetches the token and retries once', async () => {
    const calls = stubFetch(json(403, { error: 'CSRF token invalid', code: 'csrf_invalid' }), json(200, { isLiked: true, likeCount: 3 }))
    const state = await call(api.servers[':id'].like.$post({ param: { id: 'abc' } }))
    expect(state).toEqual({ isLiked: true, likeCount: 3 })
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/csrf-token',
      'POST /api/servers/abc/like',
      'GET /api/csrf-token',
      'POST /api/servers/abc/like',
    ])
    expect(calls[1].headers.get('X-CSRF-Token')).toBe('t1')
    expect(calls[3].headers.get('X-CSRF-Token')).toBe('t2')
    expect(calls[3].headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(calls[3].headers.get('Content-Type')).toBe('application/json')
  })

  it('keeps status, message, code, reason and issues of an error', async () => {
    stubFetch(json(400, { error: 'Name is required', code: 'invalid_input', issues: [{ field: 'name', message: 'Name is required' }] }))
    const err = await call(api.users.me.categories.$post({ json: { name: '' } })).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(isApiError(err, 'invalid_input')).toBe(true)
    expect(isApiError(err, 'forbidden')).toBe(false)
    const apiError = err as ApiError
    expect(apiError.status).toBe(400)
    expect(apiError.message).toBe(
      '400: {"error":"Name is required","code":"invalid_input","issues":[{"field":"name","message":"Name is required"}]}',
    )
    expect(apiError.reason).toBe('Name is required')
    expect(apiError.issues).toEqual([{ field: 'name', message: 'Name is required' }])
  })

  it('gives no code for a body that is not the Worker’s', async () => {
    stubFetch(new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }))
    const err = (await call(api.tags.$get()).catch((e: unknown) => e)) as ApiError
    expect(err.status).toBe(502)
    expect(err.code).toBeNull()
    expect(err.message).toBe('502: <h1>Bad gateway</h1>')
  })
})
