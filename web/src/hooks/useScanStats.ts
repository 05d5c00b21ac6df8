import { scanApi } from '../lib/api'
import { MINUTE, retrying, staleAfter } from './swr-options'
import { useApi } from './useApi'

/** The advisory page's live figures: surfaces and servers scanned, findings by class and severity, listings per risk level. */
export function useScanStats() {
  return useApi(scanApi.statsKey, { ...staleAfter(MINUTE), ...retrying(2), keepPreviousData: true })
}
