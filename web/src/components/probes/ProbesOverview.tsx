import { RefreshCw } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'wouter'
import { PROBE_STATUSES, type ProbeOverview } from '@shared/surface'
import { useProbeNow, useProbeOverview } from '../../hooks/useProbes'
import { STATUS_LABELS } from '../../lib/surface-view'
import { PageSpinner } from '../Spinner'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'
import { cx } from '../ui/cx'
import { inputClass, labelClass } from '../ui/form'
import { LoadFailed } from '../ui/LoadFailed'
import { TimeAgo } from '../ui/TimeAgo'
import { CoverageTable, OutcomesTable } from './CoverageTable'
import { ProbeButton } from './ProbeButton'

/** 'Probe now' for any server by its id (the id is in its page's address). */
function ProbeById() {
  const id = useId()
  const probeNow = useProbeNow()
  const [serverId, setServerId] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const trimmed = serverId.trim()
    if (!trimmed) return
    setBusy(true)
    if (await probeNow(trimmed, trimmed)) setServerId('')
    setBusy(false)
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className={labelClass}>
          Server id
        </label>
        <input
          id={id}
          value={serverId}
          onChange={(e) => setServerId(e.target.value)}
          className={inputClass()}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" disabled={busy || !serverId.trim()} className={buttonClass('primary', 'md')}>
        <RefreshCw className={cx('size-4', busy && 'animate-spin')} aria-hidden="true" />
        {busy ? 'Queueing…' : 'Probe now'}
      </button>
    </form>
  )
}

function Counts({ overview }: { overview: ProbeOverview }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-center text-sm sm:grid-cols-4">
      {PROBE_STATUSES.map((s) => (
        <div key={s} className="rounded-md bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
          <dt className="text-zinc-700 dark:text-zinc-300">{STATUS_LABELS[s]}</dt>
          <dd className="font-semibold tabular-nums">{overview.counts[s] ?? 0}</dd>
        </div>
      ))}
      <div className="rounded-md bg-blue-50 px-2 py-1 dark:bg-blue-950/40">
        <dt className="text-zinc-700 dark:text-zinc-300">Due now</dt>
        <dd className="font-semibold tabular-nums">{overview.due}</dd>
      </div>
    </dl>
  )
}

function LastErrors({ errors }: { errors: ProbeOverview['lastErrors'] }) {
  if (!errors.length) return <p className="text-sm text-zinc-700 dark:text-zinc-300">No probe has failed lately.</p>
  return (
    <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one server may fail twice at the same time on two targets; the position tells them apart.
        <li key={`${i}-${e.serverId}`} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <Link
                href={`/servers/${e.serverId}`}
                className="font-medium wrap-anywhere text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
              >
                {e.serverName}
              </Link>
              <span className="font-medium">{STATUS_LABELS[e.status]}</span>
              <TimeAgo iso={e.startedAt} className="text-zinc-600 dark:text-zinc-400" />
            </p>
            {e.error && <p className="text-zinc-700 wrap-anywhere dark:text-zinc-300">{e.error}</p>}
            <code className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{e.target}</code>
          </div>
          <ProbeButton serverId={e.serverId} serverName={e.serverName} className="self-start" />
        </li>
      ))}
    </ul>
  )
}

/**
 * The admin's view of probing (what each server offers, read from the server): probes by status,
 * how many are due, the last errors with 'Probe now' beside each, and 'Probe now' for any server.
 */
export function ProbesOverview() {
  const headingId = useId()
  const { data, error, mutate } = useProbeOverview()
  return (
    <section aria-labelledby={headingId} className="mt-10 flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        Server probes
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        The catalogue reads each remote server's tools, prompts and resources from the server itself, and each package's by running it
        without network on a probe runner: at once for a new version, daily when healthy, less often while failing.
      </p>
      {error && !data ? (
        <LoadFailed title="Failed to load the probes" onRetry={() => void mutate()} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          {!data.enabled && (
            <p
              role="note"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              Probing is not configured on this deploy: no server is probed on a schedule.
            </p>
          )}
          <Card className="flex flex-col gap-4 p-4">
            <h3 className="font-semibold">Probes by status</h3>
            <Counts overview={data} />
          </Card>
          <Card className="flex flex-col gap-3 p-4">
            <h3 className="font-semibold">Coverage by kind of listing</h3>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Each listed server once: with a surface read (from its remote, or by running its package), with one its maintainer declared
              and none read, or with none, and then why: the latest probe's status.
            </p>
            <CoverageTable coverage={data.coverage} />
          </Card>
          <Card className="flex flex-col gap-3 p-4">
            <h3 className="font-semibold">Latest probes by kind</h3>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Each probed listing once, by its latest probe: read (and of those, how many lost a list the server announced), needing
              configuration (with the variables most asked for), or failed, grouped by cause.
            </p>
            <OutcomesTable coverage={data.coverage} />
          </Card>
          <Card className="flex flex-col gap-3 p-4">
            <h3 className="font-semibold">Probe a server now</h3>
            <ProbeById />
          </Card>
          <Card className="flex flex-col gap-2 p-4">
            <h3 className="font-semibold">Last errors</h3>
            <LastErrors errors={data.lastErrors} />
          </Card>
        </>
      )}
    </section>
  )
}
