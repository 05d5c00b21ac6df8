import { Folder, FolderPlus, Heart, PackagePlus, Plus, Server, Users } from 'lucide-react'
import { Link } from 'wouter'
import type { DashboardCounters, SessionUser } from '@shared/types'
import { formatNumber } from '../../lib/format'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'

/** The name the welcome line uses: the first name, else the e-mail, else the login. */
export function welcomeName(user: SessionUser): string {
  return user.firstName?.trim() || user.email?.trim() || user.username
}

/** Invites the user to publish a package: one click to the create dialog. */
export function PromoCard({ onNewPackage }: { onNewPackage: () => void }) {
  return (
    <Card className="flex flex-col gap-3 border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-blue-900 dark:bg-blue-950/40">
      <div className="flex gap-3">
        <PackagePlus className="mt-0.5 size-6 shrink-0 text-blue-700 dark:text-blue-400" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">Share your favorite servers as a package</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Group servers into a category, add a recommendation and make it public: others find it on Recommended Packages and install it
            with one configuration.
          </p>
        </div>
      </div>
      <button type="button" className={buttonClass('primary', 'md')} onClick={onNewPackage}>
        <FolderPlus className="size-4" aria-hidden="true" />
        New Package
      </button>
    </Card>
  )
}

export function Welcome({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-zinc-700 dark:text-zinc-300">Welcome back, {welcomeName(user)}!</p>
      </div>
      <Link href="/servers/new" className={buttonClass('primary', 'md')}>
        <Plus className="size-4" aria-hidden="true" />
        Add Server
      </Link>
    </div>
  )
}

function Counter({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  // dt and dd sit directly in the card (a dl may group them only in plain divs).
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
    </Card>
  )
}

/** My Servers, Total Likes (on my servers), Following, Categories. */
export function Counters({ counters }: { counters: DashboardCounters }) {
  const icon = 'size-5 text-zinc-700 dark:text-zinc-300'
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Counter icon={<Server className={icon} aria-hidden="true" />} label="My Servers" value={counters.myServers} />
      <Counter icon={<Heart className={icon} aria-hidden="true" />} label="Total Likes" value={counters.totalLikes} />
      <Counter icon={<Users className={icon} aria-hidden="true" />} label="Following" value={counters.following} />
      <Counter icon={<Folder className={icon} aria-hidden="true" />} label="Categories" value={counters.categories} />
    </dl>
  )
}
