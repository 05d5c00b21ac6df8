import { useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig, type Cache, type ScopedMutator } from 'swr'
import type { ServerDetail, ServerList } from '../../../worker/shared/types'
import { request } from '../lib/api'
import { useSession } from './useSession'

interface LikeResult {
  isLiked: boolean
  likeCount: number
}

interface Likeable {
  id: string
  displayName: string
  isLiked: boolean
}

const isListKey = (key: string) => key.startsWith('/api/servers?') || key.startsWith('/api/servers/search?')

/**
 * Writes a like into every cached list and the detail at once (so a list not on screen is right
 * when the visitor returns), then refetches what is on screen. In a Favorites list an unliked
 * server drops out.
 */
async function applyLike(cache: Cache, mutate: ScopedMutator, id: string, result: LikeResult) {
  const detailKey = `/api/servers/${id}`
  const keys = [...cache.keys()].filter((key) => isListKey(key) || key === detailKey)
  await Promise.all(
    keys.map((key) =>
      mutate(
        key,
        (data: ServerList | ServerDetail | undefined) => {
          if (!data) return data
          if (!('servers' in data)) return { ...data, ...result }
          const favorites = /[?&]favorites=1/.test(key)
          const servers = data.servers.map((s) => (s.id === id ? { ...s, ...result } : s)).filter((s) => !(favorites && !s.isLiked))
          return { ...data, servers }
        },
        { revalidate: true },
      ),
    ),
  )
  void mutate('/api/users/me/dashboard')
}

/**
 * Like and unlike for a server. Guests get the 'Authentication Required' toast; while a request
 * runs `pending` is true (the button is disabled). On failure the detail page shows a toast,
 * the list only logs (mode 'log'), as the specification asks.
 */
export function useLikeServer(mode: 'toast' | 'log' = 'toast') {
  const { user } = useSession()
  const { cache, mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  async function toggle(server: Likeable) {
    if (!user) {
      toast.error('Authentication Required', { description: 'Please sign in to like servers.' })
      return
    }
    if (pending) return
    setPending(true)
    try {
      const result = await request<LikeResult>(`/api/servers/${server.id}/like`, { method: server.isLiked ? 'DELETE' : 'POST' })
      await applyLike(cache, mutate, server.id, result)
      toast.success(result.isLiked ? 'Server liked' : 'Server unliked', {
        description: result.isLiked ? `${server.displayName} was added to your favorites.` : `${server.displayName} was removed from your favorites.`,
      })
    } catch (err) {
      if (mode === 'log') console.error('Failed to toggle like', err)
      else toast.error('Error', { description: 'Failed to update like status. Please try again.' })
    } finally {
      setPending(false)
    }
  }

  return { toggle, pending }
}
