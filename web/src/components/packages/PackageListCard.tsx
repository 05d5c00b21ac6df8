import { CalendarDays, Eye, Server, TrendingUp } from 'lucide-react'
import { Link } from 'wouter'
import type { PackageSummary } from '@shared/types'
import type { CardLayout } from '../../hooks/useLayoutPreference'
import { formatCompact, formatDate, formatScore, serversIncluded } from '../../lib/format'
import { cx } from '../ui/cx'
import { PackageLikeButton } from './PackageLikeButton'

function Figure({ icon, value, label }: { icon: React.ReactNode; value: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title={label}>
      {icon}
      {value}
      <span className="sr-only"> {label}</span>
    </span>
  )
}

/**
 * A package on /packages: name (its link covers the card), author or 'Anonymous', description,
 * views, score, server count, last update, and the like button (with the like count) above the link.
 */
export function PackageListCard({ pkg, layout }: { pkg: PackageSummary; layout: CardLayout }) {
  const list = layout === 'list'
  const icon = 'size-4 text-zinc-500 dark:text-zinc-400'
  return (
    <article
      className={cx(
        'relative flex gap-3 rounded-lg border border-zinc-200 bg-white p-4 transition-colors hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600',
        list ? 'flex-col sm:flex-row sm:items-center' : 'flex-col',
      )}
    >
      <div className="min-w-0 flex-1">
        <h2 className="text-base leading-6 font-semibold">
          <Link
            href={`/packages/${pkg.id}`}
            title={pkg.name}
            className="block truncate rounded outline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline"
          >
            {pkg.name}
          </Link>
        </h2>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={pkg.user?.username}>
          by {pkg.user?.username ?? 'Anonymous'}
        </p>
        {pkg.description && (
          <p className={cx('mt-2 text-sm leading-6 text-zinc-700 dark:text-zinc-300', list ? 'line-clamp-1' : 'line-clamp-2')}>
            {pkg.description}
          </p>
        )}
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <Figure icon={<Eye className={icon} aria-hidden="true" />} value={formatCompact(pkg.viewCount)} label="views" />
          <Figure icon={<TrendingUp className={icon} aria-hidden="true" />} value={formatScore(pkg.rankingScore)} label="score" />
          <span className="inline-flex items-center gap-1">
            <Server className={icon} aria-hidden="true" />
            {serversIncluded(pkg.serverCount)}
          </span>
        </p>
      </div>
      <div className={cx('flex items-center justify-between gap-3', list ? 'sm:flex-col sm:items-end' : 'mt-auto')}>
        <span className="inline-flex items-center gap-1 text-sm text-zinc-600 dark:text-zinc-400">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span>
            Updated <time dateTime={pkg.updatedAt}>{formatDate(pkg.updatedAt)}</time>
          </span>
        </span>
        <PackageLikeButton pkg={pkg} />
      </div>
    </article>
  )
}
