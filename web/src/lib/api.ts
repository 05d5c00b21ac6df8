/**
 * The SPA's one door to the Worker. `api` is Hono's typed client over the Worker's own route tree
 * (`AppType`), so a renamed route, a changed parameter or a changed answer breaks the type-check
 * instead of a screen; `call` turns a call into its data or an ApiError; `apiKey` gives swr the
 * same paths as stable string keys, typed with what they answer.
 *
 * Every request goes through `send`: same origin with credentials, JSON. State-changing calls
 * carry the CSRF headers, and a 403 `csrf_invalid` refetches the token and retries once (the token
 * is tied to the session, which may have changed since it was cached).
 */
import { type ClientResponse, hc } from 'hono/client'
import type { AppType } from '@shared/app-type'
import type { ReviewDecisionInput } from '@shared/scan'
import type { ApiErrorBody, ErrorCode } from '@shared/types'

/** Where the Worker serves the API: the route tree below is mounted here. */
export const API_BASE = '/api'

type FieldIssues = NonNullable<ApiErrorBody['issues']>

/**
 * A non-OK answer. The message is '{status}: {body text or status text}', as the specification
 * words it; `code` is what code branches on, `reason` (the body's `error`) what people are shown.
 */
export class ApiError extends Error {
  readonly status: number
  /** Null when the body is not the Worker's (a proxy's error page, a dropped connection's). */
  readonly code: ErrorCode | null
  /** The body's `error`: the sentence for people, which may be reworded at any time. */
  readonly reason: string | undefined
  /** Per-field problems of an `invalid_input` answer. */
  readonly issues: FieldIssues

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
    this.status = status
    const parsed = errorBody(body)
    this.code = parsed.code
    this.reason = parsed.error
    this.issues = parsed.issues
  }
}

/**
 * Whether `err` is an ApiError, and when codes are given, one with one of those codes.
 * @example if (isApiError(err, 'auth_required')) return null
 */
export function isApiError(err: unknown, ...codes: ErrorCode[]): err is ApiError {
  return err instanceof ApiError && (codes.length === 0 || (err.code !== null && codes.includes(err.code)))
}

/**
 * Whether `err` is an ApiError with one of these statuses: for whole classes of answers (any
 * 'not found', whichever resource) rather than one case, which `isApiError` names by its code.
 */
export function hasStatus(err: unknown, ...statuses: number[]): err is ApiError {
  return err instanceof ApiError && statuses.includes(err.status)
}

function isFieldIssue(issue: unknown): issue is FieldIssues[number] {
  const { field, message } = (issue ?? {}) as Record<string, unknown>
  return typeof field === 'string' && typeof message === 'string'
}

function errorBody(text: string): { code: ErrorCode | null; error: string | undefined; issues: FieldIssues } {
  let body: Partial<Record<keyof ApiErrorBody, unknown>> = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') body = parsed
  } catch {
    // Not JSON: no code, and the message keeps the text.
  }
  return {
    code: typeof body.code === 'string' ? (body.code as ErrorCode) : null,
    error: typeof body.error === 'string' ? body.error : undefined,
    issues: Array.isArray(body.issues) ? body.issues.filter(isFieldIssue) : [],
  }
}

let csrfToken: Promise<string> | null = null

function getCsrfToken(): Promise<string> {
  csrfToken ??= call(api['csrf-token'].$get()).then(
    (r) => r.csrfToken,
    (err: unknown) => {
      // A failed fetch must not stick: the next call asks again.
      csrfToken = null
      throw err
    },
  )
  return csrfToken
}

async function attempt(input: RequestInfo | URL, init: RequestInit, method: string): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (method !== 'GET') {
    headers.set('Content-Type', 'application/json')
    headers.set('X-Requested-With', 'XMLHttpRequest')
    headers.set('X-CSRF-Token', await getCsrfToken())
  }
  return fetch(input, { ...init, headers, credentials: 'same-origin' })
}

/** The fetch under every call and every swr key: headers, credentials and the CSRF retry. */
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase()
  const res = await attempt(input, init, method)
  if (method === 'GET' || res.status !== 403 || errorBody(await res.clone().text()).code !== 'csrf_invalid') return res
  csrfToken = null
  return attempt(input, init, method)
}

/** The body as JSON (undefined for an empty one, such as a 204); an ApiError for a non-OK status. */
async function read<T>(res: Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>): Promise<T> {
  const text = await res.text()
  if (!res.ok) throw new ApiError(res.status, res.statusText, text)
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * The Worker's routes as typed calls: paths, parameters, bodies and answers all come from the
 * route tree, so nothing here is written twice.
 * @example await call(api.servers[':id'].like.$post({ param: { id } }))
 */
export const api = hc<AppType>(API_BASE, { fetch: send })

/**
 * Awaits a typed call: its JSON answer, or an ApiError.
 * @example const state = await call(api.users.me.follows[':authorName'].$post({ param: { authorName } }))
 */
export async function call<T>(pending: Promise<ClientResponse<T, number, string>>): Promise<T> {
  return read<T>(await pending)
}

/** A GET route of the typed client. */
interface GetRoute {
  $get: (...args: never[]) => Promise<ClientResponse<unknown, number, string>>
  $path: (...args: never[]) => string
}

/** What a GET route answers. */
export type ApiData<R extends GetRoute> = Awaited<ReturnType<R['$get']>> extends ClientResponse<infer T, number, string> ? T : never

declare const answer: unique symbol
/** An swr key: the path (and query) of a GET route, carrying the type of its answer. */
export type ApiKey<T> = string & { readonly [answer]?: T }

/**
 * The swr key of a GET route: its path from the typed client, so keys and calls cannot drift
 * apart. The query keeps the order it is given in, which keeps keys stable.
 * @example apiKey(api.servers[':id'], { param: { id } }) // '/api/servers/{id}'
 */
export function apiKey<R extends GetRoute>(route: R, ...arg: Parameters<R['$path']>): ApiKey<ApiData<R>> {
  return `${API_BASE}${(route.$path as (...a: unknown[]) => string)(...arg)}`
}

/**
 * Whether an swr key is the given key, or that key with a query (every page and sort of a list).
 * @example isKeyOf(key, apiKey(api.packages))
 */
export function isKeyOf(key: unknown, base: string): key is string {
  return typeof key === 'string' && (key === base || key.startsWith(`${base}?`))
}

/** swr's fetcher: the key is an API path built by `apiKey`. */
export const fetcher = (key: string) => send(key).then((res) => read<unknown>(res))

/**
 * The scan's screens (the Changes tab, the review queue, the advisory's figures): their keys and
 * the review decision, from the typed client like every other call.
 */
export const scanApi = {
  /** GET /api/servers/:id/changes: a server's Changes timeline, newest first. */
  changesKey: (id: string) => apiKey(api.servers[':id'].changes, { param: { id } }),
  /** GET /api/admin/review?status=open|decided: the admins' review queue. */
  reviewKey: (status: 'open' | 'decided') => apiKey(api.admin.review, { query: { status } }),
  /** GET /api/security/scan-stats: the advisory page's live figures. */
  statsKey: apiKey(api.security['scan-stats']),
  /** POST /api/admin/review/:id: dismiss a finding or hide the listing, with a reason (3 to 500 characters). */
  decide: (id: number, input: ReviewDecisionInput) => call(api.admin.review[':id'].$post({ param: { id: String(id) }, json: input })),
}
