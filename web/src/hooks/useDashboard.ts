import { toast } from 'sonner'
import { api, apiKey, call, isApiError } from '../lib/api'
import { useApi } from './useApi'
import { DASHBOARD_KEY, useRevalidateCommunity } from './usePackageData'

/** The signed-in user's dashboard; refetched whenever the screen mounts (see freshOnMount). */
export function useDashboard(signedIn: boolean) {
  return useApi(signedIn ? DASHBOARD_KEY : null, { revalidateIfStale: true })
}

/** Views and likes per day of one of the user's servers, over the last `window` days. */
export function useServerStats(serverId: string | null, days: number) {
  const key = serverId && apiKey(api.users.me.servers[':id'].stats, { param: { id: serverId }, query: { window: String(days) } })
  return useApi(key || null, { keepPreviousData: true })
}

const categoryServer = api.users.me.categories[':categoryId'].servers[':serverId']

interface Named {
  id: string
  name: string
}

interface NamedServer {
  id: string
  displayName: string
}

/**
 * The owner's changes to categories (= packages): create, add and remove servers, visibility
 * and recommendation message. Each toasts its outcome (the specification's texts) and refreshes
 * the dashboard, the package lists and the package's page. Each resolves true when it worked.
 */
export function useCategoryActions() {
  const revalidate = useRevalidateCommunity()

  async function run(packageId: string | undefined, action: () => Promise<void>, failure: string): Promise<boolean> {
    try {
      await action()
      void revalidate(packageId)
      return true
    } catch (err) {
      const reason = isApiError(err) ? err.reason : undefined
      toast.error(failure, { description: reason && reason !== failure ? reason : undefined })
      return false
    }
  }

  const createCategory = (input: { name: string; description?: string }) =>
    run(
      undefined,
      async () => {
        const created = await call(api.users.me.categories.$post({ json: input }))
        toast.success('Category created', {
          description: `“${created.name}” is ready for servers. It stays private until you make it public.`,
        })
      },
      'Failed to create category.',
    )

  const addServer = (category: Named, server: NamedServer) =>
    run(
      category.id,
      async () => {
        await call(categoryServer.$post({ param: { categoryId: category.id, serverId: server.id } }))
        toast.success('Server added to category', { description: `${server.displayName} was added to ${category.name}.` })
      },
      'Failed to add server to category.',
    )

  const removeServer = (category: Named, server: NamedServer) =>
    run(
      category.id,
      async () => {
        await call(categoryServer.$delete({ param: { categoryId: category.id, serverId: server.id } }))
        toast.success('Server removed from category', { description: `${server.displayName} was removed from ${category.name}.` })
      },
      'Failed to remove server from category.',
    )

  const setPublic = (category: Named, isPublic: boolean) =>
    run(
      category.id,
      async () => {
        await call(api.packages[':id']['public-status'].$put({ param: { id: category.id }, json: { isPublic } }))
        toast.success(isPublic ? 'Package made public' : 'Package made private', {
          description: isPublic
            ? `${category.name} is now listed on Recommended Packages.`
            : `${category.name} is now visible only to you.`,
        })
      },
      'Failed to update package visibility.',
    )

  // An empty message is sent as absent, which clears it.
  const setMessage = (category: Named, message: string) =>
    run(
      category.id,
      async () => {
        const body = message.trim() ? { recommendationMessage: message } : {}
        await call(api.packages[':id'].message.$put({ param: { id: category.id }, json: body }))
        toast.success('Recommendation message updated')
      },
      'Failed to update recommendation message.',
    )

  return { createCategory, addServer, removeServer, setPublic, setMessage }
}
