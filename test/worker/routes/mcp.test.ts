/**
 * The catalogue as an MCP server (worker/routes/mcp.ts), driven by the official SDK client over
 * Streamable HTTP, once per era: the `initialize` handshake (2025) and the stateless 2026-07-28
 * protocol (`server/discover`). The client's fetch is the Worker's own.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker'
import { parse as parseToml } from 'smol-toml'
import { beforeAll, describe, expect, it } from 'vitest'
import { CLIENTS, clientConfig, installPlan } from '@shared/install'
import { LIMITS } from '@shared/limits'
import { CATALOGUE_SERVER } from '@shared/mcp-endpoint'
import { CATALOGUE_META_KEY } from '../../../worker/lib/render/registry-api'
import { MCP_MAX_BODY_BYTES, MCP_RATE_RULE } from '../../../worker/routes/mcp'
import wranglerToml from '../../../wrangler.toml?raw'
import { fixtureVerdict, insertServer, setGrade, storeVerdict } from '../factories'
import { call, json } from '../helpers'
import { expectConforms } from '../registry-conformance'

const ORIGIN = 'https://catalogue.test'

let clients = 0

/**
 * The Worker as a client's fetch: every request goes to the app, from an address of the client's
 * own, so the endpoint's rate limit (per address) counts each client apart.
 */
const workerFetch = (address: string) => (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input)
  const headers = new Headers(init?.headers)
  headers.set('CF-Connecting-IP', address)
  return call(`${url.pathname}${url.search}`, { ...init, headers })
}

async function connect(era: 'legacy' | 'modern') {
  const client = new Client(
    { name: 'catalogue-test', version: '1.0.0' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator(), versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch: workerFetch(`198.51.100.${++clients}`) }))
  return client
}

/** A raw JSON-RPC POST, as a client that is not the SDK might send it. */
const rpc = (body: string, headers: Record<string, string> = {}) =>
  call('/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body,
  })

/** The one JSON-RPC message of an answer, sent as JSON or as one SSE event (the 2025 leg streams). */
async function message(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!res.headers.get('Content-Type')?.includes('text/event-stream')) return JSON.parse(text)
  return JSON.parse(/^data: (.*)$/m.exec(text)![1])
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})

const REMOTE = { type: 'streamable-http', url: 'https://weather.example/mcp' }
const NPM = {
  registryType: 'npm',
  identifier: '@acme/pg-mcp',
  version: '1.2.0',
  transport: { type: 'stdio' },
  environmentVariables: [{ name: 'PG_URL', description: 'Connection string', isRequired: true, isSecret: true }],
}

let pg: Awaited<ReturnType<typeof insertServer>>
let weather: Awaited<ReturnType<typeof insertServer>>

beforeAll(async () => {
  pg = await insertServer({
    name: 'io.github.acme/pg-mcp',
    displayName: 'Postgres MCP',
    description: 'Query a Postgres database from your assistant',
    version: '1.2.0',
    packages: [NPM],
    categories: ['databases'],
    tags: ['postgres'],
  })
  weather = await insertServer({
    name: 'io.github.acme/weather',
    displayName: 'Weather',
    description: 'Weather forecasts for Postgres-free people',
    version: '2.0.0',
    remotes: [REMOTE],
    categories: ['other'],
  })
  for (let i = 0; i < 5; i++) await insertServer({ displayName: `Filler ${i}`, description: `Filler server ${i} for paging` })
  await insertServer({ name: 'io.github.acme/gone', displayName: 'Gone', description: 'Postgres tools, deleted', status: 'deleted' })
  await storeVerdict(pg.id, PG_VERDICT)
  await setGrade(weather.id, 'D')
})

const PG_VERDICT = fixtureVerdict('B', { security: 'A', toolQuality: 'C', maintenance: 'B', health: 'n/a', installReadiness: 'A' })

describe.each(['legacy', 'modern'] as const)('the %s era, through the SDK client', (era) => {
  it('connects and says who it is', async () => {
    const client = await connect(era)
    expect(client.getServerVersion()).toMatchObject({ name: 'io.github.mcp-catalogue/catalogue' })
    expect(client.getInstructions()).toContain('search_servers')
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25')
    await client.close()
  })

  it('lists its four tools in a stable order, read-only and open-world, each with input and output schemas', async () => {
    const client = await connect(era)
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['search_servers', 'get_server', 'get_install_config', 'list_categories'])
    for (const t of tools) {
      expect(t.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true })
      expect(t.title).toBeTruthy()
      expect(t.description!.length).toBeGreaterThan(40)
      expect(t.inputSchema.type).toBe('object')
      expect(t.outputSchema?.type).toBe('object')
    }
    await client.close()
  })

  it('search_servers answers what /api/servers/search answers for the same query, as structured content and text', async () => {
    const client = await connect(era)
    const result = await client.callTool({ name: 'search_servers', arguments: { query: 'postgres' } })
    const api = await json('/api/servers/search?q=postgres')
    const hits = (result.structuredContent as { servers: Array<{ id: string; url: string }> }).servers
    expect(hits.map((h) => h.id)).toEqual(api.body.servers.map((s: { id: string }) => s.id))
    expect(hits.map((h) => h.id)).not.toContain(undefined)
    expect(hits[0]).toMatchObject({ name: 'io.github.acme/pg-mcp', url: `${ORIGIN}/servers/${pg.id}`, categories: ['databases'] })
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(result.structuredContent)
    expect(result.structuredContent).toMatchObject({ total: api.body.total })
    await client.close()
  })

  it('search_servers filters as the API does: categories, remote only', async () => {
    const client = await connect(era)
    const inCategory = await client.callTool({ name: 'search_servers', arguments: { categories: ['databases'] } })
    const api = await json('/api/servers?category=databases')
    expect((inCategory.structuredContent as { servers: Array<{ id: string }> }).servers.map((s) => s.id)).toEqual(
      api.body.servers.map((s: { id: string }) => s.id),
    )
    const remote = await client.callTool({ name: 'search_servers', arguments: { query: 'weather', remoteOnly: true } })
    expect((remote.structuredContent as { servers: Array<{ id: string }> }).servers.map((s) => s.id)).toEqual([weather.id])
    await client.close()
  })

  it('search_servers filters by package type as the API does, and each hit says how it installs', async () => {
    const client = await connect(era)
    type Hits = { servers: Array<{ id: string; installKinds: string[] }>; total: number }
    for (const [args, path] of [
      [{ packageType: 'npm' }, '/api/servers?packageType=npm'],
      [{ query: 'postgres', packageType: 'npm' }, '/api/servers/search?q=postgres&packageType=npm'],
      [{ query: 'postgres', packageType: 'pypi' }, '/api/servers/search?q=postgres&packageType=pypi'],
    ] as const) {
      const result = (await client.callTool({ name: 'search_servers', arguments: args })).structuredContent as Hits
      const api = (await json(path)).body as Hits
      expect(result.servers.map((s) => [s.id, s.installKinds])).toEqual(api.servers.map((s) => [s.id, s.installKinds]))
      expect(result.total).toBe(api.total)
    }
    const npm = (await client.callTool({ name: 'search_servers', arguments: { query: 'postgres', packageType: 'npm' } }))
      .structuredContent as Hits
    expect(npm.servers.map((s) => [s.id, s.installKinds])).toEqual([[pg.id, ['npm']]])
    const all = (await client.callTool({ name: 'search_servers', arguments: { query: 'weather' } })).structuredContent as Hits
    expect(all.servers.find((s) => s.id === weather.id)?.installKinds).toEqual(['remote'])
    const bad = await client.callTool({ name: 'search_servers', arguments: { packageType: 'docker' } })
    expect(bad.isError).toBe(true)
    await client.close()
  })

  it('search_servers pages by cursor to the end, each page the API’s page', async () => {
    const client = await connect(era)
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const result = await client.callTool({ name: 'search_servers', arguments: { limit: 3, ...(cursor ? { cursor } : {}) } })
      const page = result.structuredContent as { servers: Array<{ id: string }>; total: number; nextCursor?: string }
      pages++
      const api = await json(`/api/servers?limit=3&page=${pages}`)
      expect(page.servers.map((s) => s.id)).toEqual(api.body.servers.map((s: { id: string }) => s.id))
      seen.push(...page.servers.map((s) => s.id))
      cursor = page.nextCursor
    } while (cursor)
    const total = (await json('/api/servers?limit=1')).body.total
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    expect(pages).toBe(Math.ceil(total / 3))
    await client.close()
  })

  it('get_server by id and by registry name: details, versions, packages, remotes and the tool surface', async () => {
    const client = await connect(era)
    const byId = await client.callTool({ name: 'get_server', arguments: { server: pg.id } })
    const byName = await client.callTool({ name: 'get_server', arguments: { server: 'io.github.acme/pg-mcp' } })
    expect(byId.isError).toBeFalsy()
    expect(byName.structuredContent).toEqual(byId.structuredContent)
    const tools = await json(`/api/servers/${pg.id}/tools`)
    expect(byId.structuredContent).toMatchObject({
      id: pg.id,
      title: 'Postgres MCP',
      packages: [NPM],
      remotes: [],
      tools: tools.body,
      url: `${ORIGIN}/servers/${pg.id}`,
    })
    await client.close()
  })

  it('search_servers sorts best rated and filters by a minimum grade as the API does, each hit with its grade', async () => {
    const client = await connect(era)
    type Hits = { servers: Array<{ id: string; grade: string | null }>; total: number }
    for (const [args, path] of [
      [{ sort: 'rated' }, '/api/servers?sortBy=rated'],
      [{ sort: 'rated', minGrade: 'D' }, '/api/servers?sortBy=rated&minGrade=D'],
      [{ query: 'postgres', minGrade: 'C' }, '/api/servers/search?q=postgres&minGrade=C'],
    ] as const) {
      const result = (await client.callTool({ name: 'search_servers', arguments: args })).structuredContent as Hits
      const api = (await json(path)).body as Hits
      expect(result.servers.map((s) => [s.id, s.grade])).toEqual(api.servers.map((s) => [s.id, s.grade]))
      expect(result.total).toBe(api.total)
    }
    const rated = (await client.callTool({ name: 'search_servers', arguments: { sort: 'rated', minGrade: 'D' } })).structuredContent as Hits
    expect(rated.servers.map((s) => [s.id, s.grade])).toEqual([
      [pg.id, 'B'],
      [weather.id, 'D'],
    ])
    const ungraded = (await client.callTool({ name: 'search_servers', arguments: { query: 'filler' } })).structuredContent as Hits
    expect(ungraded.servers.map((s) => s.grade)).toEqual(Array(5).fill(null))
    const bad = await client.callTool({ name: 'search_servers', arguments: { minGrade: 'F' } })
    expect(bad.isError).toBe(true)
    await client.close()
  })

  it('get_server carries the stored verdict: the overall grade, each dimension’s with its reasons, what is missing', async () => {
    const client = await connect(era)
    const graded = (await client.callTool({ name: 'get_server', arguments: { server: pg.id } })).structuredContent as Record<string, any>
    expect(graded.verdict).toEqual({
      grade: 'B',
      score: PG_VERDICT.score,
      reasons: PG_VERDICT.reasons,
      missing: null,
      dimensions: PG_VERDICT.dimensions.map((d) => ({ ...d, label: expect.any(String) })),
      computedAt: PG_VERDICT.computedAt,
    })
    expect(
      graded.verdict.dimensions.map((d: { dimension: string; grade: string | null; applies: boolean; missing: string | null }) => [
        d.dimension,
        d.grade,
        d.applies,
        d.missing,
      ]),
    ).toEqual([
      ['security', 'A', true, null],
      ['toolQuality', 'C', true, null],
      ['compatibility', null, true, 'Nothing known of compatibility.'],
      ['maintenance', 'B', true, null],
      ['health', null, false, null],
      ['installReadiness', 'A', true, null],
    ])
    // Graded on the card but with no stored verdict to explain it: none is made up.
    const plain = (await client.callTool({ name: 'get_server', arguments: { server: weather.id } })).structuredContent as Record<
      string,
      unknown
    >
    expect(plain.verdict).toBeNull()
    await client.close()
  })

  it('get_install_config gives the Configuration tab’s output for every client, with the variables to fill in', async () => {
    const client = await connect(era)
    const detail = (await json(`/api/servers/${pg.id}`)).body
    const plan = installPlan(detail)
    for (const info of CLIENTS) {
      const result = await client.callTool({ name: 'get_install_config', arguments: { server: pg.id, client: info.id } })
      const expected = clientConfig(plan, plan.options[0], info.id)!
      expect(result.structuredContent).toMatchObject({
        client: { id: info.id, label: info.label },
        config: expected.config,
        command: expected.command,
        link: expected.link,
        notes: expected.notes,
        variables: [{ envName: 'PG_URL', secret: true, required: true }],
        unsupported: null,
      })
    }
    const remote = await client.callTool({ name: 'get_install_config', arguments: { server: 'io.github.acme/weather', client: 'vscode' } })
    expect(remote.structuredContent).toMatchObject({
      option: { kind: 'remote' },
      link: { href: expect.stringMatching(/^vscode:mcp\/install\?/) },
    })
    await client.close()
  })

  it('list_categories answers what /api/categories answers', async () => {
    const client = await connect(era)
    const result = await client.callTool({ name: 'list_categories', arguments: {} })
    expect((result.structuredContent as { categories: unknown[] }).categories).toEqual((await json('/api/categories')).body)
    await client.close()
  })

  it('offers the find_server prompt and each server as a resource by URI template', async () => {
    const client = await connect(era)
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['find_server'])
    const prompt = await client.getPrompt({ name: 'find_server', arguments: { need: 'query Postgres', client: 'cursor' } })
    expect(JSON.stringify(prompt.messages)).toContain('query Postgres')
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['catalogue://servers/{id}'])
    const read = await client.readResource({ uri: `catalogue://servers/${pg.id}` })
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: pg.id, name: 'io.github.acme/pg-mcp' })
    await client.close()
  })

  it('answers an unknown tool, a bad argument, a missing or deleted server with errors, never a 500', async () => {
    const client = await connect(era)
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow(/drop_tables/)
    const bad = await client.callTool({ name: 'search_servers', arguments: { limit: 1000 } })
    expect(bad.isError).toBe(true)
    for (const args of [
      { server: pg.id, client: 'notepad' },
      { server: pg.id, client: 'cursor', option: 'nope' },
      { server: pg.id, client: 'cursor', version: '9.9.9' },
    ]) {
      expect((await client.callTool({ name: 'get_install_config', arguments: args })).isError).toBe(true)
    }
    const badCursor = await client.callTool({ name: 'search_servers', arguments: { cursor: 'nope' } })
    expect(badCursor).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/cursor/) }] })
    for (const server of [crypto.randomUUID(), 'io.github.acme/gone', 'io.github.nobody/nothing']) {
      const missing = await client.callTool({ name: 'get_server', arguments: { server } })
      expect(missing.isError).toBe(true)
    }
    const deleted = await client.callTool({ name: 'search_servers', arguments: { query: 'deleted' } })
    expect((deleted.structuredContent as { servers: Array<{ name: string }> }).servers.map((s) => s.name)).not.toContain(
      'io.github.acme/gone',
    )
    await client.close()
  })
})

describe('HTTP refusals, as JSON-RPC errors', () => {
  it('GET and DELETE: 405 with Allow, a stateless server has no stream or session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await call('/mcp', { method, headers: { Accept: 'text/event-stream' } })
      expect(res.status).toBe(405)
      expect(res.headers.get('Allow')).toBe('POST')
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } })
    }
  })

  it('a foreign Origin: 403; its own origin and none pass', async () => {
    const foreign = await rpc(INIT, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } })
    expect((await rpc(INIT, { Origin: ORIGIN })).status).toBe(200)
    expect((await rpc(INIT)).status).toBe(200)
  })

  it('answers a 2025-06-18 initialize in that version, with no session id (stateless)', async () => {
    const res = await rpc(INIT)
    expect(res.headers.get('Mcp-Session-Id')).toBeNull()
    expect(await message(res)).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: CATALOGUE_SERVER.name } },
    })
  })

  it('malformed JSON, or bytes that are not UTF-8: a parse error', async () => {
    for (const body of ['{"jsonrpc":"2.0","id":1,"method":', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
      const res = await call('/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body,
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } })
    }
  })

  it(`a body over ${MCP_MAX_BODY_BYTES} bytes: 413, declared or streamed`, async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(MCP_MAX_BODY_BYTES) } })
    const res = await rpc(big)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } })
    const stream = new Blob([big]).stream()
    const streamed = await call('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: stream,
      // @ts-expect-error: workerd needs the duplex of a streamed body
      duplex: 'half',
    })
    expect(streamed.status).toBe(413)
  })

  it('JSON nested past the depth limit: 400, as deep as the body limit allows', async () => {
    for (const depth of [LIMITS.jsonDepth + 1, MCP_MAX_BODY_BYTES / 2 - 1]) {
      const res = await rpc(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } })
    }
  })

  it('an unknown method: method not found', async () => {
    const res = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'servers/delete', params: {} }))
    expect(res.status).toBeLessThan(500)
    expect(await message(res)).toMatchObject({ id: 7, error: { code: -32601 } })
  })

  it(`past ${MCP_RATE_RULE.limit} requests a minute from one address: 429 with Retry-After, other addresses unaffected`, async () => {
    const ratelimits = (parseToml(wranglerToml) as { ratelimits: Array<{ name: string; simple: { limit: number; period: number } }> })
      .ratelimits
    expect(ratelimits.find((r) => r.name === 'MCP_RATE_LIMITER')?.simple).toEqual({
      limit: MCP_RATE_RULE.limit,
      period: MCP_RATE_RULE.windowSeconds,
    })
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    const from = (ip: string) => rpc(ping, { 'CF-Connecting-IP': ip })
    for (let i = 0; i < MCP_RATE_RULE.limit; i++) await (await from('203.0.113.7')).arrayBuffer()
    const refused = await from('203.0.113.7')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBeTruthy()
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    expect((await from('203.0.113.8')).status).toBe(200)
  })

  it('sets no cookie and is never cached by a shared cache', async () => {
    const res = await rpc(INIT)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    expect(res.headers.get('Cache-Control')).not.toMatch(/public/)
  })
})

describe('the catalogue’s own entry in the registry API', () => {
  it('is served under its name as the registry’s OpenAPI file says, its one remote this origin’s endpoint, its page the one about it', async () => {
    const name = encodeURIComponent(CATALOGUE_SERVER.name)
    const latest = await json(`/v0.1/servers/${name}/versions/latest`)
    expect(latest.status).toBe(200)
    expect(latest.body.server).toMatchObject({
      name: CATALOGUE_SERVER.name,
      version: CATALOGUE_SERVER.version,
      remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }],
    })
    expect(latest.body._meta[CATALOGUE_META_KEY]).toMatchObject({ url: `${ORIGIN}/use-from-ai` })
    expectConforms(latest.status, latest.body, '/v0.1/servers/{serverName}/versions/{version}')
    const versions = await json(`/v0.1/servers/${name}/versions`)
    expectConforms(versions.status, versions.body, '/v0.1/servers/{serverName}/versions')
    expect(versions.body.servers).toEqual([latest.body])
  })
})
