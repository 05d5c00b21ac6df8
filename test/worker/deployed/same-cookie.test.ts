/**
 * One cookie, many requests at once: a page fires its calls together, and a person (or a script)
 * writes while they run. Each request here is a real request of its own to the Worker (workerd
 * then forbids any of them to depend on another's I/O), with the session memo on as deployed and
 * no answer cached. Every read route of the app's route table is fired several times at once with
 * one admin's cookie and as a guest, beside writes on that cookie that are refused before their
 * bodies are read (no CSRF token, a declared body over the limit, a streamed one, a chunked body
 * with no token), and beside reads on that cookie that their sender abandons while they run (as a
 * browser does when a person leaves the page): none of the others may answer 5xx or hang.
 *
 * The abandoned reads are what would show a request waiting on another's I/O. Each round has a
 * session of its own that no request has read yet, and its first request is a read that looks the
 * session up on its own (not in its route's batch), abandoned by its sender while that look-up is
 * still in flight and every other request of the round is already waiting for the same session.
 * The moment is set by the Worker's own pace, not by a timer: workerd runs timers only once the
 * requests it has in hand are done, so a read abandoned after `scheduler.wait` is abandoned when
 * it has already been answered. It is abandoned after one or two round trips of the cheapest
 * route (`GET /api/health`, no D1), sent after the burst: by then the burst has reached the
 * session middleware, and the abandoned read's D1 look-up (a longer way) has not come back.
 */
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../../worker/app'
import { ADMIN_LOGIN, type Client, signIn, withCsrf } from '../auth-helpers'
import { call } from '../helpers'
import { concrete, getRoutes, type SeededParams, seedRouteParams } from '../route-table'

/** GET routes that change the caller's state (sign-out ends the very session the burst shares). */
const NOT_IN_BURST = new Set(['GET /api/logout'])
/**
 * Reads that look the session up before their handler runs (not in their own batch, as
 * `sessionInBatch` routes do): the first of a round is abandoned while that look-up is in flight.
 */
const LOOK_UP_FIRST = [
  'GET /api/auth/session',
  'GET /api/users/me/dashboard',
  'GET /api/packages/top',
  'GET /api/packages/:id/comments',
  'GET /api/servers/:id/permissions',
  'GET /api/users/me/follows',
]
/** Round trips of `GET /api/health` after which a round's abandoned reads are abandoned, by round. */
const PACE = [1]
/** One round for each read in LOOK_UP_FIRST. */
const ROUNDS = LOOK_UP_FIRST.length
/** How long a request may take before it counts as hung. */
const HANG_MS = 15_000
/** A round ends when all its requests are answered, or when none has been for this long (see `quiet`). */
const QUIET_MS = 1_000
/** As wrangler.toml deploys it, which this project of tests keeps. */
const SESSION_MEMO_MS = Number(env.SESSION_MEMO_MS)
/** Each read route this many times at once with the shared cookie, in every round. */
const COPIES = 3

/** One admin session per round, none of them read since the memo's window. */
let admins: Client[]
let seeded: SeededParams

beforeAll(async () => {
  admins = []
  for (let round = 0; round < ROUNDS; round++) admins.push(await signIn(ADMIN_LOGIN))
  const owner = await signIn('burst-owner')
  seeded = await seedRouteParams(owner.user!.id)
  // Signing in read each session (and kept it): the rounds start with the memo empty.
  await scheduler.wait(SESSION_MEMO_MS + 50)
}, 60_000)

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

/**
 * A read with `client`'s cookie that its sender abandons when `abort` fires: 'left' when it was
 * still unanswered then, 'answered' when its answer came first.
 */
function abandoned(client: Client, path: string, abort: AbortSignal): Promise<'left' | 'answered'> {
  return call(path, { ...client.read(), signal: abort })
    .then((res) => res.text())
    .then(
      () => 'answered' as const,
      () => 'left' as const,
    )
}

/**
 * Waits until every request of `sent` is answered, or until none has been for QUIET_MS: what still
 * waits then is left to its own HANG_MS and counted at the end, so a hang costs a round no more.
 */
async function quiet(sent: Array<Promise<Outcome>>): Promise<void> {
  let answered = 0
  for (const one of sent) void one.then(() => answered++)
  const all = Promise.all(sent)
  for (let before = -1; before !== answered; ) {
    before = answered
    let timer: number | undefined
    const done = await Promise.race([
      all.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), QUIET_MS))),
    ])
    if (timer !== undefined) clearTimeout(timer)
    if (done) return
  }
}

/** `n` round trips of the Worker's cheapest route, in turn: the Worker's pace, not the clock's. */
async function roundTrips(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await (await call('/api/health')).text()
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
function refusedWrites(
  admin: Client,
  round: number,
): Array<{ what: string; path: string; init: RequestInit; expect: Pick<Outcome, 'status' | 'code'> }> {
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
  const lookUpFirst = LOOK_UP_FIRST.map((key) => getRoutes.find((r) => r.key === key)!)

  it('runs with the session memo on and nothing cached', () => {
    expect(SESSION_MEMO_MS).toBeGreaterThan(0)
    expect(env.GUEST_CACHE_SECONDS).toBe('0')
  })

  it('finds the read routes to fire in the route table', () => {
    expect(burstRoutes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['GET /api/auth/session', 'GET /api/users/me/dashboard', 'GET /api/packages/top', 'GET /v0.1/servers']),
    )
    expect(lookUpFirst.every(Boolean)).toBe(true)
  })

  it('answer every read and every refusal, never 5xx and never hung, whichever read is abandoned', async () => {
    const failures: Outcome[] = []
    const wrongRefusals: Array<Outcome & { expected: Pick<Outcome, 'status' | 'code'> }> = []
    const answers: Array<Promise<Outcome>> = []
    const leadersAnswered: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const admin = admins[round]
      const abort = new AbortController()
      // First of all, reads with the round's cookie that will be abandoned: the first looks the
      // session up, and the others (one in four routes) wait for it.
      const leader = lookUpFirst[round % lookUpFirst.length]
      const leaving = [leader, ...burstRoutes.filter((r, i) => r !== leader && i % 4 === round % 4)].map((route) =>
        abandoned(admin, concrete(route.path, seeded), abort.signal),
      )
      const writes = refusedWrites(admin, round)
      const reads = burstRoutes.flatMap((route) => {
        const path = `${concrete(route.path, seeded)}${route.path.includes('?') ? '&' : '?'}burst=${round}`
        return [
          ...Array.from({ length: COPIES }, (_, i) => send(`${route.key} (admin ${i}, round ${round})`, path, admin.read())),
          send(`${route.key} (guest, round ${round})`, path, {}),
        ]
      })
      // The refused writes go out among the reads, as a page's calls and a person's write do.
      const step = Math.max(1, Math.floor(reads.length / writes.length))
      const sent: Array<Promise<Outcome>> = [...reads]
      writes.forEach((w, i) => {
        const refused = send(`${w.what} (round ${round})`, w.path, w.init).then((outcome) => {
          if (outcome.status !== w.expect.status || outcome.code !== w.expect.code) wrongRefusals.push({ ...outcome, expected: w.expect })
          return outcome
        })
        sent.splice(i * step, 0, refused)
      })
      await roundTrips(PACE[round % PACE.length])
      abort.abort()
      const [left] = await Promise.all(leaving)
      // Else this round shared no look-up in flight: the pace above no longer fits the Worker's.
      if (left !== 'left') leadersAnswered.push(`${leader.key} (round ${round})`)
      answers.push(...sent)
      await quiet(sent)
    }
    for (const outcome of await Promise.all(answers)) {
      if (typeof outcome.status !== 'number' || outcome.status >= 500) failures.push(outcome)
    }
    expect(answers.length).toBeGreaterThan(ROUNDS * burstRoutes.length * (COPIES + 1))
    // How many of how many, and the first few (a fault here leaves a hundred or so per round).
    expect({ sent: answers.length, failed: failures.length, first: failures.slice(0, 10) }).toEqual({
      sent: answers.length,
      failed: 0,
      first: [],
    })
    expect(wrongRefusals).toEqual([])
    expect(leadersAnswered).toEqual([])
  }, 120_000)
})
