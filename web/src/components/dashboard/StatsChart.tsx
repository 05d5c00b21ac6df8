import { useId } from 'react'
import type { ServerStats } from '@shared/types'
import { formatNumber } from '../../lib/format'

const W = 720
const H = 220
const PAD = { top: 12, right: 12, bottom: 28, left: 40 }

const SERIES = [
  {
    key: 'views',
    label: 'Views',
    line: 'stroke-blue-700 dark:stroke-blue-400',
    dot: 'fill-blue-700 dark:fill-blue-400',
    swatch: 'bg-blue-700 dark:bg-blue-400',
  },
  {
    key: 'likes',
    label: 'Likes',
    line: 'stroke-rose-600 dark:stroke-rose-400',
    dot: 'fill-rose-600 dark:fill-rose-400',
    swatch: 'bg-rose-600 dark:bg-rose-400',
    dashed: true,
  },
] as const

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`))

/** A tidy top for the y axis: 1, 2, 5 x 10^n at or above the largest value. */
function niceMax(max: number): number {
  if (max <= 4) return Math.max(1, max)
  const p = 10 ** Math.floor(Math.log10(max))
  return ([1, 2, 5, 10].map((m) => m * p).find((v) => v >= max) ?? 10 * p) as number
}

/**
 * Views and likes per day as two lines, drawn as plain SVG (no chart library). The SVG is one
 * image for assistive technology, named by a summary; the table below gives every number.
 */
export function StatsChart({ stats, serverName }: { stats: ServerStats; serverName: string }) {
  const id = useId()
  const days = stats.days
  const totals = { views: days.reduce((n, d) => n + d.views, 0), likes: days.reduce((n, d) => n + d.likes, 0) }
  const top = niceMax(Math.max(0, ...days.flatMap((d) => [d.views, d.likes])))
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (i / (days.length - 1)) * innerW)
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH
  const ticks = [0, top / 2, top].filter((t, i, all) => all.indexOf(t) === i && Number.isInteger(t))
  const labelled = days.length ? [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])] : []
  const summary = `${serverName}: ${formatNumber(totals.views)} views and ${formatNumber(totals.likes)} likes over the last ${stats.window} days.`

  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{`Views and likes per day, last ${stats.window} days`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-zinc-200 dark:stroke-zinc-800" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={H - 8}
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            className="fill-zinc-600 text-[11px] dark:fill-zinc-400"
          >
            {dayLabel(days[i].date)}
          </text>
        ))}
        {SERIES.map((s) => (
          <g key={s.key}>
            <polyline
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeDasharray={'dashed' in s ? '6 4' : undefined}
              className={s.line}
              points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
            />
            {days.length <= 31 && days.map((d, i) => <circle key={d.date} cx={x(i)} cy={y(d[s.key])} r={2.5} className={s.dot} />)}
          </g>
        ))}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-4 text-sm text-zinc-700 dark:text-zinc-300">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span className={`inline-block h-0.5 w-4 ${s.swatch}`} aria-hidden="true" />
            {s.label}: <span className="font-medium tabular-nums">{formatNumber(totals[s.key])}</span>
          </span>
        ))}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
          Show the numbers as a table
        </summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{summary}</caption>
            <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Likes
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date} className="border-t border-zinc-200 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-1 font-normal">
                    <time dateTime={d.date}>{dayLabel(d.date)}</time>
                  </th>
                  <td className="px-3 py-1 text-right">{formatNumber(d.views)}</td>
                  <td className="px-3 py-1 text-right">{formatNumber(d.likes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
