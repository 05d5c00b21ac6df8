/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, `server` mode) against
 * the catalogue's own endpoint, served by the built Worker as in production (`vite preview` on
 * workerd, global-setup.ts). Only the scenarios that apply to a read-only server with its own
 * tools, prompts and resources run; docs/mcp-endpoint.md names the others and why. A scenario
 * passes as the suite's own tally counts it: no check failed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { baseURL } from './browser'

const require = createRequire(import.meta.url)
const suite = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js')
const out = mkdtempSync(join(tmpdir(), 'conformance-server-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

/** The scenarios that apply: the handshake, ping, the three lists, and the Origin check. */
const SERVER_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'prompts-list', 'resources-list', 'dns-rebinding-protection']

interface Check {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  errorMessage?: string
}

/** Runs one scenario against the endpoint (in a child process, so the preview keeps being served) and reads its checks. */
async function run(scenario: string): Promise<Check[]> {
  const child = spawn(process.execPath, [suite, 'server', '--url', `${baseURL()}/mcp`, '--scenario', scenario, '-o', out], {
    stdio: 'pipe',
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  await new Promise((resolve) => child.on('close', resolve))
  const dir = readdirSync(out).find((name) => name.startsWith(`server-${scenario}-`))
  if (!dir) throw new Error(`no results for ${scenario}: ${stderr}`)
  return JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) as Check[]
}

describe('conformance server scenarios against /mcp', () => {
  it.each(SERVER_SCENARIOS)('%s: no check fails', async (scenario) => {
    const checks = await run(scenario)
    expect(checks.filter((c) => c.status === 'FAILURE')).toEqual([])
    expect(checks.filter((c) => c.status === 'SUCCESS').length).toBeGreaterThan(0)
  })
})
