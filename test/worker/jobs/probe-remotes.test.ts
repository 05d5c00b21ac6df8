/**
 * Probing, scheduled: the cron's part (due listings leased and queued, once), the queue's
 * consumer (real MCP servers on loopback, test/fixtures/mcp-servers.ts, probed and stored), and
 * the invocation's request allowance.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ServerToolsResponse } from '@shared/surface'
import { probeSchedule, serverProbes, serverSurfaces, servers } from '../../../worker/db/schema'
import worker from '../../../worker/index'
import { enqueueDueProbes, PROBE_QUEUE_NAME, type ProbeMessage, probeSettings } from '../../../worker/jobs/probe-remotes'
import { probeEnqueue, probeRetention, SCHEDULES } from '../../../worker/jobs/schedule'
import { PROBE_SUBREQUESTS, probeListings } from '../../../worker/services/probing/remote-probes'
import { insertServer } from '../factories'
import { db, json } from '../helpers'

const fixtures = JSON.parse(env.MCP_FIXTURES) as Record<string, string>
/** Probing on, loopback allowed: the local fixtures, as `npm start` configures it. */
const localEnv = { ...env, PROBE_ENABLED: 'true', PROBE_ALLOW_LOOPBACK: 'true' }
const settings = (overrides = {}) => probeSettings(localEnv, overrides)

/** A queue that keeps what is sent to it. */
function capturingQueue(fail = false) {
  const sent: ProbeMessage[] = []
  const queue = {
    async send(body: ProbeMessage) {
      sent.push(body)
    },
    async sendBatch(messages: Iterable<MessageSendRequest<ProbeMessage>>) {
      if (fail) throw new Error('queue unavailable')
      for (const m of messages) sent.push(m.body)
    },
  } as unknown as Queue<ProbeMessage>
  return { queue, sent }
}

/** The queue's batch as the platform delivers it, run through the Worker's own `queue` handler. */
async function deliver(bodies: ProbeMessage[], workerEnv: Env = localEnv) {
  const batch = createMessageBatch(
    PROBE_QUEUE_NAME,
    bodies.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, workerEnv, ctx)
  return { batch, result: await getQueueResult(batch, ctx) }
}

const listing = (fixture: string, overrides: Parameters<typeof insertServer>[0] = {}) =>
  insertServer({ version: '1.0.0', remotes: [{ type: 'streamable-http', url: fixtures[fixture] }], ...overrides })

const scheduleOf = async (serverId: string) => (await db().select().from(probeSchedule).where(eq(probeSchedule.serverId, serverId)))[0]

describe('the schedule', () => {
  it('queues due probes every minute and folds old history daily', () => {
    expect(SCHEDULES['* * * * *']).toContain(probeEnqueue)
    expect(SCHEDULES['17 4 * * *']).toContain(probeRetention)
  })
})

describe('a listing probed end to end: cron -> queue -> consumer -> stored surface -> GET /tools', () => {
  it('reads server-everything over Streamable HTTP and shows its real tools', async () => {
    await db().delete(servers)
    const s = await listing('everythingHttp')
    const { queue, sent } = capturingQueue()
    expect(await enqueueDueProbes(db(), queue, settings())).toEqual({ queued: 1 })
    expect(sent).toEqual([{ serverId: s.id }])

    const { batch, result } = await deliver(sent)
    expect(result.outcome).toBe('ok')
    expect(result.retryMessages).toEqual([])
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort())

    const [stored] = await db().select().from(serverSurfaces).where(eq(serverSurfaces.serverId, s.id))
    expect(stored).toMatchObject({ version: '1.0.0', source: 'remote', transport: 'streamable-http', protocolVersion: '2025-11-25' })
    expect(await scheduleOf(s.id)).toMatchObject({ version: '1.0.0', lastStatus: 'ok', failures: 0, leaseUntil: null })
    // Built on the v1 SDK: the discover probe fell back to initialize, and the probe keeps that.
    const [probed] = await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))
    expect(JSON.parse(probed.generations ?? 'null')).toEqual({ stateless: false, initialize: true })

    const { status, body } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(status).toBe(200)
    expect(body.summary).toMatchObject({ status: 'ok', version: '1.0.0', surfaceHash: stored.hash, toolCount: stored.toolCount })
    const echo = body.surface?.surface.tools.find((t) => t.name === 'echo')
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } })
    expect(body.surface?.surface.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-annotated-message']))
    expect(body.lastProbe).toMatchObject({ status: 'ok', target: fixtures.everythingHttp, transport: 'streamable-http' })
    // The card carries the count too.
    const list = await json<{ servers: Array<{ id: string; toolCount: number | null }> }>('/api/servers?sortBy=created')
    expect(list.body.servers.find((c) => c.id === s.id)?.toolCount).toBe(stored.toolCount)
    // Queued once: nothing is due until tomorrow.
    expect(await enqueueDueProbes(db(), queue, settings())).toEqual({ queued: 0 })
  })

  it('stores that a server of both eras answered the stateless exchange and initialize', async () => {
    const s = await listing('dual')
    await deliver([{ serverId: s.id }])
    const [probed] = await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))
    expect(probed).toMatchObject({ status: 'ok', protocolVersion: '2026-07-28', generations: '{"stateless":true,"initialize":true}' })
  })

  it('stores two surfaces for a server that changes its tools between two probes', async () => {
    const s = await listing('changing')
    await deliver([{ serverId: s.id }])
    await deliver([{ serverId: s.id }])
    const rows = await db().select().from(serverSurfaces).where(eq(serverSurfaces.serverId, s.id))
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((r) => r.hash)).size).toBe(2)
  })

  it('records a server that asks for credentials as auth_required, and never probes a loopback address on a deploy', async () => {
    const auth = await listing('auth')
    const local = await listing('legacy')
    await deliver([{ serverId: auth.id }])
    await deliver([{ serverId: local.id }], { ...localEnv, PROBE_ALLOW_LOOPBACK: 'false' })
    const statuses = await db().select({ serverId: serverProbes.serverId, status: serverProbes.status }).from(serverProbes)
    expect(statuses).toEqual(
      expect.arrayContaining([
        { serverId: auth.id, status: 'auth_required' },
        { serverId: local.id, status: 'refused' },
      ]),
    )
    expect((await db().select().from(servers).where(eq(servers.id, local.id)))[0].toolCount).toBeNull()
  })
})

describe('the cron', () => {
  it('queues nothing while probing is off', async () => {
    await listing('legacy')
    const { queue, sent } = capturingQueue()
    expect(await enqueueDueProbes(db(), queue, probeSettings(env))).toEqual({ queued: 0 })
    expect(sent).toEqual([])
  })

  it('queues a listing once: a second cron in the same minute finds it leased', async () => {
    await db().delete(servers)
    const a = await listing('legacy')
    const b = await listing('legacy')
    const first = capturingQueue()
    const second = capturingQueue()
    await enqueueDueProbes(db(), first.queue, settings())
    await enqueueDueProbes(db(), second.queue, settings())
    expect(first.sent.map((m) => m.serverId).sort()).toEqual([a.id, b.id].sort())
    expect(second.sent).toEqual([])
  })

  it('gives the leases back when the queue refuses the batch', async () => {
    await db().delete(servers)
    const a = await listing('legacy')
    await expect(enqueueDueProbes(db(), capturingQueue(true).queue, settings())).rejects.toThrow('queue unavailable')
    expect((await scheduleOf(a.id)).leaseUntil).toBeNull()
    const retry = capturingQueue()
    expect(await enqueueDueProbes(db(), retry.queue, settings())).toEqual({ queued: 1 })
  })
})

describe('the consumer', () => {
  it('probes a listing queued twice in one batch once', async () => {
    const s = await listing('legacy')
    const { result } = await deliver([{ serverId: s.id }, { serverId: s.id }])
    expect(result.explicitAcks).toHaveLength(2)
    expect(await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))).toHaveLength(1)
  })

  it('with probing off, probes nothing and gives the listings back', async () => {
    const s = await listing('legacy')
    await db()
      .insert(probeSchedule)
      .values({ serverId: s.id, dueAt: new Date().toISOString(), leaseUntil: new Date(Date.now() + 60_000).toISOString() })
    const { result } = await deliver([{ serverId: s.id }], env)
    expect(result.explicitAcks).toHaveLength(1)
    expect(await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))).toHaveLength(0)
    expect((await scheduleOf(s.id)).leaseUntil).toBeNull()
  })

  it('puts off a listing that has no remote any more, for a week', async () => {
    const s = await listing('legacy')
    await db().update(servers).set({ remotes: [] }).where(eq(servers.id, s.id))
    await db().insert(probeSchedule).values({ serverId: s.id, dueAt: new Date().toISOString() })
    await deliver([{ serverId: s.id }])
    const row = await scheduleOf(s.id)
    expect(Date.parse(row.dueAt) - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000)
    expect(row).toMatchObject({ version: '1.0.0', leaseUntil: null })
  })

  it('starts probes only while the invocation’s request allowance covers them, and gives the rest back', async () => {
    const ids = [(await listing('legacy')).id, (await listing('legacy')).id, (await listing('legacy')).id]
    for (const id of ids)
      await db()
        .insert(probeSchedule)
        .values({ serverId: id, dueAt: new Date().toISOString(), leaseUntil: new Date(Date.now() + 60_000).toISOString() })
    let requests = 0
    const counting = settings({
      concurrency: 1,
      subrequestBudget: PROBE_SUBREQUESTS + 5,
      fetch: (input: string | URL, init?: RequestInit) => {
        requests++
        return fetch(input, init)
      },
    })
    const run = await probeListings(db(), ids, counting)
    expect(run.outcomes.get(ids[0])?.status).toBe('ok')
    // The first probe's requests left less than a whole probe's allowance.
    expect(requests).toBe(run.subrequests)
    expect(run.subrequests).toBeGreaterThan(5)
    expect(run.notStarted).toEqual(ids.slice(1))
    // Through the queue, those are acknowledged and their leases released for the next cron.
    const { result } = await deliver(
      ids.map((serverId) => ({ serverId })),
      { ...localEnv, PROBE_SUBREQUEST_BUDGET: String(PROBE_SUBREQUESTS) },
    )
    expect(result.explicitAcks).toHaveLength(3)
    const leases = await Promise.all(ids.map(async (id) => (await scheduleOf(id)).leaseUntil))
    expect(leases).toEqual([null, null, null])
    // A probe never makes more requests than the allowance, even of a server whose pages never end.
    const endless = await listing('manyPages')
    const capped = await probeListings(db(), [endless.id], settings({ subrequestBudget: 8 }))
    expect(capped.subrequests).toBeLessThanOrEqual(8)
    expect(capped.outcomes.get(endless.id)?.status).not.toBe('ok')
    const probed = await Promise.all(
      ids.map(async (id) => (await db().select().from(serverProbes).where(eq(serverProbes.serverId, id))).length),
    )
    expect(probed).toEqual([2, 0, 0])
  })
})
