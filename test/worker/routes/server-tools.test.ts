/**
 * GET /api/servers/:id/tools: the surface shown on the Tools tab, the last probes and the health,
 * with the same summary the detail answer carries.
 */
import { createExecutionContext, env } from 'cloudflare:test'
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerToolsResponse } from '@shared/surface'
import type { ServerDetail } from '@shared/types'
import { app } from '../../../worker/app'
import { servers } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms)
const tools = (id: string, init?: RequestInit) => json<ServerToolsResponse>(`/api/servers/${id}/tools`, init)

let admin: Client

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
})

describe('GET /api/servers/:id/tools', () => {
  it('answers a server never probed with empty fields, not an error', async () => {
    const s = await insertServer()
    const { status, body } = await tools(s.id)
    expect(status).toBe(200)
    expect(body).toEqual({
      summary: { status: null, toolCount: null, promptCount: null, resourceCount: null, readAt: null, version: null, surfaceHash: null },
      surface: null,
      lastProbe: null,
      recent: [],
      health: [],
      declared: null,
      comparison: null,
      // Probing is off as deployed (PROBE_ENABLED): nobody will read it, and the answer says so.
      probing: 'off',
    })
  })

  it('says who reads the surface next while probing is on: the Worker for a remote, a probe runner for a package, nobody without either', async () => {
    const probingOn = { ...env, PROBE_ENABLED: 'true' }
    const next = async (row: Parameters<typeof insertServer>[0]) => {
      const s = await insertServer(row)
      const res = await app.request(`https://catalogue.test/api/servers/${s.id}/tools`, {}, probingOn, createExecutionContext())
      return ((await res.json()) as ServerToolsResponse).probing
    }
    const npm = [{ registryType: 'npm', identifier: 'mcp-x', version: '1.0.0' }]
    expect(await next({ remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }], packages: npm })).toBe('remote')
    expect(await next({ packages: npm })).toBe('runner')
    expect(await next({})).toBe('none')
  })

  it('shows the current version’s surface, the last probes newest first, and health over 7 and 30 days', async () => {
    const s = await insertServer({ version: '2.0.0' })
    const current = surfaceOf(['search', 'fetch'])
    // Read for 2.0.0 twenty days ago; a newer read of an older version does not replace it.
    await recordOutcome(s.id, '2.0.0', outcomeOf('ok', current, ago(20 * DAY), 100))
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['old']), ago(15 * DAY), 300))
    await recordOutcome(s.id, '2.0.0', outcomeOf('timeout', null, ago(10 * DAY), 10_000))
    await recordOutcome(s.id, '2.0.0', outcomeOf('ok', current, ago(6 * DAY), 200))
    await recordOutcome(s.id, '2.0.0', outcomeOf('unreachable', null, ago(3 * DAY), 5))
    await recordOutcome(s.id, '2.0.0', outcomeOf('ok', current, ago(2 * DAY), 400))
    await recordOutcome(s.id, '2.0.0', outcomeOf('protocol_error', null, ago(HOUR), 600))

    const { status, body, res } = await tools(s.id)
    expect(status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=30')
    const hash = (await hashSurface(current)).surface
    expect(body.summary).toEqual({
      status: 'protocol_error',
      toolCount: 2,
      promptCount: 1,
      resourceCount: 0,
      readAt: body.recent[1].startedAt,
      version: '2.0.0',
      surfaceHash: hash,
    })
    expect(body.surface).toEqual({
      source: 'remote',
      version: '2.0.0',
      hash,
      protocolVersion: '2025-06-18',
      transport: 'streamable-http',
      readAt: body.summary.readAt,
      surface: current,
      risk: 'none',
      findings: [],
      toolHashes: (await hashSurface(current)).tools,
      // Read by this catalogue's probe, not shipped with its data.
      shipped: null,
      listErrors: {},
    })
    expect(body.lastProbe).toMatchObject({
      status: 'protocol_error',
      durationMs: 600,
      error: 'failed: protocol_error',
      target: 'https://mcp.example.com/mcp',
      transport: 'streamable-http',
      protocolVersion: null,
      authMetadataUrl: null,
      missingVariable: null,
    })
    expect(body.recent.map((p) => [p.status, p.durationMs])).toEqual([
      ['protocol_error', 600],
      ['ok', 400],
      ['unreachable', 5],
      ['ok', 200],
      ['timeout', 10_000],
    ])
    // Latency counts probes the server answered (ok, auth_required, protocol_error): not the
    // timeout nor the unreachable one.
    expect(body.health).toEqual([
      { days: 7, probes: 4, ok: 2, medianMs: 400 },
      { days: 30, probes: 7, ok: 4, medianMs: 300 },
    ])
  })

  it('carries the same summary as the detail answer, and the card its tool count', async () => {
    const s = await insertServer({ version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a', 'b', 'c'])))
    const detail = await json<ServerDetail>(`/api/servers/${s.id}`)
    expect(detail.body.tools).toEqual((await tools(s.id)).body.summary)
    expect(detail.body.tools).toMatchObject({ status: 'ok', toolCount: 3 })
    expect(detail.body.toolCount).toBe(3)
    const never = await insertServer()
    expect((await json<ServerDetail>(`/api/servers/${never.id}`)).body).toMatchObject({
      toolCount: null,
      tools: { status: null, toolCount: null },
    })
  })

  it('keeps the last surface shown when the newest probe failed', async () => {
    const s = await insertServer({ version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a']), ago(2 * HOUR)))
    await recordOutcome(s.id, '1.0.0', outcomeOf('auth_required', null, ago(HOUR)))
    const { body } = await tools(s.id)
    expect(body.summary).toMatchObject({ status: 'auth_required', toolCount: 1 })
    expect(body.surface?.surface.tools.map((t) => t.name)).toEqual(['a'])
    expect(body.lastProbe).toMatchObject({
      status: 'auth_required',
      authMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource',
    })
  })

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expectInvalidInput(await tools('not-a-uuid'), 'id', 'Server ID must be a valid UUID')
    expect(await tools(crypto.randomUUID())).toMatchObject({ status: 404, body: { code: 'server_not_found', error: 'Server not found' } })
  })

  it('answers 404 for a deleted server, except to an admin', async () => {
    const s = await insertServer({ version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', surfaceOf(['a'])))
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, s.id))
    expect((await tools(s.id)).status).toBe(404)
    expect((await tools(s.id, (await signIn('tools-member')).read())).status).toBe(404)
    const asAdmin = await tools(s.id, admin.read())
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.summary.toolCount).toBe(1)
    expect(asAdmin.res.headers.get('Cache-Control')).toBe('private, no-store')
  })
})
