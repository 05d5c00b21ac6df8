import { useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import type { PackageDetail, PackageLikeState, PackageList, PackageSummary } from '../../../worker/shared/types'
import { request } from '../lib/api'
import { DASHBOARD_KEY, packageKey } from './usePackageData'
import { useSession } from './useSession'

type Cached = PackageList | PackageSummary[] | PackageDetail | undefined

function withLike(data: Cached, id: string, state: PackageLikeState): Cached {
  if (!data) return data
  const patch = (p: PackageSummary) => (p.id === id ? { ...p, ...state } : p)
  if (Array.isArray(data)) return data.map(patch)
  if ('packages' in data) return { ...data, packages: data.packages.map(patch) }
  return data.id === id ? { ...data, ...state } : data
}

/**
 * Like and unlike for a package: guests get 'Authentication Required'; the button is disabled
 * while a request runs. The new count is written into every cached list and the detail at once,
 * and what is on screen is refetched (the ranking moved).
 */
export function useLikePackage() {
  const { user } = useSession()
  const { cache, mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  async function toggle(pkg: Pick<PackageSummary, 'id' | 'name' | 'isLiked'>) {
    if (!user) {
      toast.error('Authentication Required', { description: 'Please sign in to like packages.' })
      return
    }
    if (pending) return
    setPending(true)
    try {
      const state = await request<PackageLikeState>(`${packageKey(pkg.id)}/like`, { method: pkg.isLiked ? 'DELETE' : 'POST' })
      const keys = [...cache.keys()].filter((k) => k.startsWith('/api/packages?') || k.startsWith('/api/packages/top') || k === packageKey(pkg.id))
      await Promise.all(keys.map((k) => mutate(k, (data: Cached) => withLike(data, pkg.id, state), { revalidate: true })))
      void mutate(DASHBOARD_KEY)
      toast.success(state.isLiked ? 'Package liked' : 'Package unliked', {
        description: state.isLiked ? `You liked ${pkg.name}.` : `You no longer like ${pkg.name}.`,
      })
    } catch {
      toast.error('Failed to update package like status')
    } finally {
      setPending(false)
    }
  }

  return { toggle, pending }
}
