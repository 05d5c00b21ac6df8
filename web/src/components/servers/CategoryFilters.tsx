import { useId } from 'react'
import type { CategoryCount } from '@shared/types'
import { formatNumber } from '../../lib/format'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'

interface CategoryFiltersProps {
  categories: CategoryCount[] | undefined
  failed: boolean
  onRetry: () => void
  selected: string[]
  onToggle: (slug: string) => void
}

/**
 * The Categories facet: each category with its number of servers across the catalogue (like the
 * tag counts), as checkboxes; several widen the list (a server in any of them), and tags and
 * search then narrow it. Empty categories are left out unless selected.
 */
export function CategoryFilters({ categories, failed, onRetry, selected, onToggle }: CategoryFiltersProps) {
  const id = useId()
  const shown = (categories ?? []).filter((c) => c.count > 0 || selected.includes(c.slug))
  return (
    <Card className="p-4">
      <fieldset aria-labelledby={id}>
        <legend id={id} className="font-semibold">
          Categories
        </legend>
        {failed && !categories ? (
          <div className="mt-2 text-sm text-zinc-700 dark:text-zinc-300" role="alert">
            <p>Categories could not be loaded.</p>
            <button type="button" className={buttonClass('secondary', 'sm', 'mt-2')} onClick={onRetry}>
              Try Again
            </button>
          </div>
        ) : !categories ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Loading categories...</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-0.5">
            {shown.map((c) => (
              <li key={c.slug}>
                <label
                  className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  title={c.description}
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-blue-700"
                    checked={selected.includes(c.slug)}
                    onChange={() => onToggle(c.slug)}
                  />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{formatNumber(c.count)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </Card>
  )
}
