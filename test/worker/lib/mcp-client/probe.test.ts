import { env } from 'cloudflare:workers'
import { hashSurface, type ProbeBounds, probeRemote, resourceMetadataOf } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

// Real servers on 127.0.0.1 (test/fixtures/mcp-servers.ts), probed from inside workerd as the
// Worker will probe remotes, with loopback allowed as only tests and `npm start` allow it.
// The names are test/fixtures/mcp-servers.ts's McpFixtureName (not imported: it loads Node's modules).
const urls = JSON.parse(env.MCP_FIXTURES) as Record<string, string>

/** Short times, so the hanging fixture costs a second, not thirty. */
const FAST: Partial<ProbeBounds> = { stepTimeoutMs: 1000, totalTimeoutMs: 3000 }

const probe = (name: string, transport: 'streamable-http' | 'sse' = 'streamable-http', bounds = FAST) =>
  probeRemote({ url: urls[name], transport, allowLoopback: true, bounds })

describe('probeRemote against server-everything', () => {
  it.each([
    ['everythingHttp', 'streamable-http'],
    ['everythingSse', 'sse'],
  ] as const)('reads the real tool list of %s over %s (legacy era, answered 2025-11-25)', async (name, transport) => {
    const outcome = await probe(name, transport)
    expect(outcome).toMatchObject({ status: 'ok', transport, protocolVersion: '2025-11-25', error: null })
    const surface = outcome.surface!
    expect(surface.serverInfo?.name).toBe('mcp-servers/everything')
    const names = surface.tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-annotated-message', 'get-structured-content']))
    const echo = surface.tools.find((t) => t.name === 'echo')!
    expect(echo).toMatchObject({
      title: 'Echo Tool',
      description: 'Echoes back the input string',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } } },
    })
    expect(surface.tools.find((t) => t.name === 'get-structured-content')?.outputSchema).toMatchObject({
      type: 'object',
    })
    expect(surface.prompts.length).toBeGreaterThan(0)
    expect(surface.resources.length).toBeGreaterThan(0)
    expect(surface.resourceTemplates.length).toBeGreaterThan(0)
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0)
    expect(Date.parse(outcome.startedAt)).not.toBeNaN()
  })

  it('falls back to the old SSE transport when the Streamable HTTP POST gets a 404, as the specification says', async () => {
    const outcome = await probeRemote({ url: urls.everythingSse, transport: 'streamable-http', allowLoopback: true, bounds: FAST })
    expect(outcome).toMatchObject({ status: 'ok', transport: 'sse', protocolVersion: '2025-11-25' })
    expect(outcome.surface?.tools.some((t) => t.name === 'echo')).toBe(true)
  })

  it('gives equal hashes to two probes of an unchanged server', async () => {
    const [a, b] = [await probe('everythingHttp'), await probe('everythingHttp')]
    expect((await hashSurface(a.surface!)).surface).toBe((await hashSurface(b.surface!)).surface)
  })
})

describe('probeRemote across protocol eras', () => {
  it('reads a modern-only server (server/discover, 2026-07-28) with its prompts, resources and Server Card', async () => {
    const outcome = await probe('modern')
    expect(outcome).toMatchObject({ status: 'ok', protocolVersion: '2026-07-28', transport: 'streamable-http' })
    const surface = outcome.surface!
    expect(surface.serverInfo).toMatchObject({ name: 'modern-fixture', version: '2.0.0' })
    expect(surface.instructions).toBe('Call forecast with a city.')
    expect(surface.tools).toEqual([
      expect.objectContaining({
        name: 'forecast',
        title: 'Forecast',
        annotations: { readOnlyHint: true, openWorldHint: true },
        inputSchema: expect.objectContaining({ required: ['city'] }),
        outputSchema: expect.objectContaining({ type: 'object' }),
      }),
    ])
    expect(surface.prompts).toEqual([
      expect.objectContaining({ name: 'plan-trip', arguments: [expect.objectContaining({ name: 'city', required: true })] }),
    ])
    expect(surface.resources).toEqual([{ uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown', description: 'Read me' }])
    // The card at the endpoint's /server-card (the draft's location), not the older one its origin still has.
    expect(outcome.serverCard).toEqual({
      name: 'io.example/modern-fixture',
      description: 'A modern-only MCP server for tests',
      remotes: [{ type: 'streamable-http', url: '/mcp' }],
    })
    expect(outcome.serverCardUrl).toBe(`${urls.modern}/server-card`)
  })

  it('reads a legacy-only server through the initialize fallback and records the version it answered', async () => {
    const outcome = await probe('legacy')
    expect(outcome).toMatchObject({ status: 'ok', protocolVersion: '2025-03-26', transport: 'streamable-http' })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(['lookup', 'delete_all'])
    expect(outcome.surface?.tools[1].annotations).toEqual({ destructiveHint: true })
    // An origin without a card has none, at any of the three places.
    expect(outcome.serverCard).toBeNull()
    expect(outcome.serverCardUrl).toBeNull()
  })

  it('gives different hashes to two probes of a server whose tools changed, and says which tool', async () => {
    const first = await hashSurface((await probe('changing')).surface!)
    const second = await hashSurface((await probe('changing')).surface!)
    expect(second.surface).not.toBe(first.surface)
    expect(Object.keys(second.tools)).toEqual(['counter'])
    expect(second.tools.counter).not.toBe(first.tools.counter)
  })
})

describe('probeRemote records which protocol generations answered', () => {
  it('a server of both eras answers the stateless exchange, and the extra handshake finds it answers initialize too', async () => {
    const outcome = await probe('dual')
    expect(outcome).toMatchObject({ status: 'ok', transport: 'streamable-http', protocolVersion: '2026-07-28' })
    expect(outcome.generations).toEqual({ stateless: true, initialize: true })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(['convert'])
    // Its origin publishes the card at the oldest path only, which is still read.
    expect(outcome.serverCard).toMatchObject({ name: 'io.example/dual-fixture' })
    expect(outcome.serverCardUrl).toBe(`${new URL(urls.dual).origin}/.well-known/mcp.json`)
  })

  it('a modern-only server answers the stateless exchange and refuses initialize', async () => {
    const outcome = await probe('modern')
    expect(outcome.generations).toEqual({ stateless: true, initialize: false })
  })

  it.each(['everythingHttp', 'legacy'])(
    '%s answers initialize only after the discover probe fell back: stateless is false',
    async (name) => {
      const outcome = await probe(name)
      expect(outcome.status).toBe('ok')
      expect(outcome.generations).toEqual({ stateless: false, initialize: true })
    },
  )

  it('a server of the old transport, declared so, answered over SSE and nothing else was tried', async () => {
    const outcome = await probe('everythingSse', 'sse')
    expect(outcome.generations).toEqual({ sse: true })
  })

  it('a server of the old transport listed as Streamable HTTP refused both generations there and answered over SSE', async () => {
    const outcome = await probe('everythingSse')
    expect(outcome).toMatchObject({ status: 'ok', transport: 'sse' })
    expect(outcome.generations).toEqual({ stateless: false, initialize: false, sse: true })
  })

  it('an endpoint that refuses Streamable HTTP and has no SSE either: all three tried, none answered', async () => {
    const missing = new URL(urls.legacy)
    missing.pathname = '/nothing-here'
    const outcome = await probeRemote({ url: missing.href, transport: 'streamable-http', allowLoopback: true, bounds: FAST })
    expect(outcome.status).toBe('unreachable')
    expect(outcome.generations).toEqual({ stateless: false, initialize: false, sse: false })
  })

  it('tells nothing of the generations when nothing answered: a credentials challenge, a silent server', async () => {
    expect((await probe('auth')).generations).toBeUndefined()
    expect((await probe('hang')).generations).toBeUndefined()
  })
})

describe('probeRemote reads what can be read', () => {
  it('keeps the tools of a server that announces resources and answers resources/list with -32601, and says which list failed', async () => {
    const outcome = await probe('refusesResources')
    expect(outcome).toMatchObject({ status: 'ok', cause: 'list_failed', error: null })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(['search_vault', 'read_note'])
    expect(outcome.surface?.resources).toEqual([])
    // A 2026 server sends -32601 in the body of an HTTP 404; templates it lacks are simply none.
    expect(outcome.listErrors).toEqual({ resources: 'resources/list failed: MCP error -32601: Method not found (HTTP 404)' })
    // Its /mcp/server-card is an HTML page, no card: the next place, the extension's earlier path, has it.
    expect(outcome.serverCard).toEqual({ name: 'io.example/refuses-resources', description: 'A card at the second path' })
    expect(outcome.serverCardUrl).toBe(`${new URL(urls.refusesResources).origin}/.well-known/mcp/server-card.json`)
  })

  it('keeps the tools and the template of a server whose resource list fails for want of its API, with its message', async () => {
    const outcome = await probe('resourcesNeedApi')
    expect(outcome).toMatchObject({ status: 'ok', cause: 'list_failed' })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(['create_note'])
    expect(outcome.surface?.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['notes://{id}'])
    expect(Object.keys(outcome.listErrors ?? {})).toEqual(['resources'])
    expect(outcome.listErrors?.resources).toMatch(/^resources\/list failed: .*NOTES_API_TOKEN is not set/)
    expect(outcome.listErrors?.resources).not.toMatch(/[\n\r]/)
  })

  it('a server whose every list is read has no cause and no list errors', async () => {
    const outcome = await probe('modern')
    expect(outcome.status).toBe('ok')
    expect(outcome.cause ?? null).toBeNull()
    expect(outcome.listErrors).toBeUndefined()
  })
})

describe('probeRemote maps each misbehaviour to one status', () => {
  it('401 with a challenge is auth_required with the resource metadata URL, and no fallback is tried', async () => {
    const outcome = await probe('auth')
    expect(outcome).toMatchObject({
      status: 'auth_required',
      authMetadataUrl: `${new URL(urls.auth).origin}/.well-known/oauth-protected-resource/auth`,
      surface: null,
      transport: null,
    })
  })

  it('a server that never answers is a timeout within the step time', async () => {
    const outcome = await probe('hang')
    expect(outcome.status).toBe('timeout')
    // A step's time-out ended it, not the whole probe's (FAST's total is three steps): which bound
    // fired, not how long the machine took.
    expect(outcome.error).not.toBe('the probe ran past its time')
  })

  it('a tool list with endless pages is a protocol error past maxPages', async () => {
    const outcome = await probe('manyPages', 'streamable-http', { ...FAST, maxPages: 3 })
    expect(outcome).toMatchObject({ status: 'protocol_error', error: 'tools/list has more than 3 pages' })
  })

  it('more tools than maxItems is a protocol error, not a cut list that would hash as a change', async () => {
    const outcome = await probe('manyTools')
    expect(outcome).toMatchObject({ status: 'protocol_error', error: 'tools/list lists more than 500 tools' })
  })

  it('an answer past maxBytes is a protocol error, read no further', async () => {
    const outcome = await probe('huge', 'streamable-http', { ...FAST, maxBytes: 256 * 1024 })
    expect(outcome.status).toBe('protocol_error')
    expect(outcome.error).toMatch(/262144 bytes/)
  })

  it('malformed JSON-RPC is a protocol error', async () => {
    const outcome = await probe('malformed')
    expect(outcome.status).toBe('protocol_error')
    expect(outcome.error).toMatch(/unusable reply/)
  })

  it('a redirect to a private address is refused before it is fetched', async () => {
    const outcome = await probe('redirect')
    expect(outcome).toMatchObject({ status: 'refused', error: '10.0.0.1: a private address is never probed' })
  })

  it('a URL with {variables} needs configuration and sends no request', async () => {
    const outcome = await probeRemote({
      url: 'https://{tenant}.example.com/mcp',
      transport: 'streamable-http',
      fetch: () => Promise.reject(new Error('no request may be made')),
    })
    expect(outcome).toMatchObject({ status: 'needs_config', missingVariable: 'tenant', surface: null })
  })

  it('a URL with a <PLACEHOLDER> to fill in needs configuration and sends no request', async () => {
    const outcome = await probeRemote({
      url: 'https://mcp.example.com/sse?key=<YOUR_TOKEN>',
      transport: 'sse',
      fetch: () => Promise.reject(new Error('no request may be made')),
    })
    expect(outcome).toMatchObject({
      status: 'needs_config',
      missingVariable: 'YOUR_TOKEN',
      error: 'the URL needs a value for <YOUR_TOKEN>',
    })
  })

  it('loopback is refused unless allowed, and without a request', async () => {
    const outcome = await probeRemote({ url: urls.legacy, transport: 'streamable-http' })
    expect(outcome.status).toBe('refused')
    expect(outcome.error).toMatch(/loopback/)
  })

  it('a port nobody listens on is unreachable', async () => {
    const closed = new URL(urls.legacy)
    closed.port = '1'
    const outcome = await probeRemote({ url: closed.href, transport: 'streamable-http', allowLoopback: true, bounds: FAST })
    expect(outcome.status).toBe('unreachable')
  })

  it('an endpoint that answers 404 (and no SSE either) is unreachable', async () => {
    const missing = new URL(urls.legacy)
    missing.pathname = '/nothing-here'
    const outcome = await probeRemote({ url: missing.href, transport: 'streamable-http', allowLoopback: true, bounds: FAST })
    expect(outcome).toMatchObject({ status: 'unreachable', error: 'the endpoint answered HTTP 404' })
  })
})

describe('resourceMetadataOf', () => {
  it('reads the resource_metadata parameter of a challenge, quoted or not, and only as an http(s) URL', () => {
    expect(resourceMetadataOf('Bearer error="invalid_token", resource_metadata="https://a.example/.well-known/x"')).toBe(
      'https://a.example/.well-known/x',
    )
    expect(resourceMetadataOf('Bearer resource_metadata=https://a.example/m, scope="x"')).toBe('https://a.example/m')
    expect(resourceMetadataOf('Bearer resource_metadata="javascript:alert(1)"')).toBeNull()
    expect(resourceMetadataOf('Bearer realm="x"')).toBeNull()
    expect(resourceMetadataOf(null)).toBeNull()
  })
})
