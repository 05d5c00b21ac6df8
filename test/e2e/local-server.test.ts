/**
 * The local server (`npm start`: the Vite plugin in front of workerd) stays healthy after
 * refusals that answer before reading the request's body. Node's fetch reuses connections, as
 * browsers do, which is where an unread body used to break the next request with a 500 page.
 */
import { describe, expect, it } from 'vitest'
import { baseURL } from './browser'

interface Refusal {
  name: string
  status: number
  code: string
  send: (i: number) => Promise<Response>
}

async function guestToken(): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${baseURL()}/api/csrf-token`)
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  return { token: csrfToken, cookie }
}

describe('refused writes with unread bodies', () => {
  it('leave the next 200 requests answered: 0 answers 500', async () => {
    const guest = await guestToken()
    const json = (i: number) => JSON.stringify({ displayName: 'x'.repeat(50 + i * 37), description: 'y'.repeat(i * 13) })
    // A write that passes the CSRF check as a guest, so what refuses it is the route or a limit.
    const guestPost = (path: string, body: string) =>
      fetch(`${baseURL()}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': guest.token,
          Cookie: guest.cookie,
        },
        body,
      })
    const refusals: Refusal[] = [
      {
        name: 'no CSRF token',
        status: 403,
        code: 'csrf_invalid',
        send: (i) => fetch(`${baseURL()}/api/servers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json(i) }),
      },
      { name: 'a guest on a signed-in route', status: 401, code: 'auth_required', send: (i) => guestPost('/api/servers', json(i)) },
      {
        name: 'a body over the limit',
        status: 413,
        code: 'payload_too_large',
        send: (i) => guestPost('/api/servers', JSON.stringify({ readmeText: 'z'.repeat(70_000 + i) })),
      },
      { name: 'an unknown API path', status: 404, code: 'not_found', send: (i) => guestPost(`/api/no-such-route/${i}`, json(i)) },
    ]

    const wrongRefusals: string[] = []
    const healthStatuses: number[] = []
    for (let i = 0; i < 200; i++) {
      const refusal = refusals[i % refusals.length]
      const res = await refusal.send(i)
      const body = await res.text()
      // Past the guests' write limit a refusal is a 429, which also answers before reading the body.
      const expected = res.status === 429 ? { status: 429, code: 'rate_limited' } : refusal
      if (res.status !== expected.status || !body.includes(`"code":"${expected.code}"`))
        wrongRefusals.push(`${refusal.name}: ${res.status} ${body.slice(0, 80)}`)
      const health = await fetch(`${baseURL()}/api/health`)
      healthStatuses.push(health.status)
      await health.text()
    }
    expect(wrongRefusals).toEqual([])
    expect(healthStatuses.filter((s) => s !== 200)).toEqual([])
    expect(healthStatuses).toHaveLength(200)
  })
})
