import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { startFixture } from './test/fixtures/outbound'

// Worker tests run inside workerd against real D1 and KV (isolated per test file). Outbound
// calls go to a local fixture server started here, through the configurable base URLs.
const fixture = await startFixture()
const migrations = await readD1Migrations('./migrations')

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          FIXTURE_URL: fixture.url,
          GITHUB_API_BASE: `${fixture.url}/github-api`,
          GITHUB_RAW_BASE: `${fixture.url}/github-raw`,
          GITHUB_OAUTH_BASE: `${fixture.url}/github-oauth`,
          NPM_REGISTRY_BASE: `${fixture.url}/npm`,
          MCP_REGISTRY_BASE: `${fixture.url}/registry`,
          OUTBOUND_TIMEOUT_MS: '1000',
          // Tests read their own writes at once; test/worker/middleware/cache.test.ts turns it on.
          GUEST_CACHE_SECONDS: '0',
          // Likewise a session ended or changed in the database reads so at once; the session
          // tests turn the memo on.
          SESSION_MEMO_MS: '0',
          ADMIN_LOGINS: 'root-admin',
          // As deployed, whatever a local .dev.vars (written by `npm start`) says.
          DEV_LOGIN: 'false',
          // GitHub sign-in runs against the fixture, which checks that both are sent.
          GITHUB_CLIENT_ID: 'test-client-id',
          GITHUB_CLIENT_SECRET: 'test-client-secret',
        },
      },
    }),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
    setupFiles: ['./test/worker/setup.ts'],
    testTimeout: 20000,
  },
})
