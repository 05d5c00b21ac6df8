import type { ServerToolsResponse } from '@shared/surface'
import { type ApiKey, api, apiKey, hasStatus } from '../lib/api'
import { MINUTE, retrying, staleAfter } from './swr-options'
import { useApi } from './useApi'

/**
 * The Tools tab's key, which 'Probe now' revalidates. Typed with the answer as the Worker
 * declares it: the typed client maps the surface's recursive JSON type (a tool's schema) to its
 * own recursive JSON type, which TypeScript cannot prove the same again, and the answer is
 * exactly the JSON the route sends.
 */
export const serverToolsKey = (id: string) => apiKey(api.servers[':id'].tools, { param: { id } }) as string as ApiKey<ServerToolsResponse>

/**
 * What a server offers (its tools, prompts and resources), its newest probes and its health. Asked
 * for only when the Tools tab opens; probes run at most daily, so a minute-old answer is fresh.
 */
export function useServerTools(id: string) {
  return useApi(serverToolsKey(id), {
    ...staleAfter(MINUTE),
    // A server that is not there will not appear on a retry.
    ...retrying(2, (err) => hasStatus(err, 400, 403, 404)),
  })
}
