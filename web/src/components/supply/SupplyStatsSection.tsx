import { useId } from 'react'
import { Link } from 'wouter'
import { SUPPLY_BANDS, type SupplyStats } from '@shared/supply'
import { useSupplyStats } from '../../hooks/useSupplyStats'
import { formatNumber } from '../../lib/format'
import { FeedLinks } from '../FeedLinks'
import { FiguresSkeleton } from '../ui/FiguresSkeleton'
import { LoadFailed } from '../ui/LoadFailed'
import { TimeAgo } from '../ui/TimeAgo'
import { BAND_SCORES, BAND_TONE, BAND_WORD, REGISTRY_LABEL, versionHref } from './labels'

// Links sit inside sentences here: underlined, not told apart by colour alone.
const linkClass = 'rounded text-blue-700 underline underline-offset-2 dark:text-blue-400'
const BANDS_WORST_FIRST = [...SUPPLY_BANDS].reverse()

/** The latest versions that scored High, each with a listing that installs the package. */
function LatestHigh({ stats }: { stats: SupplyStats }) {
  return (
    <div>
      <h3 className="font-semibold">Latest High findings</h3>
      {stats.latestHigh.length ? (
        <ul aria-label="Latest High findings" className="mt-2 flex flex-col gap-2">
          {stats.latestHigh.map((h) => (
            <li
              key={`${h.registry}:${h.packageName}@${h.version}:${h.serverId}`}
              className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
            >
              <span className="min-w-0 wrap-anywhere">
                <span className="text-zinc-600 dark:text-zinc-400">{REGISTRY_LABEL[h.registry]} </span>
                <span className="font-mono">
                  {h.packageName} {h.version}
                </span>{' '}
                <span className="font-medium whitespace-nowrap">scored High ({h.score})</span>, used by{' '}
                <Link href={versionHref(h.serverId, h.registry, h.packageName, h.version)} className={linkClass}>
                  {h.displayName}
                </Link>
              </span>
              <span className="text-zinc-600 dark:text-zinc-400">
                <TimeAgo iso={h.at} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">No version scored High in what the watch has read.</p>
      )}
    </div>
  )
}

function Figures({ stats }: { stats: SupplyStats }) {
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm font-medium">Packages watched</dt>
          <dd className="text-3xl font-bold tabular-nums">{formatNumber(stats.packagesWatched)}</dd>
        </div>
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm font-medium">Versions checked, last 30 days</dt>
          <dd className="text-3xl font-bold tabular-nums">{formatNumber(stats.versionsChecked30d)}</dd>
        </div>
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <dt className="text-sm font-medium">Last run</dt>
          <dd className="text-lg font-semibold">{stats.lastRunAt ? <TimeAgo iso={stats.lastRunAt} /> : 'Not yet'}</dd>
        </div>
      </dl>
      <div>
        <h3 className="font-semibold">Versions by band, last 30 days</h3>
        <ul aria-label="Versions by band, last 30 days" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {BANDS_WORST_FIRST.map((b) => (
            <li key={b} data-band={b} className={`rounded-lg border p-3 ${BAND_TONE[b]}`}>
              <p className="text-sm font-medium">{BAND_WORD[b]}</p>
              <p className="text-2xl font-bold tabular-nums">{formatNumber(stats.bands30d[b] ?? 0)}</p>
              <p className="text-xs">score {BAND_SCORES[b]}</p>
            </li>
          ))}
        </ul>
      </div>
      <LatestHigh stats={stats} />
    </>
  )
}

/**
 * How a version is scored: the watch's own signals, as the Worker keeps them (the answer's
 * `rules`), so this table never says other than what is scored.
 */
function Method({ rules }: { rules: SupplyStats['rules'] | undefined }) {
  const headingId = useId()
  return (
    <section id="watch-method" aria-labelledby={headingId} className="scroll-mt-20">
      <h3 id={headingId} className="font-semibold">
        How the watch scores a version
      </h3>
      <p className="mt-1">
        Each new version is read from the registry's own metadata, never by running the package, and compared with the versions before it.
        Every signal that fires adds its weight to the version's score:
      </p>
      {rules?.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Signals and their weights</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-700">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Signal
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  Weight
                </th>
                <th scope="col" className="py-1 font-semibold">
                  What it means
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
                  <td className="py-1 pr-3 font-mono text-xs">{r.id}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{r.weight}</td>
                  <td className="py-1">{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="mt-2">
        As in the first scan, a score of {BAND_SCORES.high} is <strong>High</strong>, {BAND_SCORES.medium} is <strong>Medium</strong> and{' '}
        {BAND_SCORES.low} is <strong>Low</strong>. A newer version that scores High is held back: install configurations pin the version
        before it until an admin has looked. Versions of Medium or above go to the admins' review queue; a dismissed one no longer counts.
      </p>
    </section>
  )
}

/**
 * The advisory's live section on the supply-chain watch: packages watched, versions read in the
 * last 30 days per band, the latest High versions with the servers that use them, when the watch
 * last ran, the method, and the feed.
 */
export function SupplyStatsSection() {
  const headingId = useId()
  const { data, error, mutate } = useSupplyStats()
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold">
        Live: the catalogue's watch of package versions
      </h2>
      <div className="mt-3 flex flex-col gap-4 leading-7 text-zinc-800 dark:text-zinc-200">
        <p>
          Since the first scan, the catalogue watches every npm and PyPI package that a listed server installs, and scores each new version
          as it is published. These figures are live; each server's page shows its packages' versions under Supply chain.
        </p>
        {!data && error ? (
          <LoadFailed title="Failed to load the watch's figures" onRetry={() => void mutate()} />
        ) : !data ? (
          <FiguresSkeleton label="Loading the watch's figures" />
        ) : data.lastRunAt === null ? (
          <p className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
            The watch has not run yet.
          </p>
        ) : (
          <Figures stats={data} />
        )}
        <Method rules={data?.rules} />
        <FeedLinks sources={[{ kind: 'supply-chain' }]} />
      </div>
    </section>
  )
}
