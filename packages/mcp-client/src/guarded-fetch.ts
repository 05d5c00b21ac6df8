import { type AddressPolicy, checkAddress } from './address'

/** How a guarded request failed, each mapping to one probe status. */
export type GuardFailure = 'refused' | 'timeout' | 'unreachable' | 'too_large'

/** A request the guard stopped or could not make; `kind` says which status it means. */
export class GuardError extends Error {
  override name = 'GuardError'
  constructor(
    readonly kind: GuardFailure,
    message: string,
  ) {
    super(message)
  }
}

/** The fetch signature the SDK's transports take. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>

export interface GuardOptions extends AddressPolicy {
  /** Bytes read from one response body; more is a `too_large` error. */
  maxBytes: number
  /** Time to the response's headers, per request (redirect hops included). */
  timeoutMs: number
  /** Aborts every request made through this fetch (the probe's total time). */
  signal?: AbortSignal
  /** The fetch underneath (tests, the runner); the global one by default. */
  fetch?: FetchLike
  /** Told of every response that is returned, before its body is read (the probe reads statuses and challenges). */
  onResponse?: (response: Response, url: URL) => void
  /** Told of every failure, before it is thrown (the SDK may wrap what it catches). */
  onError?: (error: GuardError) => void
}

/** Redirects followed per request: more is a loop or a maze. */
export const MAX_REDIRECTS = 5

/** Headers that carry a credential: a probe never sends one, whoever set it. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key']

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const NULL_BODY = new Set([101, 204, 205, 304])

/** A body that errors once more than `maxBytes` have passed, so a huge or endless answer stops early. */
function capBody(response: Response, maxBytes: number, fail: (e: GuardError) => GuardError): Response {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => {})
    throw fail(new GuardError('too_large', `the answer is ${declared} bytes, more than the ${maxBytes} read`))
  }
  if (!response.body || NULL_BODY.has(response.status)) return response
  let seen = 0
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > maxBytes) {
        controller.error(fail(new GuardError('too_large', `the answer passed the ${maxBytes} bytes read`)))
        return
      }
      controller.enqueue(chunk)
    },
  })
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/**
 * A `fetch` for talking to a stranger's server: every address checked before each request and
 * each redirect hop (followed here, at most `MAX_REDIRECTS`, only when the method is kept), no
 * credential header ever sent, the time to headers and the bytes of each body capped. Failures
 * are `GuardError`s whose `kind` maps to a probe status.
 *
 * @example new StreamableHTTPClientTransport(url, { fetch: guardedFetch({ allowLoopback: false, maxBytes, timeoutMs }) })
 */
export function guardedFetch(options: GuardOptions): FetchLike {
  const base = options.fetch ?? ((url, init) => fetch(url, init))
  const fail = (error: GuardError) => {
    options.onError?.(error)
    return error
  }

  async function once(url: URL, init: RequestInit): Promise<Response> {
    const timer = new AbortController()
    const timeout = setTimeout(() => timer.abort(), options.timeoutMs)
    const signals = [timer.signal, options.signal, init.signal].filter((s): s is AbortSignal => !!s)
    try {
      return await base(url.href, { ...init, redirect: 'manual', signal: AbortSignal.any(signals) })
    } catch (err) {
      if (init.signal?.aborted) throw err
      if (timer.signal.aborted) throw fail(new GuardError('timeout', `no answer within ${options.timeoutMs} ms`))
      if (options.signal?.aborted) throw fail(new GuardError('timeout', 'the probe ran past its time'))
      throw fail(new GuardError('unreachable', `could not connect (${err instanceof Error ? err.message : String(err)})`))
    } finally {
      clearTimeout(timeout)
    }
  }

  return async (input, init = {}) => {
    let url = new URL(input)
    const headers = new Headers(init.headers)
    for (const name of CREDENTIAL_HEADERS) headers.delete(name)
    const request: RequestInit = { ...init, headers }
    const method = (init.method ?? 'GET').toUpperCase()
    for (let hop = 0; ; hop++) {
      const check = checkAddress(url, options)
      if (!check.ok) throw fail(new GuardError('refused', check.reason))
      const response = await once(url, request)
      const location = response.headers.get('location')
      const keepsMethod = method === 'GET' || method === 'HEAD' || response.status === 307 || response.status === 308
      if (!REDIRECTS.has(response.status) || !location || !keepsMethod) {
        options.onResponse?.(response, url)
        return capBody(response, options.maxBytes, fail)
      }
      await response.body?.cancel().catch(() => {})
      if (hop >= MAX_REDIRECTS) throw fail(new GuardError('unreachable', `more than ${MAX_REDIRECTS} redirects`))
      url = new URL(location, url)
    }
  }
}
