/**
 * Probing's storage against real D1: a probe's outcome, the surfaces kept per version, the
 * listing's tool count and search text, the schedule (daily, weekly, backing off), the lease that
 * keeps a listing from being queued twice, and the history's retention.
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ProbeOutcome, Surface } from '@shared/surface'
import { contentVersions, probeDays, probeSchedule, serverProbes, serverSurfaces, servers } from '../../../worker/db/schema'
import { toolSearchText } from '../../../worker/lib/search/tool-text'
import { pruneProbeHistory } from '../../../worker/services/probing/outcomes'
import { markProbeDue } from '../../../worker/services/probing/probe-now'
import { claimDueProbes } from '../../../worker/services/probing/remote-probes'
import { BACKOFF_CAP_MS, PROBE_LEASE_MS } from '../../../worker/services/probing/schedule'
import { insertServer } from '../factories'
import { db } from '../helpers'
import { outcomeOf as outcomeAt, recordOutcome, surfaceOf } from '../probe-helpers'

const HOUR = 3_600_000
const T0 = Date.parse('2026-06-01T12:00:00.000Z')
const at = (ms: number) => new Date(T0 + ms)
const outcomeOf = (status: ProbeOutcome['status'], surface: Surface | null = null, startedAt = at(0)) =>
  outcomeAt(status, surface, startedAt)

const remoteServer = (overrides: Parameters<typeof insertServer>[0] = {}) =>
  insertServer({ version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }], ...overrides })

const scheduleOf = async (serverId: string) => (await db().select().from(probeSchedule).where(eq(probeSchedule.serverId, serverId)))[0]
const surfacesOf = (serverId: string) =>
  db().select().from(serverSurfaces).where(eq(serverSurfaces.serverId, serverId)).orderBy(serverSurfaces.id)
const rowOf = async (serverId: string) => (await db().select().from(servers).where(eq(servers.id, serverId)))[0]
const contentVersion = async () => (await db().select().from(contentVersions).where(eq(contentVersions.scope, 'servers')))[0]?.version

describe('recordProbe', () => {
  it('stores an ok probe: history, surface, the tool count and text, due again in a day', async () => {
    const s = await remoteServer()
    const surface = surfaceOf(['search', 'fetch'])
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surface))
    const hashes = await hashSurface(surface)
    const [probe] = await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))
    expect(probe).toMatchObject({
      status: 'ok',
      version: '1.0.0',
      surfaceHash: hashes.surface,
      durationMs: 120,
      protocolVersion: '2025-06-18',
    })
    const [stored] = await surfacesOf(s.id)
    expect(stored).toMatchObject({ version: '1.0.0', hash: hashes.surface, toolCount: 2, source: 'remote', transport: 'streamable-http' })
    expect(JSON.parse(stored.surface)).toEqual(surface)
    expect(JSON.parse(stored.toolHashes)).toEqual(hashes.tools)
    const row = await rowOf(s.id)
    expect(row.toolCount).toBe(2)
    expect(row.toolText).toBe(toolSearchText(surface))
    expect(await scheduleOf(s.id)).toMatchObject({
      version: '1.0.0',
      dueAt: at(24 * HOUR).toISOString(),
      failures: 0,
      lastStatus: 'ok',
      leaseUntil: null,
    })
  })

  it('keeps one row for the same surface read twice, its lastSeenAt moved; a different one is a second row', async () => {
    const s = await remoteServer()
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), at(24 * HOUR)))
    let rows = await surfacesOf(s.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ firstSeenAt: at(0).toISOString(), lastSeenAt: at(24 * HOUR).toISOString() })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a', 'b']), at(48 * HOUR)))
    rows = await surfacesOf(s.id)
    expect(rows).toHaveLength(2)
    expect(rows[0].hash).not.toBe(rows[1].hash)
    expect((await rowOf(s.id)).toolCount).toBe(2)
    expect(await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))).toHaveLength(3)
  })

  it('loses no other edit of the listing, and bumps the content version only when the tools or their risk change', async () => {
    const s = await remoteServer({ description: 'Edited by its owner', localEdits: ['description'], tags: ['edited'] })
    const before = await rowOf(s.id)
    const v0 = await contentVersion()
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    const after = await rowOf(s.id)
    expect({ ...after, toolCount: null, toolText: null, risk: null }).toEqual({ ...before, toolCount: null, toolText: null, risk: null })
    expect(after.risk).toBe('none')
    const v1 = await contentVersion()
    expect(v1).toBeGreaterThan(v0!)
    // The same surface again changes nothing guests see: the content version stays.
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), at(HOUR)))
    expect(await contentVersion()).toBe(v1)
  })

  it('keeps a surface of another version than the listing has now apart from its tool count', async () => {
    const s = await remoteServer({ version: '2.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['old'])))
    expect((await surfacesOf(s.id)).map((r) => r.version)).toEqual(['1.0.0'])
    expect((await rowOf(s.id)).toolCount).toBeNull()
    // The schedule holds the version probed, so the listing's own is due at once.
    expect(await scheduleOf(s.id)).toMatchObject({ version: '1.0.0' })
    expect(await claimDueProbes(db(), { now: at(HOUR), limit: 50 })).toContain(s.id)
  })

  it('keeps the last surface read when a probe fails, backs off 1 h, 2 h, 4 h... up to a week, and resets on success', async () => {
    const s = await remoteServer()
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a', 'b', 'c'])))
    let now = T0
    const waits: number[] = []
    for (let i = 0; i < 10; i++) {
      now += HOUR
      await recordOutcome(s.id, '1.0.0', outcomeOf(i % 2 ? 'timeout' : 'unreachable', null, new Date(now)))
      const row = await scheduleOf(s.id)
      waits.push(Date.parse(row.dueAt) - now)
      expect(row.failures).toBe(i + 1)
    }
    expect(waits.map((w) => w / HOUR)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 168, 168])
    expect(BACKOFF_CAP_MS).toBe(168 * HOUR)
    expect((await rowOf(s.id)).toolCount).toBe(3)
    expect(await surfacesOf(s.id)).toHaveLength(1)
    now += HOUR
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a', 'b', 'c']), new Date(now)))
    expect(await scheduleOf(s.id)).toMatchObject({ failures: 0, dueAt: new Date(now + 24 * HOUR).toISOString(), lastStatus: 'ok' })
  })

  it('asks again weekly of a server that needs a key or a setting, without backing off', async () => {
    const s = await remoteServer()
    await recordOutcome(s.id, '1.0.0', outcomeOf('auth_required'))
    expect(await scheduleOf(s.id)).toMatchObject({ failures: 0, dueAt: at(7 * 24 * HOUR).toISOString(), lastStatus: 'auth_required' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('needs_config', null, at(HOUR)))
    expect(await scheduleOf(s.id)).toMatchObject({ failures: 0, dueAt: at(HOUR + 7 * 24 * HOUR).toISOString() })
    const [probe] = await db().select().from(serverProbes).where(eq(serverProbes.status, 'auth_required'))
    expect(probe.authMetadataUrl).toBe('https://mcp.example.com/.well-known/oauth-protected-resource')
  })
})

describe('claimDueProbes', () => {
  it('takes listed servers with an http(s) remote that are due, once until the lease ends', async () => {
    await db().delete(servers)
    const fresh = await remoteServer()
    const plain = await remoteServer({ remotes: ['http://plain.example/mcp'] })
    await remoteServer({ remotes: [] })
    await remoteServer({ remotes: [{ url: 'ftp://files.example' }, 'not a url'] })
    await remoteServer({ status: 'deleted' })
    await db().run(
      sql`INSERT INTO servers (id, name, display_name, description, author, remotes) VALUES ('broken', 'io.test/broken', 'B', 'd', 'a', 'not json')`,
    )
    const healthy = await remoteServer()
    await recordOutcome(healthy.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))

    const first = await claimDueProbes(db(), { now: at(HOUR), limit: 50 })
    expect(first.sort()).toEqual([fresh.id, plain.id].sort())
    // Held by the lease: a second cron in the same minute queues nothing.
    expect(await claimDueProbes(db(), { now: at(HOUR + 60_000), limit: 50 })).toEqual([])
    expect(await scheduleOf(fresh.id)).toMatchObject({ version: null, leaseUntil: at(HOUR + PROBE_LEASE_MS).toISOString() })
    // A lost message: past the lease, queued again. The healthy one comes due after a day.
    const later = await claimDueProbes(db(), { now: at(25 * HOUR), limit: 50 })
    expect(later.sort()).toEqual([fresh.id, plain.id, healthy.id].sort())
  })

  it('takes a new version at once, and at most `limit` listings, the longest due first', async () => {
    await db().delete(servers)
    const s = await remoteServer()
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    expect(await claimDueProbes(db(), { now: at(HOUR), limit: 50 })).toEqual([])
    await db().update(servers).set({ version: '1.1.0' }).where(eq(servers.id, s.id))
    expect(await claimDueProbes(db(), { now: at(HOUR), limit: 50 })).toEqual([s.id])
    const others = await Promise.all([1, 2, 3].map(() => remoteServer()))
    const two = await claimDueProbes(db(), { now: at(2 * HOUR), limit: 2 })
    expect(two).toHaveLength(2)
    expect(others.map((o) => o.id)).toEqual(expect.arrayContaining(two))
  })
})

describe('markProbeDue', () => {
  it('makes a listing due now and takes its lease, unless a queued probe holds it', async () => {
    const s = await remoteServer()
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    expect(await markProbeDue(db(), s.id, at(HOUR))).toEqual({ queued: true, dueAt: at(HOUR).toISOString() })
    expect(await markProbeDue(db(), s.id, at(HOUR + 1000))).toEqual({ queued: false, dueAt: at(HOUR + 1000).toISOString() })
    // The cron does not queue it again while that lease holds.
    expect(await claimDueProbes(db(), { now: at(HOUR + 2000), limit: 50 })).not.toContain(s.id)
  })
})

describe('pruneProbeHistory', () => {
  it('folds probes past 90 days into daily counts and deletes them, at most `limit` at a time', async () => {
    const s = await remoteServer()
    const day = 24 * HOUR
    const old = [
      outcomeOf('ok', surfaceOf(['a']), at(-100 * day)),
      outcomeOf('timeout', null, at(-100 * day + HOUR)),
      outcomeOf('auth_required', null, at(-100 * day + 2 * HOUR)),
      outcomeOf('ok', surfaceOf(['a']), at(-95 * day)),
    ]
    for (const o of old) await recordOutcome(s.id, '1.0.0', o)
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), at(-10 * day)))
    expect(await pruneProbeHistory(db(), { now: at(0), limit: 2 })).toBe(2)
    expect(await pruneProbeHistory(db(), { now: at(0), limit: 10 })).toBe(2)
    expect(await pruneProbeHistory(db(), { now: at(0), limit: 10 })).toBe(0)
    const left = await db().select().from(serverProbes).where(eq(serverProbes.serverId, s.id))
    expect(left.map((p) => p.startedAt)).toEqual([at(-10 * day).toISOString()])
    const days = await db().select().from(probeDays).where(eq(probeDays.serverId, s.id)).orderBy(probeDays.day)
    // Two batches fed the first day's row; 'reached' counts the probes the server answered.
    const dayRow = (days: number, probes: number, ok: number, reached: number, reachedMs: number) => ({
      serverId: s.id,
      day: at(days * day)
        .toISOString()
        .slice(0, 10),
      probes,
      ok,
      reached,
      reachedMs,
    })
    expect(days).toEqual([dayRow(-100, 3, 1, 2, 240), dayRow(-95, 1, 1, 1, 120)])
  })
})
