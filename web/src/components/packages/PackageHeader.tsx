import { Eye, Heart, Lock, Quote, Server, TrendingUp } from 'lucide-react'
import { Link } from 'wouter'
import type { PackageDetail } from '@shared/types'
import { formatCompact, formatDate, formatScore, serversIncluded } from '../../lib/format'
import { FeedLinks } from '../FeedLinks'
import { Badge } from '../ui/Badge'
import { PackageLikeButton } from './PackageLikeButton'

function Stat({ icon, value, label }: { icon: React.ReactNode; value: string; label: string }) {
  // dt and dd sit directly in the div (the only wrapper a dl allows).
  return (
    <div className="flex flex-col rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

/**
 * Name, creator, description, the recommendation message, the numbers and the like button.
 * Likes, views and score are public numbers: shown (and the like offered) only while public.
 */
export function PackageHeader({ pkg }: { pkg: PackageDetail }) {
  const icon = 'size-4 text-zinc-500 dark:text-zinc-400'
  return (
    <header className="mt-4 flex flex-col gap-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">{pkg.name}</h1>
            {!pkg.isPublic && (
              <Badge>
                <Lock className="size-3" aria-hidden="true" />
                Private
              </Badge>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-zinc-700 dark:text-zinc-300">
            {pkg.user?.avatarUrl && (
              <img src={pkg.user.avatarUrl} alt="" width={20} height={20} className="size-5 rounded-full" referrerPolicy="no-referrer" />
            )}
            <span className="min-w-0 wrap-anywhere">
              Created by <span className="font-medium">{pkg.user?.username ?? 'Anonymous'}</span>
            </span>
            <span aria-hidden="true">·</span>
            <span>
              Updated <time dateTime={pkg.updatedAt}>{formatDate(pkg.updatedAt)}</time>
            </span>
          </p>
          {pkg.description && <p className="mt-3 max-w-3xl leading-7 text-zinc-700 dark:text-zinc-300">{pkg.description}</p>}
          {/* Only a public package has a feed (a private one's answers 404). */}
          {pkg.isPublic && <FeedLinks sources={[{ kind: 'package', id: pkg.id }]} className="mt-3" />}
        </div>
        {pkg.isPublic && (
          <div className="shrink-0">
            <PackageLikeButton pkg={pkg} variant="detail" />
          </div>
        )}
      </div>
      {!pkg.isPublic && pkg.isOwner && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          Only you can see this package. Make it public from the Favorites tab of your{' '}
          <Link href="/dashboard" className="font-medium underline underline-offset-2">
            dashboard
          </Link>{' '}
          to list it on Recommended Packages.
        </p>
      )}
      {pkg.recommendationMessage && (
        <section
          aria-labelledby="why-title"
          className="rounded-lg border border-blue-200 bg-blue-50 p-4 dark:border-blue-900 dark:bg-blue-950/40"
        >
          <h2 id="why-title" className="flex items-center gap-2 text-sm font-semibold text-blue-900 dark:text-blue-200">
            <Quote className="size-4" aria-hidden="true" />
            Why this package is recommended:
          </h2>
          <p className="mt-2 leading-7 whitespace-pre-line text-zinc-800 dark:text-zinc-200">{pkg.recommendationMessage}</p>
        </section>
      )}
      <dl className="flex flex-wrap gap-3 text-sm">
        {pkg.isPublic && (
          <>
            <Stat icon={<Heart className={icon} aria-hidden="true" />} value={formatCompact(pkg.likeCount)} label="Likes" />
            <Stat icon={<Eye className={icon} aria-hidden="true" />} value={formatCompact(pkg.viewCount)} label="Views" />
            <Stat icon={<TrendingUp className={icon} aria-hidden="true" />} value={formatScore(pkg.rankingScore)} label="Score" />
          </>
        )}
        <Stat icon={<Server className={icon} aria-hidden="true" />} value={serversIncluded(pkg.serverCount)} label="Servers" />
      </dl>
    </header>
  )
}
