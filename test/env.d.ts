import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      FIXTURE_URL: string
      /** JSON: each MCP fixture server's name -> URL (test/fixtures/mcp-servers.ts). */
      MCP_FIXTURES: string
    }
  }
}
