import { TrendingDown } from 'lucide-react'
import { Link } from 'wouter'
import type { VerdictAlert } from '@shared/verdict'
import { Section } from '../dashboard/ServerGrid'
import { TimeAgo } from '../ui/TimeAgo'
import { GradeMark } from './GradeBadge'
import { dropText, verdictHref } from './labels'

function DropRow({ alert }: { alert: VerdictAlert }) {
  return (
    <li
      data-grade-drop={alert.serverId}
      className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={verdictHref(alert.serverId)}
          aria-label={`${alert.displayName}: see its verdict`}
          className="min-w-0 rounded font-medium wrap-anywhere text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
        >
          {alert.displayName}
        </Link>
        {/* The drop in words for screen readers; the marks and the arrow repeat it on screen. */}
        <p className="flex items-center gap-1.5 text-sm">
          <span className="sr-only">Grade dropped from {dropText(alert)}</span>
          <span aria-hidden="true" className="flex items-center gap-1.5">
            <GradeMark grade={alert.from} />
            <TrendingDown className="size-4 text-red-700 dark:text-red-400" />
            <GradeMark grade={alert.to} />
          </span>
        </p>
      </div>
      {alert.reasons.length > 0 && (
        <ul
          aria-label={`Why the grade of ${alert.displayName} dropped`}
          className="flex flex-col gap-0.5 text-sm text-zinc-800 dark:text-zinc-200"
        >
          {alert.reasons.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two dimensions may fall for the same reason; the position tells them apart.
            <li key={i} className="wrap-anywhere">
              {r}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <TimeAgo iso={alert.createdAt} />
      </p>
    </li>
  )
}

/**
 * 'Grade drops' on the dashboard: servers the user follows, liked or keeps whose verdict fell in
 * the last 30 days, newest first, each with the grades before and after, why, and a link to its
 * Verdict tab; a quiet line when none did.
 */
export function GradeDropsList({ alerts }: { alerts: readonly VerdictAlert[] }) {
  return (
    <Section title="Grade drops">
      <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Servers you follow, like or keep whose verdict fell in the last 30 days: see why before you rely on them again.
      </p>
      {alerts.length ? (
        <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
          {alerts.map((a) => (
            <DropRow key={`${a.serverId}-${a.createdAt}`} alert={a} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
          No grade dropped on the servers you follow, like or keep in the last 30 days.
        </p>
      )}
    </Section>
  )
}
