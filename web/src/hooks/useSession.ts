import useSWR from 'swr'
import { api, apiKey, call, isApiError } from '../lib/api'
import { MINUTE } from './swr-options'
import { loadAhead } from './useApi'

export const SESSION_KEY = apiKey(api.auth.session)

/** Not signed in is an answer rather than an error: a guest. */
async function fetchSession() {
  try {
    return await call(api.auth.session.$get())
  } catch (err) {
    if (isApiError(err, 'auth_required')) return null
    throw err
  }
}

/**
 * Who is signed in. Fresh for 5 minutes; refetched every 10 minutes and on focus or mount once
 * stale. A failing session call leaves the visitor a guest rather than blocking the app.
 */
export function useSession() {
  const { data, error, isLoading } = useSWR(SESSION_KEY, fetchSession, {
    revalidateIfStale: true,
    dedupingInterval: 5 * MINUTE,
    revalidateOnFocus: true,
    focusThrottleInterval: 5 * MINUTE,
    refreshInterval: 10 * MINUTE,
  })
  // Loading means no answer yet: with one in the cache (read before the app mounted, see
  // loadSession), swr's own isLoading is still true on the first render while it revalidates.
  return { user: data ?? null, isLoading: isLoading && data === undefined && !error }
}

/** Reads who is signed in into swr's cache before the app mounts (see loadFirstScreen). */
export const loadSession = () => loadAhead(SESSION_KEY, fetchSession)
