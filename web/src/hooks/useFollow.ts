import { useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import { api, apiKey, call } from '../lib/api'
import { useApi } from './useApi'
import { DASHBOARD_KEY } from './usePackageData'

/** Follows are keyed by the author's GitHub login, which the Worker compares case-insensitively. */
const followParam = (authorName: string) => ({ param: { authorName: encodeURIComponent(authorName.toLowerCase()) } })
export const followKey = (authorName: string) => apiKey(api.users.me.follows[':authorName'], followParam(authorName))

/** Whether the signed-in user follows this author (no call for guests or without an author). */
export function useFollowState(authorName: string | null, signedIn: boolean) {
  return useApi(signedIn && authorName ? followKey(authorName) : null)
}

/** Follow and unfollow, with a toast each way; the dashboard's list and counter follow along. */
export function useFollowAuthor() {
  const { mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  async function setFollowing(authorName: string, follow: boolean): Promise<boolean> {
    if (pending) return false
    setPending(true)
    try {
      const route = api.users.me.follows[':authorName']
      const state = await call(follow ? route.$post(followParam(authorName)) : route.$delete(followParam(authorName)))
      await mutate(followKey(authorName), state, { revalidate: false })
      void mutate(DASHBOARD_KEY)
      toast.success(state.following ? `Following ${authorName}` : `Unfollowed ${authorName}`, {
        description: state.following ? 'Their servers appear in your dashboard activity.' : undefined,
      })
      return true
    } catch {
      toast.error(follow ? 'Failed to follow author.' : 'Failed to unfollow author.', { description: 'Please try again.' })
      return false
    } finally {
      setPending(false)
    }
  }

  return { setFollowing, pending }
}
