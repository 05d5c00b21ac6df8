import type { StoredFinding } from '@shared/scan'
import { cx } from '../ui/cx'
import { findingPlace, sortFindings } from './labels'
import { SeverityBadge } from './RiskBadge'

/** An admin's dismissal, shown beside the finding it dismissed. */
function Dismissed({ finding }: { finding: StoredFinding }) {
  if (!finding.review) return null
  return (
    <p className="text-sm font-medium text-zinc-700 wrap-anywhere dark:text-zinc-300">
      {finding.review.status === 'hidden' ? 'Listing hidden by an admin: ' : 'Dismissed by an admin: '}
      <span className="font-normal">{finding.review.reason}</span>
    </p>
  )
}

/**
 * The excerpt as the scanner quoted it: plain text in a monospace block that wraps (a phone never
 * scrolls sideways), invisible characters already written out as <U+XXXX> by the Worker.
 */
function Excerpt({ text }: { text: string }) {
  return (
    <pre className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-900 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100">
      <span className="sr-only">Excerpt: </span>
      {text}
    </pre>
  )
}

/**
 * Findings of a surface or of one tool: severity, rule, where (item and field), the excerpt and
 * why it matters; dismissed ones last, muted, with the admin's reason. `compact` (inside a tool's
 * card) leaves out the item, which the card names already.
 */
export function FindingsList({
  findings,
  compact = false,
  label,
}: {
  findings: readonly StoredFinding[]
  compact?: boolean
  label: string
}) {
  return (
    <ul aria-label={label} className={cx('flex flex-col', compact ? 'gap-2' : 'gap-3')}>
      {sortFindings(findings).map((f) => {
        const place = findingPlace(f)
        const dismissed = Boolean(f.review)
        return (
          <li
            key={f.id}
            data-finding={f.rule}
            data-dismissed={dismissed || undefined}
            className={cx(
              'flex min-w-0 flex-col gap-1.5 rounded-md border px-3 py-2 text-sm',
              dismissed ? 'border-dashed border-zinc-300 dark:border-zinc-700' : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <SeverityBadge severity={f.severity} muted={dismissed} />
              <code className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{f.rule}</code>
              <span className="min-w-0 text-zinc-700 wrap-anywhere dark:text-zinc-300">
                {compact ? 'in ' : <>in {place.item}, </>}
                <code className="font-mono text-xs">{place.field}</code>
              </span>
            </div>
            <p className={cx('wrap-anywhere', dismissed ? 'text-zinc-600 dark:text-zinc-400' : 'text-zinc-900 dark:text-zinc-100')}>
              {f.reason}
            </p>
            {!compact && f.excerpt && <Excerpt text={f.excerpt} />}
            <Dismissed finding={f} />
          </li>
        )
      })}
    </ul>
  )
}
