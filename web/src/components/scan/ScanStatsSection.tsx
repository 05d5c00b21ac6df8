import { useId } from 'react'
import { RISK_LEVELS, SCAN_CLASSES, type ScanStats, SEVERITIES, type Severity } from '@shared/scan'
import { useScanStats } from '../../hooks/useScanStats'
import { formatNumber } from '../../lib/format'
import { FiguresSkeleton } from '../ui/FiguresSkeleton'
import { LoadFailed } from '../ui/LoadFailed'
import { TimeAgo } from '../ui/TimeAgo'
import { CLASS_LABEL, RISK_LABEL, RISK_TONE, SEVERITY_LABEL } from './labels'

const cell = 'px-2 py-2 text-right tabular-nums sm:px-3'
const SEVERITY_ORDER: readonly Severity[] = [...SEVERITIES].reverse()

/** Open findings per class (rows) and severity (columns, high first), with totals. */
function FindingsTable({ stats }: { stats: ScanStats }) {
  const at = (cls: string, sev: Severity) => stats.findings.find((f) => f.class === cls && f.severity === sev)?.count ?? 0
  const rowTotal = (cls: string) => SEVERITY_ORDER.reduce((n, s) => n + at(cls, s), 0)
  const colTotal = (sev: Severity) => SCAN_CLASSES.reduce((n, c) => n + at(c, sev), 0)
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Open findings by class and severity</caption>
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-2 py-2 font-medium sm:px-3">
              Class
            </th>
            {SEVERITY_ORDER.map((s) => (
              <th key={s} scope="col" className={`${cell} font-medium`}>
                {SEVERITY_LABEL[s]}
              </th>
            ))}
            <th scope="col" className={`${cell} font-medium`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {SCAN_CLASSES.map((c) => (
            <tr key={c} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className="px-2 py-2 font-normal sm:px-3">
                {CLASS_LABEL[c]}
              </th>
              {SEVERITY_ORDER.map((s) => (
                <td key={s} className={cell}>
                  {formatNumber(at(c, s))}
                </td>
              ))}
              <td className={`${cell} font-medium`}>{formatNumber(rowTotal(c))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-zinc-300 font-medium dark:border-zinc-700">
            <th scope="row" className="px-2 py-2 sm:px-3">
              All classes
            </th>
            {SEVERITY_ORDER.map((s) => (
              <td key={s} className={cell}>
                {formatNumber(colTotal(s))}
              </td>
            ))}
            <td className={cell}>{formatNumber(SEVERITY_ORDER.reduce((n, s) => n + colTotal(s), 0))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

/**
 * The advisory's live figures: how many surfaces and servers the catalogue's own scan of tool
 * descriptions has read, its open findings by class and severity, listings per risk level, and
 * when it last ran.
 */
export function ScanStatsSection() {
  const headingId = useId()
  const { data, error, mutate } = useScanStats()
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold">
        Live: the catalogue's scan of tool descriptions
      </h2>
      <div className="mt-3 flex flex-col gap-4 leading-7 text-zinc-800 dark:text-zinc-200">
        <p>
          Beyond packages, the catalogue reads what every server tells an AI client (its tools' names, descriptions and schemas) and scans
          those texts for hidden characters, instructions aimed at the model, reaching for secrets and sending data out. These figures are
          live.
        </p>
        {!data && error ? (
          <LoadFailed title="Failed to load the live figures" onRetry={() => void mutate()} />
        ) : !data ? (
          <FiguresSkeleton label="Loading the live figures" />
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
                <dt className="text-sm font-medium">Surfaces scanned</dt>
                <dd className="text-3xl font-bold tabular-nums">{formatNumber(data.surfacesScanned)}</dd>
              </div>
              <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
                <dt className="text-sm font-medium">Servers scanned</dt>
                <dd className="text-3xl font-bold tabular-nums">{formatNumber(data.serversScanned)}</dd>
              </div>
              <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
                <dt className="text-sm font-medium">Last scan</dt>
                <dd className="text-lg font-semibold">{data.lastScanAt ? <TimeAgo iso={data.lastScanAt} /> : 'Not yet'}</dd>
              </div>
            </dl>
            <div>
              <h3 className="font-semibold">Listings by risk level</h3>
              <ul aria-label="Listings by risk level" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[...RISK_LEVELS].reverse().map((r) => (
                  <li key={r} data-risk={r} className={`rounded-lg border p-3 ${RISK_TONE[r]}`}>
                    <p className="text-sm font-medium">{RISK_LABEL[r]}</p>
                    <p className="text-2xl font-bold tabular-nums">{formatNumber(data.risk[r] ?? 0)}</p>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-semibold">Open findings by class</h3>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Findings an admin dismissed are not counted.</p>
              <div className="mt-2">
                <FindingsTable stats={data} />
              </div>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
