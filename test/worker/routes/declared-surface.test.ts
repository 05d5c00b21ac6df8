/**
 * PUT and DELETE /api/servers/:id/surface: a maintainer (or an admin) declares what a server
 * offers; it is read through the probe's caps, shown as declared beside what is read, counts for
 * the listing until a surface of that version is read, and is compared with it once one is.
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DeclaredSurface, ServerToolsResponse } from '@shared/surface'
import type { ServerList } from '@shared/types'
import { serverSurfaces, servers } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, expectInvalidInput, json } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'

const declared = surfaceOf(['search_orders', 'refund_order'])
const put = (client: Client, id: string, body: unknown) => json<DeclaredSurface>(`/api/servers/${id}/surface`, client.write('PUT', body))
const tools = async (id: string) => (await json<ServerToolsResponse>(`/api/servers/${id}/tools`)).body
const row = async (id: string) => (await db().select().from(servers).where(eq(servers.id, id)))[0]

let owner: Client
let other: Client
let admin: Client

beforeAll(async () => {
  owner = await signIn('declare-owner')
  other = await signIn('declare-other')
  admin = await signIn(ADMIN_LOGIN)
})

/** A server of `owner`'s repository, at version 3.1.0. */
const ownersServer = () =>
  insertServer({ version: '3.1.0', repoOwner: 'declare-owner', githubUrl: 'https://github.com/declare-owner/shop' })

describe('PUT /api/servers/:id/surface', () => {
  it('refuses a guest 401, another user and a restricted owner 403, and a missing server 404', async () => {
    const s = await ownersServer()
    expect((await put(await guest(), s.id, { surface: declared })).status).toBe(401)
    const forbidden = await put(other, s.id, { surface: declared })
    expect(forbidden.status).toBe(403)
    const restricted = await signIn('declare-restricted', { restricted: true })
    const theirs = await insertServer({ repoOwner: 'declare-restricted' })
    expect((await put(restricted, theirs.id, { surface: declared })).status).toBe(403)
    expect((await put(owner, crypto.randomUUID(), { surface: declared })).status).toBe(404)
    expect(await db().select().from(serverSurfaces).where(eq(serverSurfaces.serverId, s.id))).toEqual([])
  })

  it('stores the owner’s declaration for the current version, shown as declared and counted until one is read', async () => {
    const s = await ownersServer()
    const { status, body } = await put(owner, s.id, { surface: declared })
    expect(status).toBe(200)
    const hash = (await hashSurface(declared)).surface
    expect(body).toEqual({ version: '3.1.0', hash, declaredAt: expect.any(String), surface: declared })

    const answer = await tools(s.id)
    // Never shown as read: the surface read is still none.
    expect(answer.surface).toBeNull()
    expect(answer.summary.toolCount).toBeNull()
    expect(answer.declared).toEqual(body)
    expect(answer.comparison).toBeNull()
    // The listing's tools are the declared ones until one is read: search finds them.
    expect(await row(s.id)).toMatchObject({ toolCount: 2 })
    expect((await row(s.id)).toolText).toContain('refund_order')
    const found = (await json<ServerList>('/api/servers/search?q=refund_order')).body
    expect(found.servers.map((x) => x.id)).toContain(s.id)
  })

  it('lets an admin declare too, and a new declaration replaces the last one of that version', async () => {
    const s = await ownersServer()
    expect((await put(owner, s.id, { surface: declared })).status).toBe(200)
    const raw = { tools: [{ name: 'only_tool', description: 'A tools/list result as is' }], nextCursor: null }
    const { status, body } = await put(admin, s.id, raw)
    expect(status).toBe(200)
    expect(body.surface.tools.map((t) => t.name)).toEqual(['only_tool'])
    const rows = await db()
      .select()
      .from(serverSurfaces)
      .where(and(eq(serverSurfaces.serverId, s.id), eq(serverSurfaces.source, 'declared')))
    expect(rows).toHaveLength(1)
    expect(await row(s.id)).toMatchObject({ toolCount: 1 })
  })

  it('is compared with the next surface read, which then counts for the listing', async () => {
    const s = await ownersServer()
    await put(owner, s.id, { surface: surfaceOf(['search_orders', 'refund_order', 'cancel_order']) })
    const read = surfaceOf(['search_orders', 'refund_order', 'track_parcel'])
    read.tools[1] = { ...read.tools[1], description: 'Refunds part of an order' }
    await recordOutcome(s.id, '3.1.0', { ...outcomeOf('ok', read), transport: 'stdio' })
    const answer = await tools(s.id)
    expect(answer.surface?.source).toBe('remote')
    expect(answer.comparison).toEqual({
      declaredHash: answer.declared!.hash,
      readHash: (await hashSurface(read)).surface,
      equal: false,
      added: ['track_parcel'],
      removed: ['cancel_order'],
      changed: ['refund_order'],
    })
    expect(await row(s.id)).toMatchObject({ toolCount: 3 })
    expect((await row(s.id)).toolText).toContain('track_parcel')
    // A declaration after the read changes the comparison, never the listing's tools.
    await put(owner, s.id, { surface: read })
    expect((await tools(s.id)).comparison).toMatchObject({ equal: true, added: [], removed: [], changed: [] })
    expect((await row(s.id)).toolText).toContain('track_parcel')
  })

  it('refuses what is not a surface with 400 and the issues', async () => {
    const s = await ownersServer()
    expectInvalidInput(await put(owner, s.id, {}), 'surface')
    expectInvalidInput(await put(owner, s.id, { tools: 'search' }), 'tools')
    expectInvalidInput(
      await put(owner, s.id, { surface: { tools: [{ description: 'no name' }] } }),
      'surface',
      'The surface cannot be kept: a tool has no name.',
    )
    expectInvalidInput(await put(owner, s.id, { surface: { tools: [] } }), 'surface', 'The surface declares no tool, prompt or resource.')
    const many = { tools: Array.from({ length: 501 }, (_, i) => ({ name: `t${i}` })) }
    expectInvalidInput(
      await put(owner, s.id, many),
      'surface',
      'The surface cannot be kept: the surface lists 501 tools, more than the 500 kept.',
    )
    expect((await tools(s.id)).declared).toBeNull()
  })

  it('keeps HTML in descriptions as text and drops fields a surface does not have', async () => {
    const s = await ownersServer()
    const html = '<a href="javascript:alert(1)">click</a>'
    const { body } = await put(owner, s.id, { tools: [{ name: 'x', description: html, onclick: 'alert(1)' }] })
    expect(body.surface.tools).toEqual([{ name: 'x', description: html }])
  })
})

describe('DELETE /api/servers/:id/surface', () => {
  it('removes the declaration; the listing has no tools known again unless one was read', async () => {
    const s = await ownersServer()
    await put(owner, s.id, { surface: declared })
    expect((await call(`/api/servers/${s.id}/surface`, other.write('DELETE'))).status).toBe(403)
    expect((await call(`/api/servers/${s.id}/surface`, (await guest()).write('DELETE'))).status).toBe(401)
    const res = await call(`/api/servers/${s.id}/surface`, owner.write('DELETE'))
    expect(res.status).toBe(204)
    expect((await tools(s.id)).declared).toBeNull()
    expect(await row(s.id)).toMatchObject({ toolCount: null, toolText: null })
    expect((await call(`/api/servers/${s.id}/surface`, owner.write('DELETE'))).status).toBe(404)
  })

  it('leaves the tools read in place', async () => {
    const s = await ownersServer()
    await recordOutcome(s.id, '3.1.0', outcomeOf('ok', surfaceOf(['read_one'])))
    await put(admin, s.id, { surface: declared })
    expect((await call(`/api/servers/${s.id}/surface`, admin.write('DELETE'))).status).toBe(204)
    expect(await row(s.id)).toMatchObject({ toolCount: 1 })
  })
})
