/**
 * The probe runner against the real Worker: `wrangler dev` on workerd with a local D1 of its own,
 * one listing whose package is server-memory (test/fixtures/runner/servers.json), the runner's
 * token set. The runner claims it, fetches it from the stand-in registry, runs it in bubblewrap,
 * posts the outcome; the Worker stores it and the Tools tab's API answers it as read from the package.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ServerToolsResponse } from '@shared/surface'
import { readClientConfig } from '../../probe-runner/src/client-config'
import { runRunner } from '../../probe-runner/src/runner'
import { bin, freePort, localEnv, migrateLocal, run } from '../../scripts/local.mjs'
import { answering } from '../clock'
import { type NpmRegistryStandIn, startNpmRegistry } from '../fixtures/runner/npm-registry'

const TOKEN = 'worker-test-runner-token'

let registry: NpmRegistryStandIn
let worker: ChildProcess
let base = ''
let state = ''
let cache = ''

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'runner-worker-state-'))
  cache = mkdtempSync(join(tmpdir(), 'runner-worker-cache-'))
  const env = localEnv({ CATALOGUE_STATE: state })
  migrateLocal(state, { env, quiet: true })
  run('tsx', ['scripts/seed.ts', 'test/fixtures/runner/servers.json'], { env, quiet: true })
  registry = await startNpmRegistry()
  const port = await freePort()
  const vars = { PROBE_RUNNER_TOKEN: TOKEN, PROBE_ENABLED: 'true', DEV_LOGIN: 'false' }
  const args = [
    'dev',
    '--local',
    '--persist-to',
    state,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--show-interactive-dev-session=false',
  ]
  // Its own process group: the teardown ends wrangler and the workerd beneath it, and only them.
  worker = spawn(bin('wrangler'), [...args, ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`])], {
    env,
    stdio: 'ignore',
    detached: true,
  })
  base = `http://127.0.0.1:${port}`
  await answering(`${base}/api/tags`, worker, { what: 'wrangler dev', timeoutMs: 90_000, everyMs: 500 })
}, 180_000)

afterAll(async () => {
  if (worker?.pid) process.kill(-worker.pid, 'SIGTERM')
  await registry?.close()
  rmSync(state, { recursive: true, force: true })
  rmSync(cache, { recursive: true, force: true })
})

const options = (token: string) => ({
  api: { url: base, token, runner: 'worker-test' },
  settings: {
    fence: 'bwrap' as const,
    clients: readClientConfig({ NPM_REGISTRY: registry.url }),
    npmCache: cache,
    bounds: DEFAULT_PROBE_BOUNDS,
    outputCap: 8 * 1024 * 1024,
    fetchTimeoutMs: 60_000,
    path: process.env.PATH ?? '/usr/bin:/bin',
  },
  batch: 4,
  concurrency: 2,
  once: false,
})

it('is refused without the right token, before anything is claimed', async () => {
  await expect(runRunner(options('not-the-token'))).rejects.toThrow(/HTTP 401/)
})

it('claims the due package, reads it fenced, and the Worker stores it as read from the package', async () => {
  const records = await runRunner(options(TOKEN))
  expect(records.map((r) => [r.job.package.identifier, r.status, r.postError])).toEqual([
    ['@modelcontextprotocol/server-memory', 'ok', null],
  ])
  const id = records[0].job.serverId
  const tools = (await (await fetch(`${base}/api/servers/${id}/tools`)).json()) as ServerToolsResponse
  expect(tools.surface).toMatchObject({ source: 'package', version: '2026.8.31', transport: 'stdio' })
  expect(tools.surface?.surface.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['create_entities', 'read_graph']))
  expect(tools.summary).toMatchObject({ status: 'ok', toolCount: 9 })
  // Stored, so no longer due: a second pass finds nothing.
  expect(await runRunner(options(TOKEN))).toEqual([])
}, 120_000)
