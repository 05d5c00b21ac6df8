/**
 * Where a remote publishes its Server Card, newest draft first. The draft of the Server Card
 * extension (SEP-2127, modelcontextprotocol/experimental-ext-server-card, docs/discovery.md)
 * reserves `GET <streamable-http-url>/server-card` with the media type
 * `application/mcp-server-card+json`; its earlier revisions used `/.well-known/mcp/server-card.json`,
 * and before them `/.well-known/mcp.json`, which servers still publish.
 */

/** The Server Card's media type: what a client asks for and what the draft's path answers with. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json'

/** What is appended to the Streamable HTTP endpoint's URL: the draft's reserved location. */
export const SERVER_CARD_SUFFIX = '/server-card'

/** The paths of the earlier drafts, at the endpoint's origin, newest first. */
export const OLDER_SERVER_CARD_PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'] as const

/**
 * The URLs a probe tries for an endpoint's Server Card, in order: the endpoint's own
 * `/server-card` (its query and fragment left off: a card is public, and a key some servers take in
 * the query is no business of the card's), then the older well-known paths at its origin.
 *
 * @example serverCardUrls(new URL('https://mcp.example.com/mcp?key=1')).map(String)
 * // ['https://mcp.example.com/mcp/server-card', 'https://mcp.example.com/.well-known/mcp/server-card.json', 'https://mcp.example.com/.well-known/mcp.json']
 */
export function serverCardUrls(endpoint: URL): URL[] {
  const own = new URL(endpoint.href)
  own.search = ''
  own.hash = ''
  own.pathname = `${own.pathname.replace(/\/+$/, '')}${SERVER_CARD_SUFFIX}`
  return [own, ...OLDER_SERVER_CARD_PATHS.map((path) => new URL(path, endpoint.origin))]
}
