import { cx } from './cx'

interface CardSkeletonsProps {
  /** The loading text the specification names, kept for screen readers. */
  label: string
  /** The grid the cards will fill, so nothing shifts when they arrive. */
  gridClassName: string
  count: number
  /** Tailwind height of one card, e.g. 'h-48'. */
  height: string
}

/** Placeholder cards shaped like the list that is loading. */
export function CardSkeletons({ label, gridClassName, count, height }: CardSkeletonsProps) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className={gridClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never reorder.
            key={i}
            className={cx(height, 'animate-pulse rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900')}
          />
        ))}
      </div>
    </div>
  )
}
