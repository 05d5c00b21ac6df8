import type { SurfaceCoverage } from '@shared/surface'
import { COVERAGE_KINDS, coverageReasons, failureGroups, needsConfigText } from '../../lib/surface-view'
import { cx } from '../ui/cx'
import { NoValue } from '../ui/NoValue'

const cell = 'px-1 py-2 align-top first:pl-2 sm:px-3'
const num = cx(cell, 'text-right tabular-nums')
const COUNTS = ['Listings', 'Read', 'Declared', 'None'] as const
/** On a phone 'None' is the last column shown: it keeps the box's inner margin. */
const lastOnPhone = 'max-sm:pr-2'

/**
 * How many listings of each kind (remote, npm, PyPI, OCI, other) have a surface read, one
 * declared by the maintainer, or none, and why none. A phone has no room for the reasons' column:
 * they are said under the kind instead; the box scrolls on its own before the page would.
 */
export function CoverageTable({ coverage }: { coverage: SurfaceCoverage[] }) {
  if (!coverage.length) return <p className="text-sm text-zinc-700 dark:text-zinc-300">No listings yet.</p>
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Surfaces by kind of listing: read, declared by the maintainer, or none and why</caption>
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className={cx(cell, 'font-medium')}>
              Kind
            </th>
            {COUNTS.map((name) => (
              <th key={name} scope="col" className={cx(num, 'font-medium', name === 'None' && lastOnPhone)}>
                {name}
              </th>
            ))}
            <th scope="col" className={cx(cell, 'font-medium max-sm:hidden')}>
              Why none
            </th>
          </tr>
        </thead>
        <tbody>
          {coverage.map((row) => {
            const reasons = coverageReasons(row.reasons)
            return (
              <tr key={row.kind} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" className={cx(cell, 'font-medium')}>
                  {COVERAGE_KINDS[row.kind]}
                  {reasons && (
                    <span className="mt-0.5 block font-normal break-words text-zinc-600 sm:hidden dark:text-zinc-400">{reasons}</span>
                  )}
                </th>
                <td className={num}>{row.listings.toLocaleString('en-US')}</td>
                <td className={num}>{row.read.toLocaleString('en-US')}</td>
                <td className={num}>{row.declared.toLocaleString('en-US')}</td>
                <td className={cx(num, lastOnPhone)}>{row.none.toLocaleString('en-US')}</td>
                <td className={cx(cell, 'wrap-anywhere text-zinc-700 max-sm:hidden dark:text-zinc-300')}>
                  {reasons || <NoValue label="Every listing has one" />}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

const OUTCOME_COUNTS = ['Probed', 'Read', 'Lost a list', 'Needs configuration'] as const

/**
 * Each kind's listings by their latest probe, as the coverage figures group them: probed, read
 * (and how many of those lost an announced list), needing configuration with the variables most
 * wanted, and the failures by cause.
 */
export function OutcomesTable({ coverage }: { coverage: SurfaceCoverage[] }) {
  const probed = coverage.filter((row) => row.outcomes.probed > 0)
  if (!probed.length) return <p className="text-sm text-zinc-700 dark:text-zinc-300">No listing probed yet.</p>
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Latest probes by kind of listing: read, needing configuration, and failures by cause</caption>
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className={cx(cell, 'font-medium')}>
              Kind
            </th>
            {OUTCOME_COUNTS.map((name) => (
              <th key={name} scope="col" className={cx(num, 'font-medium')}>
                {name}
              </th>
            ))}
            <th scope="col" className={cx(cell, 'font-medium')}>
              Failures by cause
            </th>
          </tr>
        </thead>
        <tbody>
          {probed.map(({ kind, outcomes }) => (
            <tr key={kind} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className={cx(cell, 'font-medium')}>
                {COVERAGE_KINDS[kind]}
              </th>
              <td className={num}>{outcomes.probed.toLocaleString('en-US')}</td>
              <td className={num}>{outcomes.ok.toLocaleString('en-US')}</td>
              <td className={num}>{outcomes.listFailed.toLocaleString('en-US')}</td>
              <td className={cx(num, 'wrap-anywhere')}>{needsConfigText(outcomes)}</td>
              <td className={cx(cell, 'wrap-anywhere text-zinc-700 dark:text-zinc-300')}>
                {failureGroups(outcomes.failures) || <NoValue label="No failures" />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
