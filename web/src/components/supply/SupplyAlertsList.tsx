import { Link } from 'wouter'
import type { SupplyAlert } from '@shared/supply'
import { Section } from '../dashboard/ServerGrid'
import { TimeAgo } from '../ui/TimeAgo'
import { ALERT_WHY, versionHref } from './labels'
import { VersionBandBadge } from './SupplyBadge'

function AlertRow({ alert }: { alert: SupplyAlert }) {
  return (
    <li
      data-supply-alert={`${alert.packageName}@${alert.version}`}
      className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={versionHref(alert.serverId, alert.registry, alert.packageName, alert.version)}
          aria-label={`${alert.displayName}: see ${alert.packageName} ${alert.version} in its supply chain`}
          className="min-w-0 rounded font-medium wrap-anywhere text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
        >
          {alert.displayName}
        </Link>
        <VersionBandBadge band={alert.band} score={alert.score} />
      </div>
      <p className="text-sm wrap-anywhere text-zinc-800 dark:text-zinc-200">{alert.summary}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {ALERT_WHY[alert.why]} · <TimeAgo iso={alert.at} />
      </p>
    </li>
  )
}

/**
 * 'Package versions' on the dashboard, beside the tool changes: new versions of the packages of
 * servers the user follows, liked or keeps that the supply-chain watch scored Medium or above,
 * newest first, each leading to the server's Supply chain tab. Nothing is shown without one.
 */
export function SupplyAlertsList({ alerts }: { alerts: readonly SupplyAlert[] }) {
  if (!alerts.length) return null
  return (
    <Section title="Package versions">
      <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        New versions of the packages behind servers you follow, like or keep that scored Medium or above in the supply-chain watch: check
        them before you update.
      </p>
      <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
        {alerts.map((a) => (
          <AlertRow key={`${a.serverId}-${a.registry}-${a.packageName}-${a.version}`} alert={a} />
        ))}
      </ul>
    </Section>
  )
}
