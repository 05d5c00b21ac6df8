import { TriangleAlert } from 'lucide-react'
import type { ServerSummary } from '@shared/types'
import { cx } from './ui/cx'

/** The registry deprecated this server: said on its card (compact) and its page, with the reason. */
export function DeprecatedNotice({ deprecated, compact }: { deprecated: NonNullable<ServerSummary['deprecated']>; compact?: boolean }) {
  return (
    <p
      role="note"
      className={cx(
        'flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
        compact ? 'mt-2 px-2 py-1 text-xs' : 'mt-3 px-3 py-2 text-sm',
      )}
    >
      <TriangleAlert className={cx('shrink-0', compact ? 'mt-px size-3.5' : 'mt-0.5 size-4')} aria-hidden="true" />
      <span className={cx(compact && 'line-clamp-2')}>
        <strong className="font-semibold">Deprecated</strong>
        {deprecated.message ? `: ${deprecated.message}` : ' by its publisher in the MCP registry.'}
      </span>
    </p>
  )
}
