import { useSWRConfig } from 'swr'
import { api, call } from '../lib/api'
import type { DeclaredLists } from '../lib/surface-view'
import { serverToolsKey } from './useServerTools'

/**
 * A surface the maintainer (or an admin) declares for a server nobody can read without a key:
 * save it and remove it, then reload the Tools tab so it shows what was stored. Errors are the
 * caller's to show (the dialog puts an invalid surface's issues beside its field).
 */
export function useDeclaredSurface(serverId: string) {
  const { mutate } = useSWRConfig()
  // Awaited: the tab shows the change before a dialog closes, so focus returns to controls still there.
  const reload = () => mutate(serverToolsKey(serverId))
  return {
    declare: async (surface: DeclaredLists) => {
      await call(api.servers[':id'].surface.$put({ param: { id: serverId }, json: { surface } }))
      await reload()
    },
    remove: async () => {
      await call(api.servers[':id'].surface.$delete({ param: { id: serverId } }))
      await reload()
    },
  }
}
