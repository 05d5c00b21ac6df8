import { GitCompare } from 'lucide-react'
import { useId } from 'react'
import type { SurfaceComparison as Comparison, DeclaredSurface } from '@shared/surface'
import { timeAgo } from '../../../lib/format'
import { comparisonSentences } from '../../../lib/surface-view'

/**
 * Beside a surface read, when the maintainer declared one too: whether the two match, and else
 * which tools the server lists that were not declared, which were declared but are not listed,
 * and which differ. The surface shown is the one read; the declared one only explains it.
 */
export function SurfaceComparison({ comparison, declared }: { comparison: Comparison; declared: DeclaredSurface }) {
  const headingId = useId()
  const sentences = comparisonSentences(comparison)
  return (
    <section
      aria-labelledby={headingId}
      className="flex gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <GitCompare className="mt-0.5 size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={headingId} className="font-medium">
          Compared with what the maintainer declared
        </h3>
        <p className="text-zinc-600 dark:text-zinc-400">
          Declared {timeAgo(declared.declaredAt)} for version {declared.version}; the tools below are the ones the catalogue read.
        </p>
        <ul className="flex flex-col gap-1 text-zinc-800 dark:text-zinc-200">
          {sentences.map((s) => (
            <li key={s} className="wrap-anywhere">
              {s}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
