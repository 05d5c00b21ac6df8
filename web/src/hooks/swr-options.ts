import type { SWRConfiguration } from 'swr'
import { fetcher } from '../lib/api'

/**
 * The app-wide default: a query never goes stale by itself, is not retried and is not refetched
 * on focus or reconnect. Queries that need more say so with the helpers below.
 */
export const swrDefaults: SWRConfiguration = {
  fetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
}

/** Refetch on mount once the cached answer is older than `ms` (swr dedupes younger ones). */
export function staleAfter(ms: number): SWRConfiguration {
  return { revalidateIfStale: true, dedupingInterval: ms }
}

/**
 * Retries a failed fetch up to `max` times, waiting 1 s, 2 s, 4 s ... (at most 30 s), unless
 * `skip(err)` says a retry cannot help (not found, signed out, rate limited, timed out).
 */
export function retrying(max: number, skip: (err: unknown) => boolean = () => false): SWRConfiguration {
  return {
    shouldRetryOnError: true,
    onErrorRetry: (err, _key, _config, revalidate, { retryCount }) => {
      if (retryCount > max || skip(err)) return
      setTimeout(() => void revalidate({ retryCount }), Math.min(1000 * 2 ** (retryCount - 1), 30_000))
    },
  }
}

export const MINUTE = 60_000
