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
