import { existsSync, readFileSync } from 'node:fs'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { parse } from 'smol-toml'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { startMcpFixtures } from './test/fixtures/mcp-servers'
import { startFixture } from './test/fixtures/outbound'

// Worker tests run inside workerd against real D1 and KV (isolated per test file). Outbound
// calls go to a local fixture server started here, through the configurable base URLs.
const fixture = await startFixture()
// Real MCP servers for the probe (test/fixtures/mcp-servers.ts), by name, as the binding MCP_FIXTURES.
const mcpFixtures = await startMcpFixtures()
const migrations = await readD1Migrations('./migrations')

/**
 * Every setting a local .dev.vars gives (`npm start` writes one: development sign-in, probing on,
 * the runner's token, the cost header), put back as wrangler.toml deploys it, or empty for a
 * secret a deploy would not have: the Worker tests run as deployed whatever the folder's
 * .dev.vars says, so `npm start` and then `npm test` in one checkout test the same Worker.
 */
function asDeployed(): Record<string, string> {
  if (!existsSync('.dev.vars')) return {}
  const vars = (parse(readFileSync('wrangler.toml', 'utf8')) as { vars?: Record<string, unknown> }).vars ?? {}
  const names = readFileSync('.dev.vars', 'utf8')
    .split('\n')
    .map((line) => /^\s*([A-Za-z_]\w*)\s*=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
  return Object.fromEntries(names.map((name) => [name, name in vars ? String(vars[name]) : '']))
}

/** The tests under test/worker/deployed/ run with the memos as wrangler.toml deploys them. */
const DEPLOYED = 'test/worker/deployed/**/*.test.ts'

/** A project of Worker tests: `bindings` are set over wrangler.toml's own vars. */
function workerProject(
  name: string,
  include: string[],
  exclude: string[],
  bindings: Record<string, unknown>,
): TestProjectInlineConfiguration {
  return {
    // `@shared/...`, as tsconfig.base.json's paths say (what vite.config.ts resolves for the build).
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ...asDeployed(),
            TEST_MIGRATIONS: migrations,
            FIXTURE_URL: fixture.url,
            GITHUB_API_BASE: `${fixture.url}/github-api`,
            GITHUB_RAW_BASE: `${fixture.url}/github-raw`,
            GITHUB_OAUTH_BASE: `${fixture.url}/github-oauth`,
            NPM_REGISTRY_BASE: `${fixture.url}/npm`,
            PYPI_REGISTRY_BASE: `${fixture.url}/pypi-org`,
            MCP_REGISTRY_BASE: `${fixture.url}/registry`,
            MCP_FIXTURES: JSON.stringify(mcpFixtures.urls),
            ADMIN_LOGINS: 'root-admin',
            // GitHub sign-in runs against the fixture, which checks that both are sent.
            GITHUB_CLIENT_ID: 'test-client-id',
            GITHUB_CLIENT_SECRET: 'test-client-secret',
            ...bindings,
          },
        },
      }),
    ],
    test: {
      name,
      include,
      exclude,
      setupFiles: ['./test/worker/setup.ts'],
      testTimeout: 20000,
    },
  }
}

export default defineConfig({
  test: {
    projects: [
      workerProject('worker', ['test/worker/**/*.test.ts'], [DEPLOYED], {
        OUTBOUND_TIMEOUT_MS: '1000',
        // Tests read their own writes at once; test/worker/middleware/cache.test.ts turns it on.
        GUEST_CACHE_SECONDS: '0',
        // Likewise a session ended or changed in the database reads so at once; the session
        // tests turn the memo on.
        SESSION_MEMO_MS: '0',
      }),
      // Every request a cache miss, but the session memo on as deployed (SESSION_MEMO_MS in
      // wrangler.toml): what an isolate keeps between requests is shared by real, separate requests.
      // Outbound calls (GitHub's stand-in) get the deploy's time too: a burst keeps the fixture busy.
      workerProject('worker-deployed-memos', [DEPLOYED], [], { GUEST_CACHE_SECONDS: '0', OUTBOUND_TIMEOUT_MS: '5000' }),
      // The decisions of worker/services/ as plain functions over data: Node, no Worker, no D1.
      { resolve: { tsconfigPaths: true }, test: { name: 'services', include: ['test/services/**/*.test.ts'], environment: 'node' } },
      // The SPA's pure modules (web/src/lib/: the typed door, URL state, the words of a screen):
      // plain Node, no browser and no built app.
      { resolve: { tsconfigPaths: true }, test: { name: 'web', include: ['test/web/**/*.test.ts'], environment: 'node' } },
      // The documentation's checks (links, named paths, the layout drawing) read the tree and ask
      // git what it tracks: plain Node, no Worker and no built app.
      { test: { name: 'docs', include: ['test/docs/**/*.test.ts'], environment: 'node' } },
      // The official MCP conformance suite drives the probe as a command (scripts/probe-url.ts): Node.
      {
        test: { name: 'conformance', include: ['test/conformance/**/*.test.ts'], environment: 'node', testTimeout: 90000 },
      },
      // The probe runner (probe-runner/) starts processes in bubblewrap and npm: Node, not workerd.
      {
        resolve: { tsconfigPaths: true },
        test: { name: 'probe-runner', include: ['test/probe-runner/**/*.test.ts'], environment: 'node', testTimeout: 60000 },
      },
    ],
  },
})
