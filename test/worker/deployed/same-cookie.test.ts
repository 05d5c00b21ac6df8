/**
 * One cookie, many requests at once: a page fires its calls together, and a person (or a script)
 * writes while they run. Each request here is a real request of its own to the Worker (workerd
 * then forbids any of them to depend on another's I/O), with the session memo on as deployed and
 * no answer cached. Every read route of the app's route table is fired several times at once with
 * one admin's cookie and as a guest, beside writes on that cookie that are refused before their
 * bodies are read (no CSRF token, a declared body over the limit, a streamed one, a chunked body
 * with no token), and beside reads on that cookie that their sender abandons at once (as a browser
 * does when a person leaves the page): none of the others may answer 5xx or hang.
 */
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../../worker/app'
import { ADMIN_LOGIN, type Client, signIn, withCsrf } from '../auth-helpers'
import { call } from '../helpers'
import { concrete, getRoutes, type SeededParams, seedRouteParams } from '../route-table'

/** GET routes that change the caller's state (sign-out ends the very session the burst shares). */
const NOT_IN_BURST = new Set(['GET /api/logout'])
/** How long a request may take before it counts as hung. */
const HANG_MS = 15_000
const ROUNDS = 4
/** As wrangler.toml deploys it, which this project of tests keeps. */
const SESSION_MEMO_MS = Number(env.SESSION_MEMO_MS)
/** Each read route this many times at once with the shared cookie, in every round. */
const COPIES = 3

let admin: Client
let seeded: SeededParams

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  const owner = await signIn('burst-owner')
  seeded = await seedRouteParams(owner.user!.id)
})

interface Outcome {
  what: string
  status: number | 'hung' | string
  code?: string
}

/** Sends one request and reads its whole answer; a request still unanswered after HANG_MS is 'hung'. */
async function send(what: string, path: string, init: RequestInit): Promise<Outcome> {
  let timer: number | undefined
  const hung = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ what, status: 'hung' }), HANG_MS)
  })
  const answered = (async (): Promise<Outcome> => {
    try {
      const res = await call(path, { redirect: 'manual', ...init })
      const text = await res.text()
      const code = res.headers.get('Content-Type')?.includes('json') ? (JSON.parse(text) as { code?: string } | null)?.code : undefined
      return { what, status: res.status, code }
    } catch (err) {
      return { what, status: `threw ${String(err)}` }
    }
  })()
  try {
    return await Promise.race([answered, hung])
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** A read with the shared cookie that its sender abandons after `afterMs`; how it ends is not asked. */
async function abandon(path: string, afterMs: number): Promise<void> {
  const abort = new AbortController()
  const sent = call(path, { ...admin.read(), signal: abort.signal }).then((res) => res.text())
  await scheduler.wait(afterMs)
  abort.abort()
  await sent.catch(() => undefined)
}

/** A body streamed in chunks with no declared length, `bytes` long. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(16 * 1024).fill(0x78)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      controller.enqueue(chunk)
      sent += chunk.byteLength
    },
  })
}

/** Writes with the shared cookie that are refused before their bodies are read, with what refuses each. */
function refusedWrites(round: number): Array<{ what: string; path: string; init: RequestInit; expect: Pick<Outcome, 'status' | 'code'> }> {
  const like = `/api/servers/${seeded.serverId}/like`
  const big = JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES + round) })
  return [
    {
      what: 'a write with no CSRF token',
      path: like,
      init: withCsrf(admin, { method: 'POST', headers: { 'X-CSRF-Token': '' }, body: JSON.stringify({ round }) }),
      expect: { status: 403, code: 'csrf_invalid' },
    },
    {
      what: 'a declared body over the limit',
      path: '/api/servers',
      init: withCsrf(admin, { method: 'POST', body: big }),
      expect: { status: 413, code: 'payload_too_large' },
    },
    {
      what: 'a streamed body over the limit',
      path: `/api/packages/${seeded.packageId}/comments`,
      init: withCsrf(admin, { method: 'POST', body: streamed(4 * MAX_BODY_BYTES) }),
      expect: { status: 413, code: 'payload_too_large' },
    },
    {
      what: 'a streamed body with no CSRF token',
      path: `/api/servers/${seeded.serverId}`,
      init: withCsrf(admin, { method: 'PATCH', headers: { 'X-CSRF-Token': '' }, body: streamed(MAX_BODY_BYTES / 2) }),
      expect: { status: 403, code: 'csrf_invalid' },
    },
  ]
}

describe('many requests at once with one session cookie', () => {
  const burstRoutes = getRoutes.filter((r) => !NOT_IN_BURST.has(r.key))

  it('runs with the session memo on and nothing cached', () => {
    expect(SESSION_MEMO_MS).toBeGreaterThan(0)
    expect(env.GUEST_CACHE_SECONDS).toBe('0')
  })

  it('finds the read routes to fire in the route table', () => {
    expect(burstRoutes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['GET /api/auth/session', 'GET /api/users/me/dashboard', 'GET /api/packages/top', 'GET /v0.1/servers']),
    )
  })

  it('answer every read and every refusal, never 5xx and never hung', async () => {
    const failures: Outcome[] = []
    const wrongRefusals: Array<Outcome & { expected: Pick<Outcome, 'status' | 'code'> }> = []
    let sent = 0
    for (let round = 0; round < ROUNDS; round++) {
      const writes = refusedWrites(round)
      const reads = burstRoutes.flatMap((route) => {
        const path = `${concrete(route.path, seeded)}${route.path.includes('?') ? '&' : '?'}burst=${round}`
        return [
          ...Array.from({ length: COPIES }, (_, i) => send(`${route.key} (admin ${i})`, path, admin.read())),
          send(`${route.key} (guest)`, path, {}),
        ]
      })
      // Abandoned reads go first, so that some of them are the ones whose look-ups others meet.
      const abandoned = burstRoutes.filter((_, i) => i % 4 === round % 4).map((route) => abandon(concrete(route.path, seeded), round))
      // The refused writes go out among the reads, as a page's calls and a person's write do.
      const step = Math.max(1, Math.floor(reads.length / writes.length))
      const all: Array<Promise<Outcome>> = [...reads]
      writes.forEach((w, i) => {
        const refused = send(w.what, w.path, w.init).then((outcome) => {
          if (outcome.status !== w.expect.status || outcome.code !== w.expect.code) wrongRefusals.push({ ...outcome, expected: w.expect })
          return outcome
        })
        all.splice(i * step, 0, refused)
      })
      sent += all.length
      for (const outcome of await Promise.all(all)) {
        if (typeof outcome.status !== 'number' || outcome.status >= 500) failures.push(outcome)
      }
      await Promise.all(abandoned)
      // The next round starts with the session memo expired, so its calls look the session up again.
      await scheduler.wait(SESSION_MEMO_MS + 50)
    }
    expect(sent).toBeGreaterThan(ROUNDS * burstRoutes.length * (COPIES + 1))
    expect(failures).toEqual([])
    expect(wrongRefusals).toEqual([])
  }, 180_000)
})
