import { Download, Star, Wrench } from 'lucide-react'
import { useContext } from 'react'
import { toast } from 'sonner'
import { Link } from 'wouter'
import type { ServerSummary } from '@shared/types'
import type { RemovableItemProps } from '../hooks/useFocusAfterRemoval'
import type { CardLayout } from '../hooks/useLayoutPreference'
import { prefetchServer } from '../hooks/useServers'
import { copyText } from '../lib/clipboard'
import { formatNumber } from '../lib/format'
import { ScreenLoadersContext } from '../lib/screens'
import { toolCountText } from '../lib/surface-view'
import { DeprecatedNotice } from './DeprecatedNotice'
import { GithubMark } from './GithubMark'
import { LikeButton } from './LikeButton'
import { ServerAvatar } from './ServerAvatar'
import { RiskBadge } from './scan/RiskBadge'
import { SHOWN_BANDS } from './supply/labels'
import { SupplyBadge } from './supply/SupplyBadge'
import { Badge } from './ui/Badge'
import { buttonClass } from './ui/button'
import { cx } from './ui/cx'
import { GradeBadge } from './verdict/GradeBadge'
import { verdictHref } from './verdict/labels'

/** Tags shown before '+N': 3 in the grid, 5 in the list. */
const TAGS_SHOWN: Record<CardLayout, number> = { grid: 3, list: 5 }

function CardTags({ tags, max }: { tags: string[]; max: number }) {
  if (!tags.length) return null
  const hidden = tags.length - max
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.slice(0, max).map((t) => (
        <li key={t}>
          <Badge>{t}</Badge>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge title={tags.slice(max).join(', ')} aria-label={`${hidden} more tags`}>
            +{hidden}
          </Badge>
        </li>
      )}
    </ul>
  )
}

const MATCH_LABEL: Record<NonNullable<ServerSummary['matchedBy']>['kind'], string> = {
  category: 'category',
  related: 'related',
  typo: 'similar',
  readme: 'in README',
  tool: 'tool',
}

const MATCH_EXPLAINED: Record<NonNullable<ServerSummary['matchedBy']>['kind'], string> = {
  category: 'Found because it is in the category',
  related: 'Found by a related term',
  typo: 'Found by a similar spelling',
  readme: 'Found in its README',
  tool: 'Found by its tool',
}

/** Why a search found this server, when its card does not show it ('related: billing'). */
function MatchedBy({ matchedBy }: { matchedBy: NonNullable<ServerSummary['matchedBy']> }) {
  return (
    <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="matched-by">
      <span className="sr-only">{MATCH_EXPLAINED[matchedBy.kind]}: </span>
      <span aria-hidden="true">{MATCH_LABEL[matchedBy.kind]}: </span>
      <span className={cx('font-medium text-zinc-800 dark:text-zinc-200', matchedBy.kind === 'tool' && 'font-mono')}>{matchedBy.term}</span>
    </p>
  )
}

/** Stars when above 0, else 'Popularity: {n}' when above 0, else nothing. */
function Standing({ server }: { server: ServerSummary }) {
  if (server.stars > 0) {
    return (
      <span
        className="inline-flex items-center gap-1 text-sm text-zinc-700 tabular-nums dark:text-zinc-300"
        title={`${formatNumber(server.stars)} GitHub stars`}
      >
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
        <span className="sr-only">GitHub stars: </span>
        {formatNumber(server.stars)}
      </span>
    )
  }
  if (server.popularity > 0) return <Badge>Popularity: {formatNumber(server.popularity)}</Badge>
  return null
}

function CardActions({ server }: { server: ServerSummary }) {
  async function install() {
    if (await copyText(server.installCommand)) toast.success('Copied to clipboard', { description: 'Install command copied to clipboard' })
  }
  return (
    <div className="relative z-10 flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-label={`Install ${server.displayName}: copy the install command`}
        onClick={() => void install()}
      >
        <Download className="size-4" aria-hidden="true" />
        Install
      </button>
      {server.githubUrl && (
        <a
          href={server.githubUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('ghost', 'sm')}
          aria-label={`GitHub repository of ${server.displayName} (opens in a new tab)`}
        >
          <GithubMark />
          GitHub
        </a>
      )}
      <LikeButton server={server} />
    </div>
  )
}

interface ServerCardProps extends Partial<RemovableItemProps> {
  server: ServerSummary
  layout: CardLayout
}

/**
 * A server in the list (grid or list layout). The whole card opens the detail through its
 * title link stretched over the card; the buttons sit above that link. Hover or focus prefetches
 * the detail's data and code. In a list that can lose cards (favorites), `removable` takes the
 * list's useFocusAfterRemoval item props.
 */
export function ServerCard({ server, layout, ...removable }: ServerCardProps) {
  const loaders = useContext(ScreenLoadersContext)
  const prefetch = () => {
    prefetchServer(server.id)
    void loaders.serverDetail()
  }
  const list = layout === 'list'
  // 'none' and not read yet say nothing on a card: only a band worth a look is shown.
  const supply = server.supplyBand && SHOWN_BANDS.includes(server.supplyBand) ? server.supplyBand : null
  return (
    <article
      className={cx(
        'group relative flex gap-3 rounded-lg border border-zinc-200 bg-white p-4 transition-colors hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600',
        list ? 'flex-col sm:flex-row sm:items-start' : 'flex-col',
      )}
      onMouseEnter={prefetch}
      {...removable}
    >
      <div className={cx('flex min-w-0 gap-3', list && 'sm:flex-1')}>
        <ServerAvatar name={server.displayName} sources={[server.ownerAvatarUrl, server.icon]} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h2 className="min-w-0 text-base leading-6 font-semibold">
              <Link
                href={`/servers/${server.id}`}
                onFocus={prefetch}
                title={server.displayName}
                className="block truncate rounded outline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline"
              >
                {server.displayName}
              </Link>
            </h2>
            {!list && <Standing server={server} />}
          </div>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={server.author}>
            {server.author}
          </p>
          <p className={cx('mt-2 text-sm leading-6 text-zinc-700 dark:text-zinc-300', list ? 'line-clamp-2' : 'line-clamp-3')}>
            {server.description}
          </p>
          {(server.grade || server.toolCount != null || server.risk || supply) && (
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              {server.toolCount != null && (
                <p className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
                  <Wrench className="size-3.5" aria-hidden="true" />
                  {toolCountText(server.toolCount)}
                </p>
              )}
              {/* Above the card's stretched link, so it is a link of its own (to the Verdict tab) and its tooltip shows on hover. */}
              {server.grade && <GradeBadge grade={server.grade} href={verdictHref(server.id)} className="relative z-10" />}
              {/* Above the card's stretched link, so its tooltip shows on hover. */}
              {server.risk && <RiskBadge risk={server.risk} className="relative z-10" />}
              {supply && <SupplyBadge band={supply} className="relative z-10" />}
            </div>
          )}
          {server.matchedBy && <MatchedBy matchedBy={server.matchedBy} />}
          {server.deprecated && <DeprecatedNotice deprecated={server.deprecated} compact />}
          {list && (
            <div className="mt-2">
              <CardTags tags={server.tags} max={TAGS_SHOWN.list} />
            </div>
          )}
        </div>
      </div>
      {!list && (
        <div className="mt-auto flex flex-col gap-3">
          <CardTags tags={server.tags} max={TAGS_SHOWN.grid} />
          <CardActions server={server} />
        </div>
      )}
      {list && (
        <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
          <Standing server={server} />
          <CardActions server={server} />
        </div>
      )}
    </article>
  )
}
