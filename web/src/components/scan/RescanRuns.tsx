import { useId } from 'react'
import type { BeforeAfter, RescanRun } from '@shared/scan'
import { useApi } from '../../hooks/useApi'
import { api, apiKey } from '../../lib/api'
import { formatDateTime, formatNumber } from '../../lib/format'
import { PageSpinner } from '../Spinner'
import { Card } from '../ui/Card'
import { LoadFailed } from '../ui/LoadFailed'
import { CLASS_LABEL, RISK_LABEL, SEVERITY_LABEL } from './labels'

export const RESCANS_KEY = apiKey(api.admin.rescans)

const cell = 'px-2 py-1.5 text-right tabular-nums sm:px-3'

/** A change said in words as well as a sign, so it does not rest on colour or a minus glyph alone. */
const change = ({ before, after }: BeforeAfter) =>
  after === before ? 'no change' : `${after > before ? '+' : '−'}${formatNumber(Math.abs(after - before))}`

type Row = { label: string } & BeforeAfter

function Group({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <tbody>
      <tr className="border-t border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900">
        <th scope="rowgroup" colSpan={4} className="px-2 py-1.5 text-left font-medium sm:px-3">
          {title}
        </th>
      </tr>
      {rows.map((row) => (
        <tr key={row.label} className="border-t border-zinc-200 dark:border-zinc-800">
          <th scope="row" className="px-2 py-1.5 text-left font-normal sm:px-3">
            {row.label}
          </th>
          <td className={cell}>{formatNumber(row.before)}</td>
          <td className={cell}>{formatNumber(row.after)}</td>
          <td className={cell}>{change(row)}</td>
        </tr>
      ))}
    </tbody>
  )
}

function RunCard({ run }: { run: RescanRun }) {
  const id = useId()
  const done = run.finishedAt !== null
  return (
    <Card className="p-4">
      <article aria-labelledby={`${id}-title`} data-testid={`rescan-${run.scannerVersion}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`${id}-title`} className="font-semibold">
            Scanner version {run.scannerVersion}
          </h3>
          <span className="text-sm font-medium">{done ? 'Finished' : 'In progress'}</span>
        </div>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          Started {formatDateTime(run.startedAt)}
          {run.finishedAt ? `, finished ${formatDateTime(run.finishedAt)}` : ''}
        </p>
        <div className="mt-2 flex items-center gap-3 text-sm">
          <progress
            id={`${id}-progress`}
            className="h-2 w-40"
            max={Math.max(run.surfacesTotal, 1)}
            value={run.surfacesRescanned}
            aria-labelledby={`${id}-progress-text`}
          />
          <span id={`${id}-progress-text`}>
            {formatNumber(run.surfacesRescanned)} of {formatNumber(run.surfacesTotal)} surfaces rescanned
          </span>
        </div>
        <p className="mt-2 text-sm">
          Listings whose risk rose: <strong>{formatNumber(run.listings.rose)}</strong>, fell:{' '}
          <strong>{formatNumber(run.listings.fell)}</strong>, stayed: {formatNumber(run.listings.same)}
        </p>
        <div className="mt-3 overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-sm">
            <caption className="sr-only">Before and after the rescan with scanner version {run.scannerVersion}</caption>
            <thead className="bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-2 py-1.5 text-left font-medium sm:px-3">
                  Of the rescanned surfaces
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Before
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  After
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Change
                </th>
              </tr>
            </thead>
            <Group title="Open findings by severity" rows={run.bySeverity.map((s) => ({ label: SEVERITY_LABEL[s.severity], ...s }))} />
            {run.byClass.length > 0 && (
              <Group title="Open findings by class" rows={run.byClass.map((c) => ({ label: CLASS_LABEL[c.class], ...c }))} />
            )}
            <Group title="Surfaces by risk" rows={run.surfaceRisk.map((r) => ({ label: RISK_LABEL[r.risk], ...r }))} />
            <Group title="Listings by risk" rows={run.listingRisk.map((r) => ({ label: RISK_LABEL[r.risk], ...r }))} />
          </table>
        </div>
      </article>
    </Card>
  )
}

/** The rescans after the rules changed (GET /api/admin/rescans), each with its progress and before → after counts. */
export function RescanRuns() {
  const { data: runs, error, mutate } = useApi(RESCANS_KEY, { revalidateOnMount: true })
  return (
    <section aria-labelledby="rescans-heading" className="mt-10">
      <h2 id="rescans-heading" className="text-xl font-semibold">
        Rescans
      </h2>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        When the scanner's rules change, every stored surface is scanned again, twenty a minute. Each run counts what the rescanned surfaces
        and their listings held before and hold after.
      </p>
      <div className="mt-4 flex flex-col gap-4">
        {error && !runs ? (
          <LoadFailed title="Failed to load the rescans" onRetry={() => void mutate()} />
        ) : !runs ? (
          <PageSpinner />
        ) : runs.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">No rescan has run: the stored surfaces were all scanned by the current rules.</p>
        ) : (
          runs.map((run) => <RunCard key={run.scannerVersion} run={run} />)
        )}
      </div>
    </section>
  )
}
