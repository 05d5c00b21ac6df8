import { formatDateTime, timeAgo } from '../../lib/format'

/**
 * A past moment as people read it ('3 hours ago'), with the exact date and time on hover and in
 * the markup (`dateTime`): the one way every screen shows when something happened.
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {timeAgo(iso)}
    </time>
  )
}
