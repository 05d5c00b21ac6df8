import { useId } from 'react'
import { Card } from '../ui/Card'

interface SurfaceFiltersProps {
  toolsKnown: boolean
  remote: boolean
  onToggle: (filter: 'toolsKnown' | 'remote') => void
}

const OPTIONS = [
  { key: 'toolsKnown', label: 'Tools known', hint: 'Its tools were read from the server itself' },
  { key: 'remote', label: 'Remote available', hint: 'Connect to it over the network, nothing to install' },
] as const

/**
 * The 'What it offers' facet: servers whose tools the catalogue has read, servers with a remote
 * endpoint. Each narrows the list, with tags, categories and the search.
 */
export function SurfaceFilters({ toolsKnown, remote, onToggle }: SurfaceFiltersProps) {
  const id = useId()
  const checked = { toolsKnown, remote }
  return (
    <Card className="p-4">
      <fieldset aria-labelledby={id}>
        <legend id={id} className="font-semibold">
          What it offers
        </legend>
        <ul className="mt-2 flex flex-col gap-0.5">
          {OPTIONS.map((o) => (
            <li key={o.key}>
              <label className="flex cursor-pointer items-start gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-blue-700"
                  checked={checked[o.key]}
                  onChange={() => onToggle(o.key)}
                />
                <span className="min-w-0 flex-1">
                  {o.label}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{o.hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Card>
  )
}
