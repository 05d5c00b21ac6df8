/**
 * A probe that read a surface but lost an announced list (issue 43: "read what can be read"): the
 * Tools tab's answer names the list and why, a failed probe keeps its cause, and the Changes
 * timeline never reports a list that could not be read as every item of it removed.
 */
import { describe, expect, it } from 'vitest'
import type { ServerChangesResponse } from '@shared/scan'
import type { ProbeOutcome, ServerToolsResponse, Surface } from '@shared/surface'
import { insertServer } from '../factories'
import { json } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'

const MINUTE = 60_000
const REFUSED = 'resources/list failed: MCP error -32601: Method not found'

/** A surface with these tools and two resources, announced. */
const withResources = (tools: string[], resources = ['docs://a', 'docs://b']): Surface => ({
  ...surfaceOf(tools),
  capabilities: { tools: {}, prompts: {}, resources: {} },
  resources: resources.map((uri) => ({ uri, name: uri })),
})

/** An ok outcome whose resource list was refused: empty in the surface, named in listErrors. */
const lostResources = (tools: string[], at: Date): ProbeOutcome => ({
  ...outcomeOf('ok', { ...withResources(tools), resources: [] }, at),
  cause: 'list_failed',
  listErrors: { resources: REFUSED },
})

const changes = async (id: string) => (await json<ServerChangesResponse>(`/api/servers/${id}/changes`)).body.entries

describe('a surface read without one of its lists', () => {
  it('is shown with the tools it has, and the Tools tab says which list failed and why', async () => {
    const s = await insertServer({ version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', lostResources(['search_vault', 'read_note'], new Date()))
    const { body } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(body.surface?.surface.tools.map((t) => t.name)).toEqual(['search_vault', 'read_note'])
    expect(body.surface?.listErrors).toEqual({ resources: REFUSED })
    expect(body.lastProbe).toMatchObject({ status: 'ok', cause: 'list_failed', listErrors: { resources: REFUSED } })
    expect(body.summary.toolCount).toBe(2)
  })

  it('a surface read whole has no list errors and no cause', async () => {
    const s = await insertServer({ version: '1.0.0' })
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', withResources(['a'])))
    const { body } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(body.surface?.listErrors).toEqual({})
    expect(body.lastProbe).toMatchObject({ cause: null, listErrors: {} })
  })

  it('a failed probe keeps its cause beside its message, and the surface read before stays shown', async () => {
    const s = await insertServer({ version: '1.0.0' })
    const start = Date.now() - 10 * MINUTE
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', withResources(['a']), new Date(start)))
    const failed: ProbeOutcome = {
      ...outcomeOf('unreachable', null, new Date(start + MINUTE)),
      cause: 'crashed',
      error: 'the server exited: boom',
    }
    await recordOutcome(s.id, '1.0.0', failed)
    const { body } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(body.lastProbe).toMatchObject({ status: 'unreachable', cause: 'crashed', error: 'the server exited: boom', listErrors: {} })
    expect(body.surface?.surface.tools.map((t) => t.name)).toEqual(['a'])
  })

  it('is no change in the timeline: a list that failed is not its items removed, nor their return an addition', async () => {
    const s = await insertServer({ version: '1.0.0' })
    const start = Date.now() - 10 * MINUTE
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', withResources(['a', 'b']), new Date(start)))
    await recordOutcome(s.id, '1.0.0', lostResources(['a', 'b'], new Date(start + MINUTE)))
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', withResources(['a', 'b']), new Date(start + 2 * MINUTE)))
    const entries = await changes(s.id)
    expect(entries.map((e) => e.summary)).toEqual(['First read: 2 tools'])
  })

  it('still reports what did change beside a list that failed, and only that', async () => {
    const s = await insertServer({ version: '1.0.0' })
    const start = Date.now() - 10 * MINUTE
    await recordOutcome(s.id, '1.0.0', outcomeOf('ok', withResources(['a']), new Date(start)))
    await recordOutcome(s.id, '1.0.0', lostResources(['a', 'b'], new Date(start + MINUTE)))
    const [latest] = await changes(s.id)
    expect(latest.diff?.items.map((i) => [i.kind, i.change])).toEqual([['tool', 'added']])
    expect(latest.summary).toMatch(/^1 tool added/)
  })
})
