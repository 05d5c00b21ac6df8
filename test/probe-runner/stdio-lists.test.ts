/**
 * The stdio probe reads what can be read: real servers of the official SDK (test/fixtures/
 * list-failures.ts) over stdio, each failing a list it announced, run by probeStdio as the runner
 * runs a package (without the fence: this is the client's behaviour, not the runner's).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { probeStdio } from '@mcp-catalogue/mcp-client/node'
import { afterAll, describe, expect, it } from 'vitest'
import { LIST_FAILURE_TOOLS, type ListFailureFixture } from '../fixtures/list-failures'

const SCRIPT = resolve('test/fixtures/list-failures-stdio.ts')
const cwd = mkdtempSync(join(tmpdir(), 'stdio-lists-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

const probe = (name: ListFailureFixture) =>
  probeStdio({
    command: process.execPath,
    args: ['--import', resolve('node_modules/tsx/dist/esm/index.mjs'), SCRIPT, name],
    env: {},
    cwd,
    target: `npm:${name}@1.0.0`,
    bounds: { stepTimeoutMs: 10_000, totalTimeoutMs: 30_000 },
  })

describe('probeStdio keeps the lists it could read', () => {
  it('keeps the tools of a server that announces resources and answers resources/list with -32601', async () => {
    const outcome = await probe('refusesResources')
    expect(outcome).toMatchObject({ status: 'ok', transport: 'stdio', cause: 'list_failed', error: null })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(LIST_FAILURE_TOOLS.refusesResources)
    expect(outcome.surface?.resources).toEqual([])
    expect(outcome.listErrors).toEqual({ resources: 'resources/list failed: MCP error -32601: Method not found' })
  })

  it('keeps the tools and the template of a server whose resource list needs its API, with what it said', async () => {
    const outcome = await probe('resourcesNeedApi')
    expect(outcome).toMatchObject({ status: 'ok', cause: 'list_failed' })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(LIST_FAILURE_TOOLS.resourcesNeedApi)
    expect(outcome.surface?.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['notes://{id}'])
    expect(outcome.listErrors).toEqual({
      resources: expect.stringMatching(/^resources\/list failed: MCP error -32603: .*NOTES_API_TOKEN is not set/),
    })
  })

  it('a server whose every announced list failed read nothing: a protocol error with the first failure, not an empty ok', async () => {
    const outcome = await probe('refusesEverything')
    expect(outcome).toMatchObject({ status: 'protocol_error', surface: null, cause: 'list_failed' })
    // The first list's own line, naming its method: what a maintainer would fix.
    expect(outcome.error).toMatch(/^tools\/list failed: MCP error -32601: .*Method not found/)
  })
})
