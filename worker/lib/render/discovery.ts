/**
 * The documents that tell a client where the catalogue's own MCP server is before it connects: its
 * Server Card and the catalogues that list it. Pure: built from the origin they are served at, as
 * the endpoint's registry entry is (worker/shared/mcp-endpoint.ts). Both formats are drafts
 * (docs/mcp-endpoint.md, "Discovery"):
 *
 * - the Server Card of the experimental server-card extension (SEP-2127;
 *   modelcontextprotocol/experimental-ext-server-card, schema.json): `$schema`, `name`, `version`,
 *   `description` (at most 100 characters), `title`, `websiteUrl`, and `remotes` with the protocol
 *   versions each endpoint speaks; no tools (those stay behind the runtime lists) and no packages;
 * - the catalogue document: the extension's earlier MCP Catalog (`/.well-known/mcp/catalog.json`,
 *   `specVersion` 'draft') and the AI Catalog it has since moved to (`/.well-known/ai-catalog.json`,
 *   `specVersion` '1.0', Agent-Card/ai-catalog), whose entries are the same: an identifier, the
 *   card's media type and the card's URL.
 *
 * @example serverCard('https://catalogue.example').remotes[0].url // 'https://catalogue.example/mcp'
 */
import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_SUFFIX } from '@mcp-catalogue/mcp-client'
import { CATALOGUE_SERVER, catalogueListing, MCP_PATH, PROTOCOL_VERSIONS } from '@shared/mcp-endpoint'
import { PAGE_PATHS } from '@shared/page-paths'

/** The one schema URL the draft allows in a card's `$schema` (versioned by `v1`, not by date). */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

/** The AI Catalog's media type (Agent-Card/ai-catalog, specification/ai-catalog.md). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json'

/** Where the catalogue's card is served: the endpoint's own `/server-card`, the draft's reserved location. */
export const SERVER_CARD_PATH = `${MCP_PATH}${SERVER_CARD_SUFFIX}`

/** The Server Card of the catalogue's endpoint at `origin`. */
export function serverCard(origin: string) {
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: CATALOGUE_SERVER.name,
    title: CATALOGUE_SERVER.title,
    description: CATALOGUE_SERVER.description,
    version: CATALOGUE_SERVER.version,
    websiteUrl: new URL(PAGE_PATHS.useFromAi, origin).href,
    remotes: catalogueListing(origin).remotes.map(({ type, url }) => ({ type, url, supportedProtocolVersions: [...PROTOCOL_VERSIONS] })),
  }
}

/**
 * The catalogue document listing the endpoint's card at `origin`: `mcp` is the MCP Catalog of the
 * extension's earlier draft, `ai` the AI Catalog. The identifier is domain-anchored
 * (`urn:air:{host}:mcp:{the name after its slash}`), so each deployment names its own.
 */
export function catalogDocument(origin: string, format: 'mcp' | 'ai') {
  const { hostname } = new URL(origin)
  const entries = [
    {
      identifier: `urn:air:${hostname}:mcp:${CATALOGUE_SERVER.name.split('/')[1]}`,
      type: SERVER_CARD_MEDIA_TYPE,
      url: new URL(SERVER_CARD_PATH, origin).href,
    },
  ]
  if (format === 'mcp') return { specVersion: 'draft', entries }
  return {
    specVersion: '1.0',
    host: { displayName: CATALOGUE_SERVER.title, documentationUrl: new URL(PAGE_PATHS.useFromAi, origin).href },
    entries,
  }
}
