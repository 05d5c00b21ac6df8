import type { DiffPart } from '@shared/scan'
import { cx } from '../ui/cx'

function Piece({ part }: { part: DiffPart }) {
  if (part.op === 'added')
    return (
      <ins className="rounded-sm bg-emerald-100 text-emerald-950 underline decoration-emerald-700 decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100 dark:decoration-emerald-400">
        <span className="sr-only">[added: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    )
  if (part.op === 'removed')
    return (
      <del className="rounded-sm bg-red-100 text-red-950 line-through decoration-red-700 decoration-2 dark:bg-red-950 dark:text-red-100 dark:decoration-red-400">
        <span className="sr-only">[removed: </span>
        {part.text}
        <span className="sr-only">]</span>
      </del>
    )
  return <>{part.text}</>
}

/**
 * A word-level diff as running text: added words in <ins>, removed ones in <del>, each with its
 * own colour, a line (under or through) so colour is not the only sign, and words for screen
 * readers. Everything is a text node (a stranger wrote it) and wraps anywhere, so a long word or
 * URL never pushes a phone's page sideways.
 */
export function DiffParts({ parts, className }: { parts: readonly DiffPart[]; className?: string }) {
  return (
    <p className={cx('leading-6 whitespace-pre-wrap wrap-anywhere text-zinc-800 dark:text-zinc-200', className)}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their order.
        <Piece key={i} part={part} />
      ))}
    </p>
  )
}
