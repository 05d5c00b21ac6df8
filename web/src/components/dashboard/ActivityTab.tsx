import { Eye, UserMinus } from 'lucide-react'
import { Link } from 'wouter'
import type { Dashboard, FollowedAuthor } from '@shared/types'
import { type RemovableItemProps, useFocusAfterRemoval } from '../../hooks/useFocusAfterRemoval'
import { useFollowAuthor } from '../../hooks/useFollow'
import { formatDate } from '../../lib/format'
import { ServerAvatar } from '../ServerAvatar'
import { buttonClass } from '../ui/button'
import { Section } from './ServerGrid'

function AuthorRow({ author, ...removable }: { author: FollowedAuthor } & RemovableItemProps) {
  const { setFollowing, pending } = useFollowAuthor()
  return (
    <li className="flex items-center justify-between gap-3 py-2" {...removable}>
      <div className="min-w-0">
        <a
          href={`https://github.com/${author.authorName}`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium wrap-anywhere underline-offset-2 hover:underline"
        >
          {author.authorName}
          <span className="sr-only"> on GitHub (opens in a new tab)</span>
        </a>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Followed since {formatDate(author.createdAt)}</p>
      </div>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={pending}
        aria-label={`Unfollow ${author.authorName}`}
        onClick={() => void setFollowing(author.id, false)}
      >
        <UserMinus className="size-4" aria-hidden="true" />
        Unfollow
      </button>
    </li>
  )
}

/** What the user viewed lately, and the authors they follow. */
export function ActivityTab({ dashboard }: { dashboard: Dashboard }) {
  const empty =
    'rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300'
  // Unfollowing an author takes them off the list.
  const removal = useFocusAfterRemoval(dashboard.followedAuthors.map((a) => a.id))
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
      <Section title="Viewing History">
        {dashboard.recentlyViewed.length ? (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {dashboard.recentlyViewed.map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-2">
                <ServerAvatar name={s.displayName} sources={[s.ownerAvatarUrl, s.icon]} />
                <div className="min-w-0 flex-1">
                  <Link
                    href={`/servers/${s.id}`}
                    className="block truncate font-medium underline-offset-2 hover:underline"
                    title={s.displayName}
                  >
                    {s.displayName}
                  </Link>
                  <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={s.author}>
                    {s.author}
                  </p>
                </div>
                <Eye className="size-4 text-zinc-500" aria-hidden="true" />
              </li>
            ))}
          </ul>
        ) : (
          <p className={empty}>No viewing history yet. Servers you open appear here.</p>
        )}
      </Section>
      <Section title="Followed Authors" headingRef={removal.heading}>
        {dashboard.followedAuthors.length ? (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Followed authors">
            {dashboard.followedAuthors.map((a) => (
              <AuthorRow key={a.id} author={a} {...removal.item(a.id)} />
            ))}
          </ul>
        ) : (
          <p className={empty}>You follow no authors yet. Use Follow on a server&apos;s Maintainer card.</p>
        )}
      </Section>
    </div>
  )
}
