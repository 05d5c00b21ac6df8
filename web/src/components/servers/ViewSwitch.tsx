import { LayoutGrid, List } from 'lucide-react'
import type { CardLayout } from '../../hooks/useLayoutPreference'
import { cx } from '../ui/cx'

const OPTIONS: Array<{ value: CardLayout; label: string; Icon: typeof List }> = [
  { value: 'grid', label: 'Grid', Icon: LayoutGrid },
  { value: 'list', label: 'List', Icon: List },
]

/** Grid / List: two pressed-state buttons. */
export function ViewSwitch({ value, onChange }: { value: CardLayout; onChange: (layout: CardLayout) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two toggle buttons; a fieldset would bring a legend and its styling.
    <div role="group" aria-label="View" className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          aria-label={`${label} view`}
          title={`${label} view`}
          onClick={() => onChange(v)}
          className={cx(
            'inline-flex h-8 items-center gap-1.5 rounded px-2.5 text-sm',
            value === v
              ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
              : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{label}</span>
        </button>
      ))}
    </div>
  )
}
