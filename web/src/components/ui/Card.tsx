import type { HTMLAttributes } from 'react'
import { cx } from './cx'

/** The one card look: 1 px border, small radius, no heavy shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900', className)} {...props} />
}
