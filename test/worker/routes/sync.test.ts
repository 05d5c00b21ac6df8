import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerDetail, SyncRun } from '@shared/types'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { json } from '../helpers'

let admin: Client
let member: Client
let visitor: Client

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  member = await signIn('sync-member')
  visitor = await guest()
})

const runNow = (client = admin) => json<SyncRun>('/api/admin/sync/runs', client.write('POST'))

describe('POST /api/admin/sync/runs', () => {
  it('starts a run and reads one bounded batch before answering (the fixture registry)', async () => {
    const { status, body } = await runNow()
    expect(status).toBe(201)
    expect(body).toMatchObject({ kind: 'full', status: 'running', pages: 2, invocations: 1, added: 5, refused: 0 })
  })

  it('continues the run in progress, then reports its counts and refusals', async () => {
    const { status, body } = await runNow()
    expect(status).toBe(201)
    expect(body).toMatchObject({ status: 'completed', pages: 4, invocations: 2, added: 7, refused: 2 })
    expect(body.refusals.map((r) => r.name).sort()).toEqual(['io.github.acme/too-long', 'no slash here'])
  })

  it('a guest gets 401, a signed-in non-admin 403', async () => {
    expect((await runNow(visitor)).status).toBe(401)
    expect((await runNow(member)).body).toMatchObject({ code: 'forbidden' })
  })
})

describe('GET /api/admin/sync/runs', () => {
  it('lists the runs, newest first, for admins', async () => {
    const { status, body } = await json<SyncRun[]>('/api/admin/sync/runs', admin.read())
    expect(status).toBe(200)
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({ status: 'completed', added: 7, lastError: null })
  })

  it('a guest gets 401, a signed-in non-admin 403', async () => {
    expect((await json('/api/admin/sync/runs', visitor.read())).status).toBe(401)
    expect((await json('/api/admin/sync/runs', member.read())).status).toBe(403)
  })
})

describe('GET /api/servers/:id after a sync', () => {
  it('shows provenance, versions, the deprecation notice and the other names of its repository', async () => {
    const list = await json<{ servers: Array<{ id: string; name: string; deprecated: unknown }> }>('/api/servers?limit=50')
    const widget = list.body.servers.find((s) => s.name === 'io.github.acme/widget')!
    expect(list.body.servers.find((s) => s.name === 'io.github.acme/old-tool')?.deprecated).toEqual({
      message: 'Use io.github.acme/widget instead.',
    })
    const { body } = await json<ServerDetail>(`/api/servers/${widget.id}`)
    expect(body.provenance).toMatchObject({ source: 'registry', upstreamUpdatedAt: '2025-10-01T00:00:00Z' })
    expect(body.provenance.syncedAt).toBeTruthy()
    expect(body.provenance.registryFields).toContain('description')
    expect(body.versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0', '2.0.0'])
    expect(body.alsoPublishedAs.map((s) => s.name)).toEqual(['io.github.acme/widget-mirror'])
    expect(body.deprecated).toBeNull()
  })
})
