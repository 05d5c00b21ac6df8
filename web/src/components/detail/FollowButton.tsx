import { UserCheck, UserPlus } from 'lucide-react'
import { toast } from 'sonner'
import { parseGithubUrl } from '../../../../worker/github-url'
import type { ServerDetail } from '../../../../worker/shared/types'
import { useFollowAuthor, useFollowState } from '../../hooks/useFollow'
import { useSession } from '../../hooks/useSession'
import { buttonClass } from '../ui/button'

/** GITHUB_LOGIN_RE in worker/schemas.ts, copied so this chunk does not carry zod. */
const GITHUB_LOGIN_RE = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/

/**
 * Who a follow is of: a GitHub login. The repository owner is the maintainer; without a
 * repository, the author field when it looks like a login (display names cannot be followed).
 */
export function followableAuthor(server: Pick<ServerDetail, 'githubUrl' | 'author'>): string | null {
  const owner = parseGithubUrl(server.githubUrl)?.owner
  if (owner && GITHUB_LOGIN_RE.test(owner)) return owner
  return GITHUB_LOGIN_RE.test(server.author) ? server.author : null
}

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
