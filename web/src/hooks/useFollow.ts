import { useState } from 'react'
import { toast } from 'sonner'
import useSWR, { useSWRConfig } from 'swr'
import type { FollowState } from '../../../worker/shared/types'
import { request } from '../lib/api'
import { DASHBOARD_KEY } from './usePackageData'

/** Follows are keyed by the author's GitHub login, which the Worker compares case-insensitively. */
export const followKey = (authorName: string) => `/api/users/me/follows/${encodeURIComponent(authorName.toLowerCase())}`

/** Whether the signed-in user follows this author (no call for guests or without an author). */
export function useFollowState(authorName: string | null, signedIn: boolean) {
  return useSWR<FollowState>(signedIn && authorName ? followKey(authorName) : null)
}

/** Follow and unfollow, with a toast each way; the dashboard's list and counter follow along. */
export function useFollowAuthor() {
  const { mutate } = useSWRConfig()
  const [pending, setPending] = useState(false)

  async function setFollowing(authorName: string, follow: boolean): Promise<boolean> {
    if (pending) return false
    setPending(true)
    try {
      const state = await request<FollowState>(followKey(authorName), { method: follow ? 'POST' : 'DELETE' })
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
