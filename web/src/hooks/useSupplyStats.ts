import { api, apiKey } from '../lib/api'
import { MINUTE, retrying, staleAfter } from './swr-options'
import { useApi } from './useApi'

/** GET /api/security/supply-stats: the supply-chain watch's live figures. */
export const supplyStatsKey = apiKey(api.security['supply-stats'])

/**
 * The watch's live figures (packages watched, versions read in 30 days per band, the latest High
 * versions, its last run), for the advisory page and the landing page's notice, which share one
 * cached answer.
 */
export function useSupplyStats() {
  return useApi(supplyStatsKey, { ...staleAfter(MINUTE), ...retrying(2), keepPreviousData: true })
}
