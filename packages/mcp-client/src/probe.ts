import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker'
import { checkAddress } from './address'
import { capJson, DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from './bounds'
import { type FetchLike, GuardError, guardedFetch } from './guarded-fetch'
import { SERVER_CARD_MEDIA_TYPE, serverCardUrls } from './server-card'
import type {
  FailureCause,
  JsonValue,
  ListErrors,
  ProbeOutcome,
  ProbeStatus,
  ProbeTransport,
  ProtocolGenerations,
  SurfaceList,
} from './surface'

/** What to probe and how far it may go. */
export interface ProbeRemoteOptions {
  /** The remote's URL, as listed. */
  url: string
  /** The transport the listing declares: Streamable HTTP (with the legacy SSE fallback the specification allows) or SSE. */
  transport: 'streamable-http' | 'sse'
  bounds?: Partial<ProbeBounds>
  /** Loopback (and http to it) allowed: local development and tests only, never a deploy. */
  allowLoopback?: boolean
  /** The fetch underneath the guard (the runner's, a test's); the global one by default. */
  fetch?: FetchLike
}

/** How the probe names itself to servers. */
const CLIENT_INFO = { name: 'mcp-catalogue-probe', version: '1.0.0' }

/** Bytes read of a Server Card: a card is a small description, not a surface. */
const SERVER_CARD_MAX_BYTES = 64 * 1024

/** A list past the probe's caps: reported, not cut, since a partial surface would hash as a change. */
export class PastCapsError extends Error {}

/** Every list the server announced failed, so there is nothing to keep: the message is the first list's failure. */
export class ListsFailedError extends Error {}

/** What the guarded fetch saw during one probe: the facts the failure's status is read from. */
class Observations {
  guardError: GuardError | null = null
  challenge: { status: number; resourceMetadata: string | null } | null = null

  record = {
    onError: (error: GuardError) => {
      this.guardError ??= error
    },
    onResponse: (response: Response) => {
      const auth = response.headers.get('www-authenticate')
      if (response.status === 401 || (response.status === 403 && auth)) {
        this.challenge = { status: response.status, resourceMetadata: resourceMetadataOf(auth) }
      }
    },
  }
}

/** The `resource_metadata` parameter of a `WWW-Authenticate` challenge (RFC 9728), when it is an http(s) URL. */
export function resourceMetadataOf(header: string | null): string | null {
  const match = header && /resource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i.exec(header)
  const value = match ? (match[1] ?? match[2]) : null
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.slice(0, 2048) : null
  } catch {
    return null
  }
}

/** One client on one transport: the remote probe's, or the runner's over stdio (stdio.ts). */
export interface Session {
  client: Client
  transport: Transport
  /** Set once the handshake is done: only a failed handshake may fall back to the old transport. */
  connected?: boolean
  /** How the handshake went, once done: 'modern' answered `server/discover`, 'legacy' only `initialize` after it. */
  era?: 'modern' | 'legacy'
}

type ListMethod = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list'

/** A -32601 answer: as an error message (2025), or in the body of a 2026 server's HTTP 404. */
const methodNotFound = (error: unknown) =>
  error instanceof ProtocolError ? error.code === -32601 : error instanceof SdkHttpError && jsonRpcErrorOf(error)?.code === -32601

/**
 * Every page of one list, at most `maxPages` pages and `maxItems` items; more is a `PastCapsError`.
 * A server that announces resources but does not implement templates has none (null: not offered).
 */
async function readList(
  client: Client,
  method: ListMethod,
  key: string,
  bounds: ProbeBounds,
  signal: AbortSignal,
): Promise<unknown[] | null> {
  const items: unknown[] = []
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    let result: Record<string, unknown>
    try {
      result = (await client.request(
        { method, params: cursor === undefined ? {} : { cursor } },
        { timeout: bounds.stepTimeoutMs, signal },
      )) as Record<string, unknown>
    } catch (err) {
      if (method === 'resources/templates/list' && methodNotFound(err)) return null
      throw err
    }
    const found = result[key]
    if (!Array.isArray(found)) throw new SurfaceError(`${method} answered without a list of ${key}`)
    items.push(...found)
    if (items.length > bounds.maxItems) throw new PastCapsError(`${method} lists more than ${bounds.maxItems} ${key}`)
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined
    if (cursor === undefined) return items
    if (page >= bounds.maxPages) throw new PastCapsError(`${method} has more than ${bounds.maxPages} pages`)
  }
}

/** The lists of a surface, in the order they are read, with the method that reads each. */
const LISTS: ReadonlyArray<{ key: SurfaceList; method: ListMethod; capability: 'tools' | 'prompts' | 'resources' }> = [
  { key: 'tools', method: 'tools/list', capability: 'tools' },
  { key: 'prompts', method: 'prompts/list', capability: 'prompts' },
  { key: 'resources', method: 'resources/list', capability: 'resources' },
  { key: 'resourceTemplates', method: 'resources/templates/list', capability: 'resources' },
]

/** The JSON-RPC error in an HTTP error's body: what a 2026 server sends with a 404 for a method it lacks. */
function jsonRpcErrorOf(error: SdkHttpError): { code: number; message: string } | null {
  const text = (error.data as { text?: unknown } | undefined)?.text
  if (typeof text !== 'string') return null
  try {
    const answer = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    const { code, message } = answer.error ?? {}
    return typeof code === 'number' ? { code, message: typeof message === 'string' ? message : '' } : null
  } catch {
    return null
  }
}

/**
 * What the SDK found wrong in an answer, shortly: the first of its schema issues as 'path: message'
 * ('tools.0.inputSchema.type: Invalid input: expected "object"'), else its own message.
 */
function invalidity(error: SdkError): string {
  const detail = error.message.replace(/^Invalid result for [\w/]+:\s*/, '')
  try {
    const issues = JSON.parse(detail) as Array<{ path?: unknown[]; message?: unknown }>
    const first = Array.isArray(issues) ? issues[0] : null
    if (first && Array.isArray(first.path) && typeof first.message === 'string') return `${first.path.join('.')}: ${first.message}`
  } catch {}
  return detail
}

/**
 * The line a list's failure is kept as, when it ends only that list: the server's error answer to
 * that one request (-32601 to a list it announced, an internal error because it needs its API;
 * over HTTP, an error status once the handshake is done), or that one step running past its time
 * while the probe still has time. Null when it ends the probe: a lost connection, a credentials
 * challenge, a list past the caps or malformed, the probe's own deadline.
 */
function listFailure(method: ListMethod, error: unknown, signal: AbortSignal): string | null {
  if (signal.aborted) return null
  let said: string | null = null
  if (error instanceof ProtocolError) said = `MCP error ${error.code}: ${error.message}`
  else if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) said = error.message
  else if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult)
    said = `an answer that is not valid MCP: ${invalidity(error)}`
  else if (error instanceof SdkHttpError && typeof error.status === 'number' && error.status !== 401 && error.status !== 403) {
    const answer = jsonRpcErrorOf(error)
    said = answer ? `MCP error ${answer.code}: ${answer.message} (HTTP ${error.status})` : `the endpoint answered HTTP ${error.status}`
  }
  return said === null ? null : sentence(`${method} failed: ${said}`)
}

/**
 * Connects and reads every list the capabilities announce, each on its own: a list the server
 * refuses or fails is empty in the surface and named in `listErrors` (the outcome's cause is then
 * 'list_failed'), and the others are kept. When every announced list failed there is nothing to
 * keep, and the first failure ends the probe. Closes whatever happens. Shared with stdio.ts.
 */
export async function readSurface(
  session: Session,
  bounds: ProbeBounds,
  signal: AbortSignal,
): Promise<Pick<ProbeOutcome, 'surface' | 'protocolVersion' | 'cause' | 'listErrors'>> {
  const { client, transport } = session
  try {
    await client.connect(transport, { timeout: bounds.stepTimeoutMs, signal })
    session.connected = true
    session.era = client.getProtocolEra()
    const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>
    const lists: Record<SurfaceList, unknown[]> = { tools: [], prompts: [], resources: [], resourceTemplates: [] }
    const listErrors: ListErrors = {}
    let firstError: unknown = null
    let read = 0
    for (const { key, method, capability } of LISTS) {
      if (!capabilities[capability]) continue
      try {
        const items = await readList(client, method, key, bounds, signal)
        if (items === null) continue
        lists[key] = items
        read++
      } catch (error) {
        const failed = listFailure(method, error, signal)
        if (failed === null) throw error
        firstError ??= error
        listErrors[key] = failed
      }
    }
    if (read === 0 && firstError !== null) {
      // A step that ran out of time is a timeout, whichever list it was; anything else is the lists' failure.
      if (firstError instanceof SdkError && firstError.code === SdkErrorCode.RequestTimeout) throw firstError
      throw new ListsFailedError(Object.values(listErrors)[0])
    }
    const surface = toSurface(
      {
        serverInfo: client.getServerVersion() ?? null,
        capabilities,
        instructions: client.getInstructions() ?? null,
        ...lists,
      },
      bounds,
    )
    const lost = Object.keys(listErrors).length > 0
    return {
      surface,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
      cause: lost ? 'list_failed' : null,
      ...(lost ? { listErrors } : {}),
    }
  } finally {
    if (transport instanceof StreamableHTTPClientTransport) {
      await transport.terminateSession().catch(() => {})
    }
    await client.close().catch(() => {})
  }
}

/** The probe's client, for either transport: the same handshake ('auto') and validator everywhere. */
export function newClient(bounds: ProbeBounds): Client {
  return new Client(CLIENT_INFO, {
    capabilities: {},
    // The SDK's default validator on Node compiles schemas to code, which workerd forbids; this
    // one interprets them, so the same client runs in the Worker and in the runner.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: bounds.stepTimeoutMs } },
  })
}

/**
 * The generations a finished handshake tells, in 'auto' mode: the client always sends
 * `server/discover` first (the specification's probe) and falls back to `initialize` on anything
 * but a modern answer, so a legacy era means the stateless exchange was tried and not answered.
 * Over the old SSE transport, only that it answered.
 */
export function generationsOf(session: Session, transport: ProbeTransport): ProtocolGenerations {
  if (!session.connected) return {}
  if (transport === 'sse') return { sse: true }
  return session.era === 'modern' ? { stateless: true } : { stateless: false, initialize: true }
}

/**
 * Whether a server that answered the stateless exchange also answers `initialize`, since the
 * clients in use speak both and many only that: one handshake on a connection of its own
 * (`prior: legacy` sends `initialize` without the discover probe), within a step's time and the
 * probe's deadline, its session ended and closed whatever happens. Null when the deadline ended it
 * first: not tried to the end. Shared with stdio.ts.
 */
export async function answersInitialize(transport: Transport, bounds: ProbeBounds, signal: AbortSignal): Promise<boolean | null> {
  if (signal.aborted) return null
  const client = newClient(bounds)
  try {
    await client.connect(transport, { prior: { kind: 'legacy' }, timeout: bounds.stepTimeoutMs, signal })
    return true
  } catch {
    return signal.aborted ? null : false
  } finally {
    if (transport instanceof StreamableHTTPClientTransport) {
      await transport.terminateSession().catch(() => {})
    }
    await client.close().catch(() => {})
  }
}

/** The generations worth keeping: none is absent, as a runner older than them would send. */
export const someGenerations = (generations: ProtocolGenerations) => (Object.keys(generations).length > 0 ? { generations } : {})

/** The specification's condition to try the old HTTP+SSE transport: the POST got 400, 404 or 405 that was not a modern error. */
function fallsBackToSse(error: unknown): boolean {
  return error instanceof SdkHttpError && [400, 404, 405].includes(error.status as number)
}

/** An error as one short line for a person (text only: a stranger's control characters become spaces). */
export function sentence(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/[\s\p{Cc}]+/gu, ' ').slice(0, 300)
}

/** The one status a failed probe gets, and a short sentence for a person. */
function failure(error: unknown, seen: Observations, timedOut: boolean): { status: ProbeStatus; error: string; cause?: FailureCause } {
  if (seen.challenge) {
    return { status: 'auth_required', error: `the server asks for credentials (HTTP ${seen.challenge.status})` }
  }
  const guard = error instanceof GuardError ? error : seen.guardError
  if (guard) {
    const status = guard.kind === 'too_large' ? 'protocol_error' : guard.kind
    return { status, error: guard.message }
  }
  if (timedOut) return { status: 'timeout', error: 'the probe ran past its time' }
  if (error instanceof PastCapsError || error instanceof SurfaceError) {
    return { status: 'protocol_error', error: error.message }
  }
  if (error instanceof ListsFailedError) return { status: 'protocol_error', error: error.message, cause: 'list_failed' }
  if (error instanceof SdkHttpError && typeof error.status === 'number') {
    return { status: 'unreachable', error: `the endpoint answered HTTP ${error.status}` }
  }
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return { status: 'timeout', error: sentence(error) }
    if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.SendFailed) {
      return { status: 'unreachable', error: sentence(error) }
    }
    if (error.code === SdkErrorCode.EraNegotiationFailed && !/unusable/.test(error.message)) {
      return { status: 'unreachable', error: sentence(error) }
    }
  }
  return { status: 'protocol_error', error: sentence(error) }
}

/**
 * The Server Card and where it was read: the endpoint's own `/server-card` first (the draft's
 * reserved location, asked for by its media type), then the older well-known paths at its origin
 * (server-card.ts). The first answer that is a JSON object is the card; anything else at a location
 * (an error, HTML, an array, a body past the cap) is no card there, and the next is tried.
 */
async function readServerCard(
  url: URL,
  options: ProbeRemoteOptions,
  bounds: ProbeBounds,
  signal: AbortSignal,
): Promise<{ card: JsonValue; url: string } | null> {
  for (const location of serverCardUrls(url)) {
    if (signal.aborted) return null
    const card = await readCardAt(location, options, bounds, signal)
    if (card !== null) return { card, url: location.href }
  }
  return null
}

/** One location's card, when it answers a JSON object (any JSON media type, the card's own included). */
async function readCardAt(location: URL, options: ProbeRemoteOptions, bounds: ProbeBounds, signal: AbortSignal) {
  const fetchCard = guardedFetch({
    allowLoopback: options.allowLoopback ?? false,
    maxBytes: Math.min(SERVER_CARD_MAX_BYTES, bounds.maxBytes),
    timeoutMs: bounds.stepTimeoutMs,
    // One step for each location, body included: a slow or endless body is no card.
    signal: AbortSignal.any([signal, AbortSignal.timeout(bounds.stepTimeoutMs)]),
    fetch: options.fetch,
  })
  try {
    const response = await fetchCard(location, {
      headers: { Accept: `${SERVER_CARD_MEDIA_TYPE}, application/json;q=0.9` },
    })
    if (!response.ok || !/^application\/([\w.-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel()
      return null
    }
    const card: unknown = await response.json()
    if (typeof card !== 'object' || card === null || Array.isArray(card)) return null
    return (capJson(card, bounds) ?? null) as JsonValue | null
  } catch {
    return null
  }
}

/** An outcome with nothing found yet: what every probe (remote, stdio, the runner's) fills in. */
export function blankOutcome(target: string, started: number, transport: ProbeTransport | null): ProbeOutcome {
  return {
    status: 'ok',
    protocolVersion: null,
    transport,
    target,
    startedAt: new Date(started).toISOString(),
    durationMs: 0,
    error: null,
    authMetadataUrl: null,
    missingVariable: null,
    surface: null,
    serverCard: null,
    serverCardUrl: null,
  }
}

/**
 * Reads a remote server's surface the way the specification tells a client to: Streamable HTTP
 * with `server/discover` first and the `initialize` handshake as fallback, the old HTTP+SSE
 * transport when the listing says so or the POST is refused as the specification describes
 * (never on a 401); then every page of each list the capabilities announce, then close. Also
 * reads the Server Card, at the endpoint's `/server-card` first and the older well-known paths
 * after. Never throws: every failure is one `ProbeStatus` with a short `error`.
 *
 * @example const outcome = await probeRemote({ url: 'https://mcp.example.com/mcp', transport: 'streamable-http' })
 */
export async function probeRemote(options: ProbeRemoteOptions): Promise<ProbeOutcome> {
  const bounds: ProbeBounds = { ...DEFAULT_PROBE_BOUNDS, ...options.bounds }
  const started = Date.now()
  const base = blankOutcome(options.url, started, null)
  const finish = (outcome: Partial<ProbeOutcome>): ProbeOutcome => ({
    ...base,
    ...outcome,
    durationMs: Date.now() - started,
  })

  // A URL with {variables} (the registry's form) or a <PLACEHOLDER> (as 2025 entries wrote a key to
  // fill in) is not an address yet: it needs a value only the user has.
  const variable = /\{([^{}]*)\}|<([^<>]*)>/.exec(options.url)
  if (variable) {
    const name = (variable[1] ?? variable[2]).slice(0, 200)
    return finish({
      status: 'needs_config',
      missingVariable: name,
      error: `the URL needs a value for ${variable[1] === undefined ? `<${name}>` : `{${name}}`}`,
    })
  }
  let url: URL
  try {
    url = new URL(options.url)
  } catch {
    return finish({ status: 'refused', error: 'not a valid URL' })
  }
  const allowLoopback = options.allowLoopback ?? false
  const address = checkAddress(url, { allowLoopback })
  if (!address.ok) return finish({ status: 'refused', error: address.reason })

  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), bounds.totalTimeoutMs)
  /** The fetch of one attempt, the guard telling `seen` what it met. */
  const fetchFor = (seen: Observations) =>
    guardedFetch({
      allowLoopback,
      maxBytes: bounds.maxBytes,
      timeoutMs: bounds.stepTimeoutMs,
      signal: deadline.signal,
      fetch: options.fetch,
      ...seen.record,
    })
  /** One attempt over one transport; whatever its handshake told of the generations goes into `generations`. */
  const attempt = (transport: ProbeTransport, seen: Observations) => {
    const fetch = fetchFor(seen)
    const session: Session = {
      client: newClient(bounds),
      transport: transport === 'sse' ? new SSEClientTransport(url, { fetch }) : new StreamableHTTPClientTransport(url, { fetch }),
    }
    return {
      session,
      read: async () => {
        try {
          return { ...(await readSurface(session, bounds, deadline.signal)), transport }
        } finally {
          Object.assign(generations, generationsOf(session, transport))
          // A stateless answer says nothing of `initialize`, which most clients in use still open with.
          if (session.era === 'modern') {
            const initialize = await answersInitialize(
              new StreamableHTTPClientTransport(url, { fetch: fetchFor(new Observations()) }),
              bounds,
              deadline.signal,
            )
            if (initialize !== null) generations.initialize = initialize
          }
        }
      },
    }
  }
  const generations: ProtocolGenerations = {}
  const seen = new Observations()
  const read = async () => {
    if (options.transport === 'sse') return attempt('sse', seen).read()
    const first = attempt('streamable-http', seen)
    try {
      return await first.read()
    } catch (error) {
      if (first.session.connected || !fallsBackToSse(error) || seen.challenge || seen.guardError) throw error
      // The endpoint refused the Streamable HTTP exchange with 400, 404 or 405, as a server of the
      // old transport does: something answers there, and speaks neither generation over it.
      Object.assign(generations, { stateless: false, initialize: false })
      // The old transport is only a second guess: when it fails too, the first answer is the one to report.
      const second = attempt('sse', new Observations())
      return await second.read().catch(() => {
        generations.sse = false
        throw error
      })
    }
  }
  const [result, found] = await Promise.all([
    read().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    readServerCard(url, options, bounds, deadline.signal),
  ])
  clearTimeout(timer)
  if (!result.ok) {
    const { status, error, cause } = failure(result.error, seen, deadline.signal.aborted)
    return finish({
      status,
      error,
      cause: cause ?? null,
      serverCard: found?.card ?? null,
      serverCardUrl: found?.url ?? null,
      authMetadataUrl: status === 'auth_required' ? (seen.challenge?.resourceMetadata ?? null) : null,
      ...someGenerations(generations),
    })
  }
  return finish({
    status: 'ok',
    ...result.value,
    serverCard: found?.card ?? null,
    serverCardUrl: found?.url ?? null,
    ...someGenerations(generations),
  })
}
