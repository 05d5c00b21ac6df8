/** Outbound HTTP shared by every client (GitHub, npm, OAuth, the MCP registry): bases and time-outs. */

export class TimeoutError extends Error {}

/**
 * `fetch` that gives up after `timeoutMs`, throwing `TimeoutError`, so a slow upstream never holds
 * a request (or a scheduled batch) past its budget. `fetcher` is the global fetch unless a caller
 * counts its requests (the supply-chain watch).
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    return await fetcher(url, { ...init, signal: controller.signal })
  } catch (err) {
    if (controller.signal.aborted) throw new TimeoutError('Request timed out')
    throw err
  } finally {
    clearTimeout(timer)
  }
}

/** `OUTBOUND_TIMEOUT_MS`, or 5 seconds when unset or not a positive number. */
export function timeoutMs(env: Pick<Env, 'OUTBOUND_TIMEOUT_MS'>) {
  const n = Number(env.OUTBOUND_TIMEOUT_MS)
  return Number.isFinite(n) && n > 0 ? n : 5000
}

/** A base URL without trailing slashes, so paths join with exactly one. */
export const trimBase = (base: string) => base.replace(/\/+$/, '')

/**
 * A fetch that refuses past `limit` requests, and counts them: one task of an invocation (a probe,
 * a package check) never spends another's share of the platform's subrequest allowance.
 * @example const capped = cappedFetch(fetch, 13, 'a check'); await capped.fetch(url, init); capped.made() // 1
 */
export function cappedFetch<A extends unknown[]>(underlying: (...args: A) => Promise<Response>, limit: number, task: string) {
  let made = 0
  return {
    fetch: (...args: A): Promise<Response> => {
      if (made >= limit) return Promise.reject(new Error(`${task} makes at most ${limit} requests`))
      made++
      return underlying(...args)
    },
    made: () => made,
  }
}
