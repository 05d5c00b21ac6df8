import { count } from '../../lib/format'
import { cx } from './cx'

/** Under this many characters left, the counter turns amber (below zero, red). */
export const LOW_REMAINING = 100

/** '{n} characters remaining': amber under 100, red below 0 (the text is then over the limit). */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const remaining = max - length
  return (
    <p
      id={id}
      data-state={remaining < 0 ? 'over' : remaining < LOW_REMAINING ? 'low' : 'ok'}
      className={cx(
        'text-sm tabular-nums',
        remaining < 0
          ? 'font-medium text-red-700 dark:text-red-400'
          : remaining < LOW_REMAINING
            ? 'text-amber-700 dark:text-amber-400'
            : 'text-zinc-600 dark:text-zinc-400',
      )}
    >
      {count(remaining, 'character')} remaining
    </p>
  )
}
