import { hasStatus, scanApi } from '../lib/api'
import { MINUTE, retrying, staleAfter } from './swr-options'
import { useApi } from './useApi'

/**
 * A server's Changes timeline, asked for only when its tab opens. Surfaces are read at most daily,
 * so a minute-old answer is fresh.
 */
export function useServerChanges(id: string) {
  return useApi(scanApi.changesKey(id), {
    ...staleAfter(MINUTE),
    ...retrying(2, (err) => hasStatus(err, 400, 403, 404)),
  })
}
