/**
 * Discovery on the built Worker, as a client out in the world meets it (docs/mcp-endpoint.md,
 * "Discovery"): from the domain's AI Catalog to the Server Card at `/mcp/server-card`, then the
 * official SDK client connected to the remote the card names; and the catalogue's own probe
 * (packages/mcp-client) reading the card at its new path first.
 */
import { probeRemote } from '@mcp-catalogue/mcp-client'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_SERVER } from '@shared/mcp-endpoint'
import { baseURL } from './browser'

const CARD_TYPE = 'application/mcp-server-card+json'

interface Card {
  name: string
  version: string
  title: string
  description: string
  remotes: Array<{ type: string; url: string; supportedProtocolVersions: string[] }>
}

describe('the Server Card on the built Worker', () => {
  it('is found from the AI Catalog, served with its media type, and leads the official SDK client to the endpoint', async () => {
    const catalog = await fetch(`${baseURL()}/.well-known/ai-catalog.json`)
    expect(catalog.headers.get('Content-Type')).toBe('application/ai-catalog+json; charset=utf-8')
    const { entries } = (await catalog.json()) as { entries: Array<{ type: string; url: string }> }
    const entry = entries.find((e) => e.type === CARD_TYPE)!
    expect(entry.url).toBe(`${baseURL()}/mcp/server-card`)

    const res = await fetch(entry.url, { headers: { Accept: CARD_TYPE } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe(`${CARD_TYPE}; charset=utf-8`)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const etag = res.headers.get('ETag')!
    const card = (await res.json()) as Card
    expect(card).toMatchObject({ name: CATALOGUE_SERVER.name, version: CATALOGUE_SERVER.version })
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: `${baseURL()}/mcp`, supportedProtocolVersions: expect.any(Array) }])
    expect((await fetch(entry.url, { headers: { Accept: CARD_TYPE, 'If-None-Match': etag } })).status).toBe(304)

    const client = new Client({ name: 'card-reader', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(card.remotes[0].url)))
    expect(client.getServerVersion()).toMatchObject({
      name: card.name,
      version: card.version,
      title: card.title,
      description: card.description,
    })
    expect(card.remotes[0].supportedProtocolVersions).toContain(client.getNegotiatedProtocolVersion())
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['search_servers', 'get_server', 'get_install_config', 'list_categories'])
    await client.close()
  })

  it('is what the catalogue’s own probe reads of the endpoint, at /mcp/server-card before the older paths', async () => {
    const outcome = await probeRemote({ url: `${baseURL()}/mcp`, transport: 'streamable-http', allowLoopback: true })
    expect(outcome.status).toBe('ok')
    expect(outcome.serverCardUrl).toBe(`${baseURL()}/mcp/server-card`)
    const card = (await (await fetch(`${baseURL()}/mcp/server-card`)).json()) as Card
    expect(outcome.serverCard).toEqual(card)
    expect(outcome.surface?.serverInfo).toMatchObject({ name: card.name, version: card.version })
  })
})
