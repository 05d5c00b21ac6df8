import { UserCheck, UserPlus } from 'lucide-react'
import { toast } from 'sonner'
import { followableAuthor } from '@shared/github-url'
import type { ServerDetail } from '@shared/types'
import { useFollowAuthor, useFollowState } from '../../hooks/useFollow'
import { useSession } from '../../hooks/useSession'
import { buttonClass } from '../ui/button'

/** Follow / Unfollow the maintainer; guests are asked to sign in. */
export function FollowButton({ server }: { server: Pick<ServerDetail, 'githubUrl' | 'author'> }) {
  const { user } = useSession()
  const author = followableAuthor(server)
  const { data, isLoading } = useFollowState(author, Boolean(user))
  const { setFollowing, pending } = useFollowAuthor()
  if (!author) return null

  const following = Boolean(data?.following)
  function onClick() {
    if (!user) {
      toast.error('Authentication Required', { description: 'Please sign in to follow authors.' })
      return
    }
    void setFollowing(author!, !following)
  }
  return (
    <button
      type="button"
      className={buttonClass(following ? 'secondary' : 'primary', 'sm', 'mt-3 w-full')}
      aria-label={`${following ? 'Unfollow' : 'Follow'} ${author}`}
      disabled={pending || (Boolean(user) && isLoading)}
      onClick={onClick}
    >
      {following ? <UserCheck className="size-4" aria-hidden="true" /> : <UserPlus className="size-4" aria-hidden="true" />}
      {following ? 'Unfollow' : 'Follow'}
    </button>
  )
}
