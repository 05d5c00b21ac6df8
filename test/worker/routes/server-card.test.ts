/**
 * Discovery before connecting (worker/routes/well-known.ts): the endpoint's Server Card at
 * `/mcp/server-card` with its media type, valid against the draft's schema
 * (test/fixtures/server-card/schema.json, the experimental server-card extension's, unchanged), the
 * draft's CORS and caching headers with `ETag` and a 304; the same card at the older paths; the
 * MCP Catalog and the AI Catalog listing it. The card's claims are held to what the endpoint answers
 * the official SDK client (the draft's "Consistency with Runtime Behavior"), and the endpoint's own
 * middleware (its Origin check, POST-only handlers, rate limit) leaves the card alone.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_SERVER, PROTOCOL_VERSIONS } from '@shared/mcp-endpoint'
import { MCP_RATE_RULE } from '../../../worker/routes/mcp'
import cardSchema from '../../fixtures/server-card/schema.json'
import { call, json } from '../helpers'

const ORIGIN = 'https://catalogue.test'
const CARD_TYPE = 'application/mcp-server-card+json'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
const validateCard = ajv.compile({ ...cardSchema, $ref: '#/$defs/ServerCard' })

/** The card every path answers, as this origin's. */
const EXPECTED_CARD = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: CATALOGUE_SERVER.name,
  title: CATALOGUE_SERVER.title,
  description: CATALOGUE_SERVER.description,
  version: CATALOGUE_SERVER.version,
  websiteUrl: `${ORIGIN}/use-from-ai`,
  remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp`, supportedProtocolVersions: [...PROTOCOL_VERSIONS] }],
}

let addresses = 0

/** The Worker as the SDK client's fetch, from an address of the client's own. */
const workerFetch = (address: string) => (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input)
  const headers = new Headers(init?.headers)
  headers.set('CF-Connecting-IP', address)
  return call(`${url.pathname}${url.search}`, { ...init, headers })
}

/** The official SDK client, connected to `url` as a card names it. */
async function connect(url: string, mode: 'auto' | 'legacy') {
  const client = new Client(
    { name: 'card-reader', version: '1.0.0' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator(), versionNegotiation: { mode } },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: workerFetch(`192.0.2.${++addresses}`) }))
  return client
}

const getCard = (headers: Record<string, string> = {}) => call('/mcp/server-card', { headers: { Accept: CARD_TYPE, ...headers } })

describe('the Server Card at /mcp/server-card', () => {
  it('answers with the draft’s media type, its CORS and caching headers, and a card valid against the draft’s schema', async () => {
    const res = await getCard()
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe(`${CARD_TYPE}; charset=utf-8`)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600')
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(res.headers.get('Access-Control-Expose-Headers')).toBe('ETag')
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    const card = await res.json()
    expect(card).toEqual(EXPECTED_CARD)
    expect(validateCard(card) ? [] : validateCard.errors).toEqual([])
  })

  it('the schema refuses what the draft refuses, so the check above can fail', () => {
    expect(validateCard({ ...EXPECTED_CARD, description: 'x'.repeat(101) })).toBe(false)
    expect(
      validateCard({ ...EXPECTED_CARD, $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server-card.schema.json' }),
    ).toBe(false)
    const { name: _, ...nameless } = EXPECTED_CARD
    expect(validateCard(nameless)).toBe(false)
  })

  it('answers a revalidation with 304 and no body, keeping the headers a browser needs to read it', async () => {
    const etag = (await getCard()).headers.get('ETag')!
    const again = await getCard({ 'If-None-Match': etag, Origin: 'https://client.example' })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=3600')
    expect(again.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const other = await getCard({ 'If-None-Match': '"another"' })
    expect(other.status).toBe(200)
    expect(await other.json()).toEqual(EXPECTED_CARD)
  })

  it('answers a browser’s preflight for If-None-Match, and HEAD with the headers alone', async () => {
    const preflight = await call('/mcp/server-card', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://client.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('GET')
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('if-none-match')
    const head = await call('/mcp/server-card', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe(`${CARD_TYPE}; charset=utf-8`)
    expect(await head.text()).toBe('')
  })

  it('is not the endpoint’s: a foreign Origin reads it, reading it spends none of the endpoint’s rate limit, and GET /mcp is still 405', async () => {
    const foreign = await getCard({ Origin: 'https://evil.example' })
    expect(foreign.status).toBe(200)
    expect(await foreign.json()).toEqual(EXPECTED_CARD)
    const address = { 'CF-Connecting-IP': '203.0.113.50' }
    for (let i = 0; i < MCP_RATE_RULE.limit + 5; i++) {
      const res = await getCard(address)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    const ping = await call('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...address },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    expect(ping.status).toBe(200)
    expect((await call('/mcp')).status).toBe(405)
  })

  it('answers anything else under /mcp with the interface’s JSON 404, not a page', async () => {
    for (const [path, method] of [
      ['/mcp/server-card', 'POST'],
      ['/mcp/server-card', 'DELETE'],
      ['/mcp/server-card/x', 'GET'],
      ['/mcp/other', 'GET'],
    ] as const) {
      const res = await call(path, { method })
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 })
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(await res.json()).toMatchObject({ code: 'not_found' })
    }
  })
})

describe('what the card claims is what the endpoint answers the official SDK client', () => {
  it('the stateless exchange: serverInfo as the card names it, and every version server/discover offers is in the card', async () => {
    const card = (await (await getCard()).json()) as typeof EXPECTED_CARD
    const client = await connect(card.remotes[0].url, 'auto')
    expect(client.getServerVersion()).toMatchObject({
      name: card.name,
      version: card.version,
      title: card.title,
      description: card.description,
    })
    const offered = client.getDiscoverResult()?.supportedVersions ?? []
    expect(offered.length).toBeGreaterThan(0)
    for (const version of offered) expect(card.remotes[0].supportedProtocolVersions).toContain(version)
    expect(card.remotes[0].supportedProtocolVersions).toContain(client.getNegotiatedProtocolVersion())
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    await client.close()
  })

  it('the initialize handshake: each 2025 version the card names is the version the endpoint answers in', async () => {
    const card = (await (await getCard()).json()) as typeof EXPECTED_CARD
    const legacy = card.remotes[0].supportedProtocolVersions.filter((v) => v < '2026')
    expect(legacy.length).toBeGreaterThan(0)
    for (const protocolVersion of legacy) {
      const res = await call('/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      })
      const text = await res.text()
      const message = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text)
      expect({ protocolVersion, answered: message.result?.protocolVersion }).toEqual({ protocolVersion, answered: protocolVersion })
    }
    const client = await connect(card.remotes[0].url, 'legacy')
    expect(card.remotes[0].supportedProtocolVersions).toContain(client.getNegotiatedProtocolVersion())
    expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version })
    await client.close()
  })
})

describe('the older paths and the catalogues', () => {
  it('serves the same card at /.well-known/mcp.json and /.well-known/mcp/server-card.json, as JSON', async () => {
    for (const path of ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json']) {
      const { status, body, res } = await json(path)
      expect({ path, status }).toEqual({ path, status: 200 })
      expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(body).toEqual(EXPECTED_CARD)
    }
  })

  it('lists the card in the MCP Catalog at /.well-known/mcp/catalog.json', async () => {
    const { status, body, res } = await json('/.well-known/mcp/catalog.json')
    expect(status).toBe(200)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600')
    expect(body).toEqual({
      specVersion: 'draft',
      entries: [{ identifier: 'urn:air:catalogue.test:mcp:catalogue', type: CARD_TYPE, url: `${ORIGIN}/mcp/server-card` }],
    })
  })

  it('lists it in the AI Catalog at /.well-known/ai-catalog.json, whose entry leads to the card', async () => {
    const { status, body, res } = await json('/.well-known/ai-catalog.json')
    expect(status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/ai-catalog+json; charset=utf-8')
    expect(body).toEqual({
      specVersion: '1.0',
      host: { displayName: CATALOGUE_SERVER.title, documentationUrl: `${ORIGIN}/use-from-ai` },
      entries: [{ identifier: 'urn:air:catalogue.test:mcp:catalogue', type: CARD_TYPE, url: `${ORIGIN}/mcp/server-card` }],
    })
    const entry = body.entries.find((e: { type: string }) => e.type === CARD_TYPE)
    const card = await call(new URL(entry.url).pathname, { headers: { Accept: CARD_TYPE } })
    expect(card.headers.get('Content-Type')).toBe(`${CARD_TYPE}; charset=utf-8`)
    expect(await card.json()).toEqual(EXPECTED_CARD)
  })
})
