import { api, apiKey } from '../lib/api'
import { MINUTE, staleAfter } from './swr-options'
import { useApi } from './useApi'

/** The landing page's top recommended packages. */
export function useTopPackages(limit = 5) {
  return useApi(apiKey(api.packages.top, { query: { limit: String(limit) } }), staleAfter(5 * MINUTE))
}
