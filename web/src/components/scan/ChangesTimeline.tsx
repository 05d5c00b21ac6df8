import { History, Rss, TriangleAlert } from 'lucide-react'
import { useEffect, useId } from 'react'
import { feedPath } from '@shared/feed-links'
import type { AnnotationChange, ItemChange, SchemaChange, SurfaceChangeEntry, SurfaceDiff } from '@shared/scan'
import { useServerChanges } from '../../hooks/useServerChanges'
import { formatDateTime, timeAgo } from '../../lib/format'
import { Badge } from '../ui/Badge'
import { cx } from '../ui/cx'
import { LoadFailed } from '../ui/LoadFailed'
import { DiffParts } from './DiffParts'
import { diffHeading, pinnedHash, shortHash } from './labels'
import { RiskBadge } from './RiskBadge'

type Entry = SurfaceChangeEntry

const SOURCE_LABEL: Record<SurfaceChangeEntry['source'], string> = {
  remote: 'Read from the server',
  package: 'Read from its package',
  declared: 'Declared by the maintainer',
}

const KIND_LABEL: Record<ItemChange['kind'], string> = {
  tool: 'Tool',
  prompt: 'Prompt',
  resource: 'Resource',
  resourceTemplate: 'Resource template',
}

const CHANGE_LABEL: Record<ItemChange['change'], string> = { added: 'Added', removed: 'Removed', renamed: 'Renamed', changed: 'Changed' }

const CHANGE_TONE: Record<ItemChange['change'], string> = {
  added: 'border-emerald-300! bg-emerald-50! text-emerald-900! dark:border-emerald-800! dark:bg-emerald-950! dark:text-emerald-100!',
  removed: 'border-red-300! bg-red-50! text-red-900! dark:border-red-800! dark:bg-red-950! dark:text-red-100!',
  renamed: '',
  changed: '',
}

const SCHEMA_CHANGE: Record<SchemaChange['change'], string> = {
  added: 'added',
  removed: 'removed',
  type: 'type changed',
  required: 'now required',
  optional: 'now optional',
  description: 'description changed',
  enum: 'allowed values changed',
  default: 'default changed',
  other: 'changed',
}

const show = (v: string | boolean | null | undefined) => (v === null || v === undefined || v === '' ? '(none)' : String(v))

/** 'before → after', wrapping anywhere; either side may be missing. */
function BeforeAfter({ before, after }: { before?: string | boolean | null; after?: string | boolean | null }) {
  return (
    <span className="wrap-anywhere">
      <code className="font-mono text-xs">{show(before)}</code>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> changed to </span>
      <code className="font-mono text-xs">{show(after)}</code>
    </span>
  )
}

function SchemaChanges({ changes }: { changes: SchemaChange[] }) {
  return (
    <div>
      <p className="font-medium">Schema</p>
      <ul className="mt-1 flex flex-col gap-1 pl-4">
        {changes.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a path may change in several ways; the position tells them apart.
          <li key={i} className="list-disc wrap-anywhere">
            {c.schema === 'outputSchema' && <span className="text-zinc-600 dark:text-zinc-400">output </span>}
            <code className="font-mono text-xs">{c.path || '(the schema)'}</code> {SCHEMA_CHANGE[c.change]}
            {(c.before !== undefined || c.after !== undefined) && (
              <>
                : <BeforeAfter before={c.before} after={c.after} />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function AnnotationChanges({ changes }: { changes: AnnotationChange[] }) {
  return (
    <div>
      <p className="font-medium">Annotations</p>
      <ul className="mt-1 flex flex-col gap-1 pl-4">
        {changes.map((c) => (
          <li key={c.hint} className={cx('list-disc wrap-anywhere', (c.risky || c.claimsSafer) && 'text-red-800 dark:text-red-300')}>
            <code className="font-mono text-xs">{c.hint}</code>: <BeforeAfter before={c.before} after={c.after} />
            {(c.risky || c.claimsSafer) && ' '}
            {(c.risky || c.claimsSafer) && (
              <span className="ml-1 inline-flex items-center gap-1 font-medium">
                <TriangleAlert className="size-3.5" aria-hidden="true" />
                {/* A claim of more safety lets clients stop asking: the scan's findings say whether the tool's words back it. */}
                {c.claimsSafer ? 'Claims more safety' : 'Less safe'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One tool's (prompt's, resource's) change: what happened and, for a change, what exactly. */
function ItemChangeView({ item }: { item: ItemChange }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
      <p className="flex flex-wrap items-center gap-2">
        <Badge className={CHANGE_TONE[item.change]}>{CHANGE_LABEL[item.change]}</Badge>
        <span className="text-zinc-600 dark:text-zinc-400">{KIND_LABEL[item.kind]}</span>
        {item.change === 'renamed' && item.previousName !== undefined ? (
          <span className="min-w-0 wrap-anywhere">
            <code className="font-mono text-xs">{item.previousName}</code>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> renamed to </span>
            <code className="font-mono text-xs font-semibold">{item.name}</code>
          </span>
        ) : (
          <code className="min-w-0 font-mono text-xs font-semibold wrap-anywhere">{item.name}</code>
        )}
      </p>
      {item.title && (
        <p className="wrap-anywhere">
          <span className="font-medium">Title: </span>
          <BeforeAfter before={item.title.before} after={item.title.after} />
        </p>
      )}
      {item.description && (
        <div>
          <p className="font-medium">Description</p>
          <DiffParts parts={item.description} className="mt-1" />
        </div>
      )}
      {item.schema && item.schema.length > 0 && <SchemaChanges changes={item.schema} />}
      {item.annotations && item.annotations.length > 0 && <AnnotationChanges changes={item.annotations} />}
      {item.other && item.other.length > 0 && (
        <p className="wrap-anywhere text-zinc-700 dark:text-zinc-300">
          Also changed:{' '}
          {item.other.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: field names may repeat; the position tells them apart.
            <span key={i}>
              {i > 0 && ', '}
              <code className="font-mono text-xs">{o}</code>
            </span>
          ))}
        </p>
      )}
    </li>
  )
}

function WithoutNewVersion({ diff }: { diff: SurfaceDiff }) {
  return (
    <div
      data-testid="without-new-version"
      className="flex gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="wrap-anywhere">
        <strong className="font-semibold">Changed without a new version.</strong> The listing stayed at version {diff.listingVersion.after}
        {diff.serverVersion.after ? ` and the server still says ${diff.serverVersion.after}` : ''}, yet what it offers a model changed.
        Check the changes before you trust it again.
      </p>
    </div>
  )
}

function EntryView({ entry }: { entry: Entry }) {
  const headingId = useId()
  const { diff } = entry
  return (
    <li
      id={`change-${entry.id}`}
      className="relative flex min-w-0 scroll-mt-20 flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 id={headingId} className="font-semibold wrap-anywhere">
              {diff ? diffHeading(diff) : entry.summary}
            </h4>
            <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
              <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                {formatDateTime(entry.at)}
              </time>{' '}
              ({timeAgo(entry.at)}) · {SOURCE_LABEL[entry.source]} · version {entry.listingVersion}
            </p>
          </div>
          <RiskBadge risk={entry.risk} />
        </div>
        {diff?.withoutNewVersion && <WithoutNewVersion diff={diff} />}
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex min-w-0 gap-1.5">
            <dt className="text-zinc-600 dark:text-zinc-400">Hash:</dt>
            <dd>
              <code className="font-mono text-xs" title={pinnedHash(entry.hash)}>
                sha256:{shortHash(entry.hash)}
              </code>
            </dd>
          </div>
          {diff && diff.serverVersion.before !== diff.serverVersion.after && (
            <div className="flex min-w-0 gap-1.5">
              <dt className="text-zinc-600 dark:text-zinc-400">Server's own version:</dt>
              <dd>
                <BeforeAfter before={diff.serverVersion.before} after={diff.serverVersion.after} />
              </dd>
            </div>
          )}
          {diff && diff.listingVersion.before !== diff.listingVersion.after && (
            <div className="flex min-w-0 gap-1.5">
              <dt className="text-zinc-600 dark:text-zinc-400">Listing version:</dt>
              <dd>
                <BeforeAfter before={diff.listingVersion.before} after={diff.listingVersion.after} />
              </dd>
            </div>
          )}
          {entry.newFindings > 0 && (
            <div className="flex gap-1.5">
              <dt className="text-zinc-600 dark:text-zinc-400">New findings:</dt>
              <dd className="font-medium tabular-nums">{entry.newFindings}</dd>
            </div>
          )}
        </dl>
        {entry.review && (
          <p className="text-sm font-medium wrap-anywhere">
            {entry.review.status === 'hidden' ? 'Listing hidden by an admin: ' : 'Reviewed by an admin: '}
            <span className="font-normal">{entry.review.reason}</span>
          </p>
        )}
        {diff?.instructions && (
          <div className="text-sm">
            <p className="font-medium">Server instructions</p>
            <DiffParts parts={diff.instructions} className="mt-1" />
          </div>
        )}
        {diff && diff.items.length > 0 && (
          <ul aria-label="What changed" className="flex flex-col gap-3">
            {diff.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a hostile server may repeat a name; the position tells them apart.
              <ItemChangeView key={`${i}-${item.kind}-${item.name}`} item={item} />
            ))}
          </ul>
        )}
      </article>
    </li>
  )
}

function TimelineSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading changes" className="flex min-h-56 flex-col gap-4">
      <span className="sr-only">Loading changes...</span>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <div className="h-5 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-12 w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
        </div>
      ))}
    </div>
  )
}

/** The subscribe link: the server's changes as an Atom feed (the Worker's, not a screen of the SPA). */
function ChangesFeedLink({ serverId }: { serverId: string }) {
  return (
    <a
      href={feedPath({ kind: 'changes', id: serverId }, 'atom')}
      type="application/atom+xml"
      aria-label="Subscribe to changes (Atom feed)"
      className="inline-flex items-center gap-1.5 rounded text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
    >
      <Rss className="size-4 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
      Subscribe to changes
    </a>
  )
}

/**
 * The Changes tab: every surface the catalogue read of this server, newest first, each with what
 * changed from the one before (a word diff of descriptions, schema and annotation changes), its
 * risk level, and 'Changed without a new version' called out where the surface changed while no
 * version did.
 */
export function ChangesTimeline({ serverId }: { serverId: string }) {
  const headingId = useId()
  const { data, error, mutate } = useServerChanges(serverId)
  // A feed entry links to its change ('#change-12'): once the timeline is on screen, go there.
  const loaded = Boolean(data)
  useEffect(() => {
    if (!loaded || !window.location.hash.startsWith('#change-')) return
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' })
  }, [loaded])
  if (!data && error) return <LoadFailed title="Failed to load the changes" onRetry={() => void mutate()} />
  if (!data) return <TimelineSkeleton />
  const entries = data.entries as Entry[]
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          Changes <span className="text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({entries.length})</span>
        </h3>
        <ChangesFeedLink serverId={serverId} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each time the catalogue reads a different set of tools, prompts or resources from this server, it records what changed: tools added,
        removed or renamed, descriptions word by word, parameters and hints.
      </p>
      {entries.length ? (
        <ol aria-label="Changes, newest first" className="flex flex-col gap-4">
          {entries.map((entry) => (
            <EntryView key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : (
        <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <History className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
          <p className="mt-3 font-medium">No changes recorded yet</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
            Once the catalogue has read this server's tools, every change to them is recorded here, with the exact words that changed and
            whether its version changed with them.
          </p>
        </div>
      )}
    </section>
  )
}
