import { ShieldAlert } from 'lucide-react'
import type { WatchedPackage } from '@shared/supply'
import { cx } from '../ui/cx'
import { heldBackNote } from './labels'

/** A newer version held back for a High score, and what the configuration uses instead. */
export function HeldBack({ pkg, className }: { pkg: Pick<WatchedPackage, 'heldBack' | 'installVersion' | 'name'>; className?: string }) {
  const note = heldBackNote(pkg)
  if (!note) return null
  return (
    <div
      role="note"
      data-held-back={pkg.heldBack?.version}
      className={cx(
        'flex gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="wrap-anywhere">
        <span className="font-mono">{pkg.name}</span>: {note}
      </p>
    </div>
  )
}
