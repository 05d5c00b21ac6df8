import { useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import type { ServerSummary } from '@shared/types'
import { api, call, isKeyOf } from '../lib/api'
import { DASHBOARD_KEY, isPackageListKey, packageKey } from './usePackageData'
import { SERVER_LIST_KEY, SERVER_SEARCH_KEY, serverKey } from './useServers'
import { useSession } from './useSession'

/** What a like changes on a card or a detail; both like routes answer with it. */
type LikeState = Pick<ServerSummary, 'isLiked' | 'likeCount'>

type Likeable = { id: string; isLiked: boolean }

/** What differs between liking a server and liking a package; the toggle itself is shared. */
interface LikeKind<Item extends Likeable> {
  /** The guest's 'Authentication Required' description. */
  signInText: string
  send: (item: Item) => Promise<LikeState>
  /** Whether a cached key shows the item: a list it may be in, or its detail. */
  showsItem: (key: string, id: string) => boolean
  /** The field of a cached list answer that holds the items. */
  listField: 'servers' | 'packages'
  succeeded: (item: Item, state: LikeState) => { title: string; description: string }
  failed: (err: unknown) => void
}

/**
 * A like written into one cached answer: a list (an array, or an object holding one under
 * `listField`) or the item's detail. In a Favorites list an unliked server drops out.
 */
function withLike(data: unknown, key: string, listField: string, id: string, state: LikeState): unknown {
  if (!data || typeof data !== 'object') return data
  const patch = (item: Likeable) => (item.id === id ? { ...item, ...state } : item)
  if (Array.isArray(data)) return data.map(patch)
  const list = (data as Record<string, unknown>)[listField]
  if (!Array.isArray(list)) return patch(data as Likeable)
  const favorites = /[?&]favorites=1/.test(key)
  return { ...data, [listField]: (list as Likeable[]).map(patch).filter((item) => !(favorites && !item.isLiked)) }
}

/**
 * Like and unlike. Guests get the 'Authentication Required' toast; while a request runs `pending`
 * is true (the button is disabled). The new count is written into every cached list and the
 * detail at once (so a list not on screen is right when the visitor returns), then what is on
 * screen is refetched (rankings move), and the dashboard too.
 */
function useLikeToggle<Item extends Likeable>(kind: LikeKind<Item>) {
  const { user } = useSession()
  const { cache, mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  async function toggle(item: Item) {
    if (!user) {
      toast.error('Authentication Required', { description: kind.signInText })
      return
    }
    if (pending) return
    setPending(true)
    try {
      const state = await kind.send(item)
      const keys = [...cache.keys()].filter((key) => kind.showsItem(key, item.id))
      const update = (key: string) =>
        mutate(key, (data: unknown) => withLike(data, key, kind.listField, item.id, state), { revalidate: true })
      await Promise.all(keys.map(update))
      void mutate(DASHBOARD_KEY)
      const { title, description } = kind.succeeded(item, state)
      toast.success(title, { description })
    } catch (err) {
      kind.failed(err)
    } finally {
      setPending(false)
    }
  }

  return { toggle, pending }
}

type LikeableServer = Likeable & { displayName: string }

/**
 * Like and unlike for a server. On failure the detail page shows a toast, the list only logs
 * (mode 'log'), as the specification asks.
 */
export function useLikeServer(mode: 'toast' | 'log' = 'toast') {
  return useLikeToggle<LikeableServer>({
    signInText: 'Please sign in to like servers.',
    send: (server) => {
      const route = api.servers[':id'].like
      const args = { param: { id: server.id } }
      return call(server.isLiked ? route.$delete(args) : route.$post(args))
    },
    showsItem: (key, id) => isKeyOf(key, SERVER_LIST_KEY) || isKeyOf(key, SERVER_SEARCH_KEY) || key === serverKey(id),
    listField: 'servers',
    succeeded: (server, state) =>
      state.isLiked
        ? { title: 'Server liked', description: `${server.displayName} was added to your favorites.` }
        : { title: 'Server unliked', description: `${server.displayName} was removed from your favorites.` },
    failed: (err) => {
      if (mode === 'log') console.error('Failed to toggle like', err)
      else toast.error('Error', { description: 'Failed to update like status. Please try again.' })
    },
  })
}

type LikeablePackage = Likeable & { name: string }

/** Like and unlike for a package. */
export function useLikePackage() {
  return useLikeToggle<LikeablePackage>({
    signInText: 'Please sign in to like packages.',
    send: (pkg) => {
      const route = api.packages[':id'].like
      const args = { param: { id: pkg.id } }
      return call(pkg.isLiked ? route.$delete(args) : route.$post(args))
    },
    showsItem: (key, id) => isPackageListKey(key) || key === packageKey(id),
    listField: 'packages',
    succeeded: (pkg, state) =>
      state.isLiked
        ? { title: 'Package liked', description: `You liked ${pkg.name}.` }
        : { title: 'Package unliked', description: `You no longer like ${pkg.name}.` },
    failed: () => toast.error('Failed to update package like status'),
  })
}
