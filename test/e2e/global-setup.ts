/**
 * Browser tests drive the built app (run `vite build` first; `npm test` does) served by
 * `vite preview` on workerd, with its own D1/KV state seeded from the real snapshot, development
 * sign-in on, and every outbound base URL pointed at the local fixture server.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { bin, localEnv, migrateLocal, run } from '../../scripts/local.mjs'
import { answering } from '../clock'
import { type McpFixtureName, type McpFixtures, startMcpFixtures } from '../fixtures/mcp-servers'
import { type Fixture, startFixture } from '../fixtures/outbound'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    fixtureURL: string
    /** Real MCP servers on 127.0.0.1 (test/fixtures/mcp-servers.ts) that the app's probes may reach. */
    mcpURLs: Record<McpFixtureName, string>
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => res(port))
    })
    srv.on('error', rej)
  })
}

let preview: ChildProcess | undefined
let fixture: Fixture | undefined
let mcp: McpFixtures | undefined
let state: string | undefined

export async function setup(project: TestProject) {
  const dist = resolve(process.env.CATALOGUE_DIST ?? 'dist')
  if (!existsSync(join(dist, 'mcp_catalogue/wrangler.json'))) throw new Error('Build the app first: npx vite build')
  fixture = await startFixture()
  mcp = await startMcpFixtures()
  state = mkdtempSync(join(tmpdir(), 'catalogue-e2e-'))
  const env = localEnv({ CATALOGUE_STATE: state })
  migrateLocal(state, { env, quiet: true })
  run('tsx', ['scripts/seed.ts', '--if-empty'], { env, quiet: true })
  // One more server whose repository (acme/widget) the fixture answers with a README, and a
  // featured comment on it: the snapshot's servers point at real repositories, unknown here.
  // Beside it, a PyPI server with a secret variable and a Docker one in the current shape.
  run('tsx', ['scripts/seed.ts', 'test/e2e/fixtures/servers.json'], { env, quiet: true })
  // Featured comment; then what probes found for a few servers (the Tools tab's states), and
  // what the probe runner read from two packages (declared surfaces are compared with them), what
  // the scanner found, what the supply-chain watch read of four listings' packages, and stored
  // verdicts (grades of every kind, and one listing not graded), and a rescan run halfway through.
  for (const file of ['featured.sql', 'tools.sql', 'declared.sql', 'scan.sql', 'supply-chain.sql', 'verdicts.sql', 'rescans.sql']) {
    run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', `test/e2e/fixtures/${file}`], { env, quiet: true })
  }
  // The preview reads settings from the build's .dev.vars: point it at the fixture.
  writeFileSync(
    join(dist, 'mcp_catalogue/.dev.vars'),
    [
      'DEV_LOGIN=true',
      'ADMIN_LOGINS=admin',
      `GITHUB_API_BASE=${fixture.url}/github-api`,
      `GITHUB_RAW_BASE=${fixture.url}/github-raw`,
      `GITHUB_OAUTH_BASE=${fixture.url}/github-oauth`,
      `NPM_REGISTRY_BASE=${fixture.url}/npm`,
      // Its own namespace: syncing must not rewrite the acme servers other tests read.
      `MCP_REGISTRY_BASE=${fixture.url}/registry-e2e`,
      'OUTBOUND_TIMEOUT_MS=1500',
      // Browser tests check their own writes as guests at once.
      'GUEST_CACHE_SECONDS=0',
      // 'Probe now' puts a listing on the local queue, whose consumer may reach the MCP fixtures.
      'PROBE_ENABLED=true',
      'PROBE_ALLOW_LOOPBACK=true',
      // The Paid plan's allowance: a batch probes its listings side by side. With the Free one a
      // batch probes one listing, and the probes the every-minute cron queues (grade-drop.test.ts
      // fires it) would hold an admin's 'Probe now' behind them for minutes.
      'PROBE_SUBREQUEST_BUDGET=950',
      // The one test that fires the every-minute cron (grade-drop.test.ts) wants its grading, not
      // a registry sync of its own (an admin's 'Run now' still syncs, as registry-sync.test.ts does).
      'REGISTRY_SYNC_ENABLED=false',
    ].join('\n'),
  )
  // `vite preview` serves whichever build last wrote web/.wrangler/deploy/config.json, and other
  // builds in the same tree (the benchmark's) rewrite it: point it at this build, and start again
  // if another build slipped in before the preview read it.
  const deployConfig = resolve('web/.wrangler/deploy/config.json')
  // Pages are index.html rewritten per page: the build is known by its entry script's hashed name.
  const ourEntry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(dist, 'client/index.html'), 'utf8'))![1]
  let baseURL = ''
  for (let attempt = 1; ; attempt++) {
    mkdirSync(dirname(deployConfig), { recursive: true })
    writeFileSync(
      deployConfig,
      JSON.stringify({ configPath: relative(dirname(deployConfig), join(dist, 'mcp_catalogue/wrangler.json')), auxiliaryWorkers: [] }),
    )
    const port = await freePort()
    preview = spawn(bin('vite'), ['preview', '--port', String(port), '--strictPort'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    preview.stdout?.on('data', (d) => (log += d))
    preview.stderr?.on('data', (d) => (log += d))
    baseURL = `http://127.0.0.1:${port}`
    try {
      await answering(`${baseURL}/api/tags`, preview, { what: 'the preview', timeoutMs: 60_000 })
    } catch (err) {
      // The port was free when asked for, but the preview's own Worker runtime binds ports of its
      // own before the preview listens and can be handed the same one: take another.
      if (log.includes('already in use') && attempt < 3) continue
      throw new Error(`${(err as Error).message}\n${log}`)
    }
    if ((await (await fetch(`${baseURL}/`)).text()).includes(`src="${ourEntry}"`)) break
    preview.kill('SIGTERM')
    if (attempt === 3) throw new Error(`The preview kept serving another build than ${dist}`)
  }
  project.provide('baseURL', baseURL)
  project.provide('fixtureURL', fixture.url)
  project.provide('mcpURLs', mcp.urls)
}

export async function teardown() {
  preview?.kill('SIGTERM')
  await fixture?.close()
  await mcp?.close()
  if (state) rmSync(state, { recursive: true, force: true })
}
