/**
 * The admin's probing screen: the overview (latest statuses, due, last errors) and 'probe now',
 * which queues a probe and never makes one in the request.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ProbeNowResponse, ProbeOverview } from '@shared/surface'
import { app } from '../../../worker/app'
import { probeSchedule, serverProbes, servers } from '../../../worker/db/schema'
import type { ProbeMessage } from '../../../worker/jobs/probe-remotes'
import { ADMIN_LOGIN, type Client, guest, signIn, withCsrf } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'

let admin: Client
let member: Client
let visitor: Client

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  member = await signIn('probes-member')
  visitor = await guest()
})

const remote = { remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }] }

/** A request through the app with probing on and a queue that keeps what it is sent. */
async function withProbing(path: string, init: RequestInit) {
  const sent: ProbeMessage[] = []
  const queue = {
    async send(body: ProbeMessage) {
      sent.push(body)
    },
  } as unknown as Queue
  const ctx = createExecutionContext()
  const res = await app.request(`https://catalogue.test${path}`, init, { ...env, PROBE_ENABLED: 'true', PROBE_QUEUE: queue }, ctx)
  await waitOnExecutionContext(ctx)
  return { status: res.status, body: (await res.json()) as any, sent }
}

describe('GET /api/admin/probes', () => {
  it('counts each listing’s latest status, what is due, and lists the last errors with names', async () => {
    const ok = await insertServer({ ...remote, version: '1.0.0', displayName: 'Healthy One' })
    const failing = await insertServer({ ...remote, version: '1.0.0', displayName: 'Flaky One' })
    const locked = await insertServer({ ...remote, version: '1.0.0', displayName: 'Locked One' })
    await insertServer({ ...remote, displayName: 'Never Probed' })
    await recordOutcome(ok.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), new Date(Date.now() - 3000)))
    await recordOutcome(failing.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), new Date(Date.now() - 2000)))
    await recordOutcome(failing.id, '1.0.0', outcomeOf('timeout', null, new Date(Date.now() - 1000)))
    await recordOutcome(locked.id, '1.0.0', outcomeOf('auth_required'))

    const { status, body } = await json<ProbeOverview>('/api/admin/probes', admin.read())
    expect(status).toBe(200)
    expect(body.enabled).toBe(false)
    expect(body.counts).toEqual({ ok: 1, auth_required: 1, needs_config: 0, unreachable: 0, timeout: 1, protocol_error: 0, refused: 0 })
    // The one never probed (the others are due again later).
    expect(body.due).toBe(1)
    expect(body.lastErrors).toEqual([
      {
        serverId: locked.id,
        serverName: 'Locked One',
        status: 'auth_required',
        error: 'failed: auth_required',
        target: 'https://mcp.example.com/mcp',
        startedAt: expect.any(String),
      },
      expect.objectContaining({ serverId: failing.id, serverName: 'Flaky One', status: 'timeout' }),
    ])
  })

  it('a guest gets 401, a signed-in non-admin 403', async () => {
    expect((await json('/api/admin/probes', visitor.read())).status).toBe(401)
    expect((await json('/api/admin/probes', member.read())).body).toMatchObject({ code: 'forbidden', error: 'Access denied' })
  })
})

describe('POST /api/admin/probes/:id', () => {
  it('marks the listing due now and queues it once, answering 202; nothing is probed in the request', async () => {
    const s = await insertServer({ ...remote, version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    const first = await withProbing(`/api/admin/probes/${s.id}`, admin.write('POST'))
    expect(first.status).toBe(202)
    expect(first.body).toEqual({ serverId: s.id, queued: true, dueAt: expect.any(String) } satisfies ProbeNowResponse)
    expect(first.sent).toEqual([{ serverId: s.id }])
    const [row] = await db().select().from(probeSchedule).where(eq(probeSchedule.serverId, s.id))
    expect(row.dueAt).toBe(first.body.dueAt)
    expect(Date.parse(row.leaseUntil!)).toBeGreaterThan(Date.now())
    // Pressed again while the probe waits on the queue: not queued twice.
    const again = await withProbing(`/api/admin/probes/${s.id}`, admin.write('POST'))
    expect(again).toMatchObject({ status: 202, body: { queued: false }, sent: [] })
    expect(await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))).toHaveLength(1)
  })

  it('refuses with 409 while probing is off, and for a listing with nothing to probe', async () => {
    const s = await insertServer(remote)
    expect(await json(`/api/admin/probes/${s.id}`, admin.write('POST'))).toMatchObject({
      status: 409,
      body: { code: 'conflict', error: 'Probing is off on this deployment (PROBE_ENABLED).' },
    })
    const packagesOnly = await insertServer({ remotes: [] })
    expect(await withProbing(`/api/admin/probes/${packagesOnly.id}`, admin.write('POST'))).toMatchObject({
      status: 409,
      body: { error: 'This server has no remote to probe.' },
      sent: [],
    })
    const deleted = await insertServer({ ...remote, status: 'deleted' })
    expect(await withProbing(`/api/admin/probes/${deleted.id}`, admin.write('POST'))).toMatchObject({
      status: 409,
      body: { error: 'Only a listed server is probed.' },
    })
  })

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expectInvalidInput(await json('/api/admin/probes/nope', admin.write('POST')), 'id', 'Server ID must be a valid UUID')
    expect(await json(`/api/admin/probes/${crypto.randomUUID()}`, admin.write('POST'))).toMatchObject({
      status: 404,
      body: { code: 'server_not_found' },
    })
  })

  it('a guest gets 401, a signed-in non-admin 403, a write without its CSRF token 403; none queues anything', async () => {
    const s = await insertServer(remote)
    expect((await withProbing(`/api/admin/probes/${s.id}`, visitor.write('POST'))).status).toBe(401)
    expect(await withProbing(`/api/admin/probes/${s.id}`, member.write('POST'))).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
      sent: [],
    })
    const forged = await withProbing(`/api/admin/probes/${s.id}`, withCsrf(admin, { method: 'POST', headers: { 'X-CSRF-Token': '' } }))
    expect(forged).toMatchObject({ status: 403, body: { error: 'CSRF token invalid' }, sent: [] })
    expect(await db().select().from(probeSchedule).where(eq(probeSchedule.serverId, s.id))).toEqual([])
    expect((await db().select().from(servers).where(eq(servers.id, s.id)))[0].toolCount).toBeNull()
  })
})
