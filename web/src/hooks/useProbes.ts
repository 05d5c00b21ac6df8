import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import { api, apiKey, call, isApiError } from '../lib/api'
import { useApi } from './useApi'
import { serverToolsKey } from './useServerTools'

/** The admin screen's probing overview: counts by status, what is due, the last errors. */
export const PROBES_KEY = apiKey(api.admin.probes)

/** For the admin screen (shown to admins only); refetched whenever it mounts, as the sync runs are. */
export function useProbeOverview() {
  return useApi(PROBES_KEY, { revalidateOnMount: true })
}

/**
 * 'Probe now' for admins: puts one server's probe on the queue, toasts the outcome, and
 * revalidates the overview and that server's Tools tab. Resolves true when it was queued.
 */
export function useProbeNow() {
  const { mutate } = useSWRConfig()
  return async (serverId: string, name: string): Promise<boolean> => {
    try {
      const { queued } = await call(api.admin.probes[':id'].$post({ param: { id: serverId } }))
      toast.success(queued ? 'Probe queued' : 'Probe already queued', { description: `${name} will be read again within a minute or two.` })
      void mutate(PROBES_KEY)
      void mutate(serverToolsKey(serverId))
      return true
    } catch (err) {
      const reason = isApiError(err) ? err.reason : undefined
      toast.error('The probe was not queued.', { description: reason })
      return false
    }
  }
}
