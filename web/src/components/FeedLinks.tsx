import { Rss } from 'lucide-react'
import { type FeedSource, feedPath, feedTitle } from '@shared/feed-links'
import { cx } from './ui/cx'

const linkClass = 'rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400'

/**
 * Visible links to a page's feeds (the same the page's head announces, from
 * worker/shared/feed-links.ts): each feed's Atom address under its title, and its RSS one beside
 * it. Plain links, not the router's: a feed is the Worker's, never a screen of the SPA.
 */
export function FeedLinks({ sources, className }: { sources: readonly FeedSource[]; className?: string }) {
  if (!sources.length) return null
  return (
    <ul aria-label="Feeds" className={cx('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm', className)}>
      {sources.map((source) => {
        const title = feedTitle(source)
        return (
          <li key={feedPath(source, 'atom')} className="flex min-w-0 items-center gap-1.5">
            <Rss className="size-4 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
            <a href={feedPath(source, 'atom')} type="application/atom+xml" className={cx(linkClass, 'min-w-0 wrap-anywhere')}>
              {title}
            </a>
            <span aria-hidden="true" className="text-zinc-500">
              ·
            </span>
            {/* The name starts with the visible word, as people who speak to their browser say it. */}
            <a href={feedPath(source, 'rss')} type="application/rss+xml" className={linkClass}>
              RSS<span className="sr-only">: {title}</span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}
