import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Link } from 'wouter'
import { PAGE_PATHS } from '@shared/page-paths'
import type { SyncRun } from '@shared/types'
import { AccessDenied } from '../components/AccessDenied'
import { ProbesOverview } from '../components/probes/ProbesOverview'
import { PageSpinner } from '../components/Spinner'
import { buttonClass } from '../components/ui/button'
import { Card } from '../components/ui/Card'
import { LoadFailed } from '../components/ui/LoadFailed'
import { useApi } from '../hooks/useApi'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useSession } from '../hooks/useSession'
import { api, apiKey, call, isApiError } from '../lib/api'
import { formatDateTime } from '../lib/format'

const RUNS_KEY = apiKey(api.admin.sync.runs)

const COUNTS = ['pages', 'added', 'updated', 'hidden', 'refused'] as const

function RunCard({ run }: { run: SyncRun }) {
  return (
    <Card className="p-4">
      <article aria-labelledby={`run-${run.id}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`run-${run.id}`} className="font-semibold">
            Run {run.id} · {run.kind === 'full' ? 'full' : `changes since ${formatDateTime(run.updatedSince ?? '')}`}
          </h2>
          <span className="text-sm font-medium" data-status={run.status}>
            {run.status}
          </span>
        </div>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          Started {formatDateTime(run.startedAt)}
          {run.finishedAt ? `, finished ${formatDateTime(run.finishedAt)}` : ''} · {run.invocations} invocations
        </p>
        <dl className="mt-3 grid grid-cols-5 gap-2 text-center text-sm">
          {COUNTS.map((k) => (
            <div key={k} className="rounded-md bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
              <dt className="text-zinc-700 capitalize dark:text-zinc-300">{k}</dt>
              <dd className="font-semibold tabular-nums">{run[k]}</dd>
            </div>
          ))}
        </dl>
        {run.lastError && <p className="mt-3 text-sm text-red-700 dark:text-red-400">Last error: {run.lastError}</p>}
        {run.refusals.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">Refused entries</summary>
            <ul className="mt-2 flex flex-col gap-1">
              {run.refusals.map((r, i) => (
                // Refusals have no id of their own; their order within a run is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i} className="wrap-anywhere">
                  <code className="font-mono text-xs">
                    {r.name || '(no name)'}
                    {r.version ? `@${r.version}` : ''}
                  </code>
                  : {r.reason}
                </li>
              ))}
            </ul>
          </details>
        )}
      </article>
    </Card>
  )
}

function SyncRuns() {
  const { data: runs, error, mutate } = useApi(RUNS_KEY, { revalidateOnMount: true })
  const [busy, setBusy] = useState(false)
  const runNow = async () => {
    setBusy(true)
    try {
      const run = await call(api.admin.sync.runs.$post())
      toast.success(`Sync run ${run.id} ${run.status}`, {
        description: `${run.added} added, ${run.updated} updated, ${run.refused} refused`,
      })
      await mutate()
    } catch (err) {
      toast.error('The sync did not run', { description: isApiError(err) ? err.reason : undefined })
    } finally {
      setBusy(false)
    }
  }
  if (error) return <LoadFailed title="Failed to load the sync runs" onRetry={() => void mutate()} />
  if (!runs) return <PageSpinner />
  return (
    <>
      <button type="button" onClick={runNow} disabled={busy} className={buttonClass('primary', 'md', 'mt-4')}>
        <RefreshCw className="size-4" aria-hidden="true" />
        {busy ? 'Running…' : 'Run now'}
      </button>
      <div className="mt-6 flex flex-col gap-4">
        {runs.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">No sync has run yet.</p>
        ) : (
          runs.map((r) => <RunCard key={r.id} run={r} />)
        )}
      </div>
    </>
  )
}

/** /admin/sync: the registry sync's runs for admins, a button to run one batch now, and the server probes' overview. */
export default function SyncAdminPage() {
  const { user } = useSession()
  useDocumentMeta('Registry sync', 'The MCP registry sync runs.')
  if (!user?.isAdmin) return <AccessDenied what="the registry sync" />
  return (
    <div className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Registry sync</h1>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">
        The catalogue follows the MCP registry: every hour a run reads what changed, a page batch per minute. Run now reads one batch at
        once.
      </p>
      <p className="mt-2 text-sm">
        <Link href={PAGE_PATHS.reviewAdmin} className="rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
          Review queue: findings and changes to look at
        </Link>
      </p>
      <SyncRuns />
      <ProbesOverview />
    </div>
  )
}
