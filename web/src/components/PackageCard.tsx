import { Eye, Heart, Server } from 'lucide-react'
import { Link } from 'wouter'
import type { PackageSummary } from '@shared/types'
import { formatCompact, serversIncluded } from '../lib/format'
import { Card } from './ui/Card'

/** A recommended package (a public category of servers): opens /packages/{id}. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  return (
    <Card className="relative flex flex-col gap-2 p-4 transition-colors hover:border-zinc-400 dark:hover:border-zinc-600">
      <h3 className="font-semibold">
        <Link href={`/packages/${pkg.id}`} className="rounded after:absolute after:inset-0 after:content-[''] hover:underline">
          {pkg.name}
        </Link>
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">by {pkg.user?.username ?? 'Anonymous'}</p>
      {pkg.description && <p className="line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300">{pkg.description}</p>}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="inline-flex items-center gap-1">
          <Heart className="size-4" aria-hidden="true" />
          {formatCompact(pkg.likeCount)} <span className="sr-only">likes</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye className="size-4" aria-hidden="true" />
          {formatCompact(pkg.viewCount)} <span className="sr-only">views</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <Server className="size-4" aria-hidden="true" />
          {serversIncluded(pkg.serverCount)}
        </span>
      </p>
    </Card>
  )
}
