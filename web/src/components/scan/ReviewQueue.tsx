import { EyeOff, ShieldOff } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import { Link } from 'wouter'
import type { ReviewDecisionInput, ReviewItem, ReviewQueueResponse } from '@shared/scan'
import { type RemovableItemProps, useFocusAfterRemoval } from '../../hooks/useFocusAfterRemoval'
import { type DecisionResult, useReviewDecision, useReviewQueue } from '../../hooks/useReviewQueue'
import { scanApi } from '../../lib/api'
import { PageSpinner } from '../Spinner'
import { supplyHref } from '../supply/labels'
import { buttonClass } from '../ui/button'
import { LoadFailed } from '../ui/LoadFailed'
import { TimeAgo } from '../ui/TimeAgo'
import { DecisionDialog } from './DecisionDialog'
import { SeverityBadge } from './RiskBadge'

const KIND_LABEL: Record<ReviewItem['kind'], string> = {
  finding: 'Finding',
  change: 'Changed without a new version',
  package: 'Package version',
}

interface ItemProps extends Partial<RemovableItemProps> {
  item: ReviewItem
  onDecide?: (action: ReviewDecisionInput['action']) => void
}

/** One thing to look at: how severe, which server, what and why, and (open) the two decisions or (decided) who, when and why. */
function ReviewRow({ item, onDecide, ...removable }: ItemProps) {
  const headingId = useId()
  return (
    <li
      data-review-id={item.id}
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      {...removable}
    >
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <SeverityBadge severity={item.severity} />
          <span className="text-zinc-600 dark:text-zinc-400">{KIND_LABEL[item.kind]}</span>
          <span aria-hidden="true" className="text-zinc-500">
            ·
          </span>
          <Link
            // A package version leads to the server's Supply chain tab, where its signals are.
            href={item.kind === 'package' ? supplyHref(item.serverId) : `/servers/${item.serverId}`}
            className="min-w-0 rounded font-medium text-blue-700 wrap-anywhere underline-offset-2 hover:underline dark:text-blue-400"
          >
            {item.serverName}
          </Link>
          <span aria-hidden="true" className="text-zinc-500">
            ·
          </span>
          <span className="text-zinc-600 dark:text-zinc-400">
            <span className="sr-only">Found </span>
            <TimeAgo iso={item.createdAt} />
          </span>
        </div>
        <h3 id={headingId} className="font-semibold wrap-anywhere">
          {item.title}
        </h3>
        <p className="text-sm leading-6 text-zinc-800 wrap-anywhere dark:text-zinc-200">{item.reason}</p>
        {item.decision && (
          <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm wrap-anywhere dark:bg-zinc-800">
            <span className="font-medium">
              {item.decision.status === 'hidden' ? 'Listing hidden' : 'Dismissed'} by {item.decision.by}, <TimeAgo iso={item.decision.at} />
              :
            </span>{' '}
            {item.decision.reason}
          </p>
        )}
        {onDecide && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              aria-label={`Dismiss: ${item.title}`}
              onClick={() => onDecide('dismiss')}
            >
              <ShieldOff className="size-4" aria-hidden="true" />
              Dismiss
            </button>
            <button
              type="button"
              className={buttonClass('danger', 'sm')}
              aria-label={`Hide listing ${item.serverName}: ${item.title}`}
              onClick={() => onDecide('hide')}
            >
              <EyeOff className="size-4" aria-hidden="true" />
              Hide listing
            </button>
          </div>
        )}
      </article>
    </li>
  )
}

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
      {children}
    </p>
  )
}

/**
 * The open items, each with Dismiss and Hide listing. A decided item leaves the list at once
 * (then the queue is read again), and focus goes to its neighbour, else the list's heading.
 */
export function OpenQueue({ data }: { data: ReviewQueueResponse }) {
  const { mutate } = useSWRConfig()
  const decide = useReviewDecision()
  const [decision, setDecision] = useState<{ item: ReviewItem; action: ReviewDecisionInput['action'] } | null>(null)
  const removal = useFocusAfterRemoval(data.items.map((i) => String(i.id)))
  const headingId = useId()

  // A decided item leaves the list only after its dialog has closed and given focus back to the
  // item's button: then the removal moves focus to the neighbour (useFocusAfterRemoval).
  const [dropped, setDropped] = useState<number | null>(null)
  useEffect(() => {
    if (dropped === null || decision !== null) return
    setDropped(null)
    void mutate<ReviewQueueResponse>(
      scanApi.reviewKey('open'),
      (d) => d && { ...d, items: d.items.filter((i) => i.id !== dropped), counts: { ...d.counts, open: Math.max(0, d.counts.open - 1) } },
      { revalidate: true },
    )
  }, [dropped, decision, mutate])

  const decideAndDrop = async (item: ReviewItem, input: ReviewDecisionInput): Promise<DecisionResult> => {
    const result = await decide(item, input)
    if (result.ok) setDropped(item.id)
    return result
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} ref={removal.heading} tabIndex={-1} className="rounded text-lg font-semibold">
        Open items
      </h2>
      {data.items.length ? (
        <ul className="flex flex-col gap-3">
          {data.items.map((item) => (
            <ReviewRow key={item.id} item={item} onDecide={(action) => setDecision({ item, action })} {...removal.item(String(item.id))} />
          ))}
        </ul>
      ) : (
        <Empty>
          Nothing to review. New findings of medium or above, surfaces changed without a new version, and package versions the supply-chain
          watch scored Medium or above arrive here.
        </Empty>
      )}
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} decide={decideAndDrop} />
    </section>
  )
}

/** Decided items, newest first: who decided, when and why. */
export function DecidedQueue() {
  const { data, error, mutate } = useReviewQueue('decided')
  const headingId = useId()
  if (error && !data) return <LoadFailed title="Failed to load the decided items" onRetry={() => void mutate()} />
  if (!data) return <PageSpinner />
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Decided items
      </h2>
      {data.items.length ? (
        <ul className="flex flex-col gap-3">
          {data.items.map((item) => (
            <ReviewRow key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <Empty>No decision yet.</Empty>
      )}
    </section>
  )
}
