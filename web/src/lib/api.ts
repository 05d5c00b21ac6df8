/**
 * The SPA's one door to the Worker: same-origin `/api` calls with credentials, JSON in and out.
 * A non-OK answer becomes `Error('{status}: {body text or status text}')` (an ApiError that also
 * keeps the status and the JSON `error` field, so screens can choose a state without parsing).
 * State-changing calls carry the CSRF headers; a 403 'CSRF token invalid' refetches the token
 * and retries once (the token is tied to the session, which may have changed since we cached it).
 */

export class ApiError extends Error {
  readonly status: number
  /** The `error` field of a JSON error body, when there is one. */
  readonly reason: string | undefined

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.reason = reasonOf(body)
  }
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status)
}

function reasonOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown }
    return typeof parsed?.error === 'string' ? parsed.error : undefined
  } catch {
    return undefined
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: Method
  body?: unknown
  signal?: AbortSignal
}

let csrfToken: Promise<string> | null = null

function getCsrfToken(): Promise<string> {
  csrfToken ??= request<{ csrfToken: string }>('/api/csrf-token').then(
    (r) => r.csrfToken,
    (err: unknown) => {
      // A failed fetch must not stick: the next call asks again.
      csrfToken = null
      throw err
    },
  )
  return csrfToken
}

async function send(path: string, method: Method, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json'
    headers['X-Requested-With'] = 'XMLHttpRequest'
    headers['X-CSRF-Token'] = await getCsrfToken()
  }
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  })
}

/** Calls the API and returns its JSON (undefined for 204). Throws ApiError on a non-OK status. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET'
  let res = await send(path, method, opts)
  if (method !== 'GET' && res.status === 403 && reasonOf(await res.clone().text()) === 'CSRF token invalid') {
    csrfToken = null
    res = await send(path, method, opts)
  }
  const text = await res.text()
  if (!res.ok) throw new ApiError(res.status, res.statusText, text)
  return (text ? JSON.parse(text) : undefined) as T
}

/** swr's fetcher: the key is the API path. */
export const fetcher = <T>(path: string) => request<T>(path)
