/**
 * The official MCP conformance suite's client scenarios that apply to a client that only lists,
 * run against the probe as the suite runs any client: as a command (scripts/probe-url.ts), to
 * which it appends its server's URL. A scenario passes as the suite's own tally counts it (its
 * results file): at least one check succeeded and none failed. docs/probing.md names the
 * scenarios left out and why.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const suite = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js')
const tsx = join(process.cwd(), 'node_modules/.bin/tsx')
const out = mkdtempSync(join(tmpdir(), 'conformance-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

interface Check {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  errorMessage?: string
}

/** Runs one scenario with the probe as the client and reads what the suite wrote. */
function run(scenario: string) {
  const command = `${process.execPath} ${tsx} scripts/probe-url.ts`
  const result = spawnSync(process.execPath, [suite, 'client', '--command', command, '--scenario', scenario, '-o', out], {
    encoding: 'utf8',
    timeout: 60_000,
  })
  const dir = readdirSync(out).find((name) => name.startsWith(`${scenario}-`))
  if (!dir) throw new Error(`no results for ${scenario}: ${result.stderr}`)
  return {
    checks: JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) as Check[],
    outcome: JSON.parse(readFileSync(join(out, dir, 'stdout.txt'), 'utf8')),
  }
}

describe('conformance client scenarios', () => {
  it('initialize: the handshake sends a supported version and the client’s name and version', () => {
    const { checks, outcome } = run('initialize')
    expect(checks.filter((c) => c.status === 'FAILURE')).toEqual([])
    expect(checks.find((c) => c.id === 'mcp-client-initialization')?.status).toBe('SUCCESS')
    expect(outcome).toMatchObject({ status: 'ok', transport: 'streamable-http' })
  })

  it('sse-retry: the client opens the GET stream and fails no check (timing is measured only for a tool call, which a probe never makes)', () => {
    const { checks, outcome } = run('sse-retry')
    expect(checks.filter((c) => c.status === 'FAILURE')).toEqual([])
    expect(checks.find((c) => c.id === 'client-sse-graceful-reconnect')?.status).toBe('SUCCESS')
    expect(outcome).toMatchObject({ status: 'ok', surface: { tools: [{ name: 'test_reconnection' }] } })
  })
})
