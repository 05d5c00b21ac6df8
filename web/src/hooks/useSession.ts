import useSWR from 'swr'
import type { SessionUser } from '../../../worker/shared/types'
import { isApiError, request } from '../lib/api'
import { MINUTE } from './swr-options'

export const SESSION_KEY = '/api/auth/session'

/** 401 means a guest, which is an answer rather than an error. */
async function fetchSession(path: string): Promise<SessionUser | null> {
  try {
    return await request<SessionUser>(path)
  } catch (err) {
    if (isApiError(err, 401)) return null
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
  return { user: data ?? null, isLoading: isLoading && !error }
}
