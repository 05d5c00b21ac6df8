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

describe('refused writes with bodies of any size, while a page reads', () => {
  it("leave every request the Worker's own answer: the refusals 413, every read 200", async () => {
    const guest = await guestToken()
    const reads = ['/api/health', '/api/tags', '/api/categories', '/api/servers?limit=5', '/api/packages']
    // Over the body limit, at sizes around and well past what used to be read before cancelling (1 MB).
    const sizes = [900 * 1024, 1024 * 1024 + 1, 3 * 1024 * 1024, 8 * 1024 * 1024]
    const outcomes: string[] = []
    /** Sends one request and records what answered it: the Worker's JSON, or anything else. */
    const send = async (label: string, path: string, init: RequestInit = {}) => {
      try {
        const res = await fetch(`${baseURL()}${path}`, { ...init, headers: { Cookie: guest.cookie, ...init.headers } })
        const text = await res.text()
        outcomes.push(
          `${label} ${res.status} ${res.headers.get('Content-Type')?.includes('application/json') ? 'json' : text.slice(0, 60)}`,
        )
      } catch (err) {
        outcomes.push(`${label} threw ${(err as Error & { cause?: { code?: string } }).cause?.code ?? String(err)}`)
      }
    }
    for (let round = 0; round < 8; round++) {
      const burst: Array<Promise<void>> = []
      for (const [i, size] of sizes.entries()) {
        burst.push(
          send('write', '/api/servers', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': guest.token },
            body: JSON.stringify({ readmeText: 'z'.repeat(size + round * 31 + i) }),
          }),
        )
        for (const path of reads) burst.push(send('read', `${path}${path.includes('?') ? '&' : '?'}r=${round}-${i}`))
      }
      await Promise.all(burst)
    }
    const tally = (label: string) =>
      outcomes
        .filter((o) => o.startsWith(`${label} `))
        .reduce<Record<string, number>>((acc, o) => {
          acc[o] = (acc[o] ?? 0) + 1
          return acc
        }, {})
    // A guest past the write limit is refused with 429 before the body too: the Worker's answer all the same.
    const writes = tally('write')
    expect(Object.keys(writes).filter((o) => o !== 'write 413 json' && o !== 'write 429 json')).toEqual([])
    expect(writes['write 413 json']).toBeGreaterThan(0)
    expect(tally('read')).toEqual({ 'read 200 json': 8 * sizes.length * reads.length })
  })
})
