/**
 * The catalogue's own MCP server (worker/routes/mcp.ts), as a listing: one static entry, built
 * from the origin it is served at, so the page 'Use the catalogue from your AI client', the
 * Server Card and the registry API all describe it the same way, and its install configurations
 * come from the same generator as any other remote server's.
 */
import type { InstallListing } from './install'

/** Where the endpoint is mounted, outside /api. */
export const MCP_PATH = '/mcp'

/** Who the catalogue's server is: its `serverInfo`, its Server Card, its registry entry. */
export const CATALOGUE_SERVER = {
  name: 'io.github.mcp-catalogue/catalogue',
  title: 'MCP Catalogue',
  version: '1.0.0',
  // At most 100 characters: the registry's server.json and the Server Card's draft both cap it there.
  description: 'Search a catalogue of MCP servers and get the configuration that installs one in your AI client.',
} as const

/**
 * The protocol versions the endpoint answers, newest first, as its Server Card declares them: the
 * stateless 2026-07-28 exchange (`server/discover`) and the 2025 handshake's versions, which the
 * SDK's `createMcpHandler` negotiates. test/worker/routes/mcp.test.ts holds the list to what the
 * endpoint answers.
 */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const

/** The page about it (PAGE_PATHS.useFromAi): its title and description, in the Worker's head and the SPA's. */
export const USE_FROM_AI_PAGE = {
  title: 'Use the catalogue from your AI client',
  description:
    'Add the catalogue to Claude, Cursor, VS Code and other AI clients as a remote MCP server: ask your assistant to find servers and how to install them.',
} as const

/**
 * The catalogue's own listing at `origin`: one remote, the Streamable HTTP endpoint.
 * @example catalogueListing('https://catalogue.example').remotes // [{ type: 'streamable-http', url: 'https://catalogue.example/mcp' }]
 */
export function catalogueListing(origin: string): InstallListing & { remotes: Array<{ type: 'streamable-http'; url: string }> } {
  return {
    name: CATALOGUE_SERVER.name,
    version: CATALOGUE_SERVER.version,
    packages: [],
    remotes: [{ type: 'streamable-http', url: `${origin}${MCP_PATH}` }],
  }
}
