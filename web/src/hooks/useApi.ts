import useSWR, { type SWRConfiguration } from 'swr'
import type { ApiKey } from '../lib/api'

/**
 * swr for a key built by `apiKey`: the data is typed with what that route answers, so no hook
 * declares an answer's type by hand. A null key fetches nothing (signed out, nothing to ask).
 * @example const { data } = useApi(signedIn ? apiKey(api.users.me.dashboard) : null)
 */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<NoInfer<T>>) {
  return useSWR<T>(key, config ?? {})
}
