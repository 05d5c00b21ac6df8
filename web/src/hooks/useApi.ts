import useSWR, { mutate, type SWRConfiguration } from 'swr'
import { type ApiKey, fetcher } from '../lib/api'

/**
 * swr for a key built by `apiKey`: the data is typed with what that route answers, so no hook
 * declares an answer's type by hand. A null key fetches nothing (signed out, nothing to ask).
 * @example const { data } = useApi(signedIn ? apiKey(api.users.me.dashboard) : null)
 */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<NoInfer<T>>) {
  return useSWR<T>(key, config ?? {})
}

/**
 * Reads a key into swr's cache before the app mounts (see loadFirstScreen), so the screen's first
 * render has the answer; a failure is left to the screen, which asks again and says so. `fetch` is
 * for a key whose hook has a fetcher of its own.
 */
export function loadAhead(key: string, fetch: (key: string) => Promise<unknown> = fetcher): Promise<unknown> {
  return mutate(key, fetch(key), { revalidate: false }).catch(() => undefined)
}
