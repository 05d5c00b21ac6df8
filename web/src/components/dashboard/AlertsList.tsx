import { TriangleAlert } from 'lucide-react'
import { Link } from 'wouter'
import type { SurfaceAlert } from '@shared/scan'
import { RiskBadge } from '../scan/RiskBadge'
import { TimeAgo } from '../ui/TimeAgo'
import { Section } from './ServerGrid'

const WHY: Record<SurfaceAlert['why'], string> = {
  follow: 'You follow its author',
  like: 'You liked it',
  category: 'It is in your categories',
}

function AlertRow({ alert }: { alert: SurfaceAlert }) {
  return (
    <li className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={`/servers/${alert.serverId}?tab=changes`}
          aria-label={`${alert.displayName}: see its changes`}
          className="min-w-0 rounded font-medium wrap-anywhere text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
        >
          {alert.displayName}
        </Link>
        <RiskBadge risk={alert.risk} />
      </div>
      <p className="text-sm wrap-anywhere text-zinc-800 dark:text-zinc-200">{alert.summary}</p>
      {alert.withoutNewVersion && (
        <p className="flex items-center gap-1.5 text-sm font-medium text-amber-900 dark:text-amber-200">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          Changed without a new version
        </p>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {WHY[alert.why]} · <TimeAgo iso={alert.at} />
      </p>
    </li>
  )
}

/**
 * 'Tool changes' on the dashboard: servers the user follows, liked or keeps whose tools changed
 * or gained a finding of medium or above, newest first, each leading to its Changes tab. Nothing
 * is shown without one: a quiet dashboard is the good case.
 */
export function AlertsList({ alerts }: { alerts: readonly SurfaceAlert[] }) {
  if (!alerts.length) return null
  return (
    <Section title="Tool changes">
      <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        What changed lately in the tools of servers you follow, like or keep: check them before your AI client uses them again.
      </p>
      <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
        {alerts.map((a) => (
          <AlertRow key={`${a.serverId}-${a.changeId}`} alert={a} />
        ))}
      </ul>
    </Section>
  )
}
