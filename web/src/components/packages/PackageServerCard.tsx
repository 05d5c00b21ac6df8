import { ArrowRight } from 'lucide-react'
import { Link } from 'wouter'
import type { ServerSummary } from '@shared/types'
import { ServerAvatar } from '../ServerAvatar'
import { Badge } from '../ui/Badge'
import { buttonClass } from '../ui/button'

/** Tags a package's server card shows before '+N'. */
const TAGS_SHOWN = 3

/**
 * A server inside a package: who made it, what it does, 3 tags then '+N', and 'View Details';
 * for the package's owner, the version its registry serves (`children`).
 */
export function PackageServerCard({ server, children }: { server: ServerSummary; children?: React.ReactNode }) {
  const hidden = server.tags.length - TAGS_SHOWN
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex min-w-0 gap-3">
        <ServerAvatar name={server.displayName} sources={[server.ownerAvatarUrl, server.icon]} />
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={server.displayName}>
            {server.displayName}
          </h3>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={server.author}>
            {server.author}
          </p>
        </div>
      </div>
      <p className="line-clamp-3 text-sm leading-6 text-zinc-700 dark:text-zinc-300">{server.description}</p>
      {server.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {server.tags.slice(0, TAGS_SHOWN).map((t) => (
            <li key={t}>
              <Badge>{t}</Badge>
            </li>
          ))}
          {hidden > 0 && (
            <li>
              <Badge title={server.tags.slice(TAGS_SHOWN).join(', ')} aria-label={`${hidden} more tags`}>
                +{hidden}
              </Badge>
            </li>
          )}
        </ul>
      )}
      {children}
      <Link
        href={`/servers/${server.id}`}
        className={buttonClass('secondary', 'sm', 'mt-auto self-start')}
        aria-label={`View Details of ${server.displayName}`}
      >
        View Details
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  )
}
