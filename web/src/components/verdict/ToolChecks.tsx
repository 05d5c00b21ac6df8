import { CircleMinus } from 'lucide-react'
import type { ToolQualityLine } from '@shared/verdict'
import { cx } from '../ui/cx'
import { scoreText } from './labels'

/** One tool's failed checks, a line each (the Verdict tab and the Tools tab). */
export function ToolChecks({ line }: { line: ToolQualityLine }) {
  return (
    <ul aria-label={`Failed checks of ${line.tool}`} className="mt-1 flex flex-col gap-1">
      {line.failed.map((f) => (
        <li key={f.check} data-check={f.check} className="flex min-w-0 items-start gap-2">
          <CircleMinus className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere text-zinc-800 dark:text-zinc-200">{f.text}</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * Beside a tool in the Tools tab: its definition's score and the checks it fails, from the
 * verdict's tool quality lines. Nothing when it passes every check.
 */
export function ToolQualityNote({ line }: { line: ToolQualityLine | undefined }) {
  if (!line || line.failed.length === 0) return null
  const count = line.failed.length
  return (
    <div
      data-tool-quality={line.tool}
      className="rounded-md border border-amber-200 bg-amber-50/60 px-3 py-2 text-sm dark:border-amber-900 dark:bg-amber-950/30"
    >
      <p className="font-medium text-amber-950 dark:text-amber-100">
        Definition: {count === 1 ? '1 check fails' : `${count} checks fail`}
        <span className={cx('ml-1.5 text-xs font-normal text-zinc-700 tabular-nums dark:text-zinc-300')}>
          score {scoreText(line.score)}
        </span>
      </p>
      <ToolChecks line={line} />
    </div>
  )
}
