import { X } from 'lucide-react'
import { useId } from 'react'
import { POPULAR_TAGS } from '@shared/keywords'
import type { TagCount } from '@shared/types'
import { formatNumber } from '../../lib/format'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'

interface FilterPanelProps {
  tags: TagCount[] | undefined
  selected: string[]
  onToggle: (tag: string) => void
  onClear: () => void
  /** The local text filter; null when a search (q) is active, which replaces it. */
  localText: string | null
  onLocalText: (text: string) => void
}

function TagGroup({
  title,
  tags,
  selected,
  onToggle,
}: {
  title: string
  tags: TagCount[]
  selected: string[]
  onToggle: (tag: string) => void
}) {
  const id = useId()
  if (!tags.length) return null
  return (
    <fieldset className="mt-4" aria-labelledby={id}>
      <legend id={id} className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {title}
      </legend>
      <ul className="flex flex-col gap-0.5">
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <input type="checkbox" className="size-4 accent-blue-700" checked={selected.includes(tag)} onChange={() => onToggle(tag)} />
              <span className="min-w-0 flex-1 truncate">{tag}</span>
              <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{formatNumber(count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/**
 * The 'Filters' card: tags in 'Popular' (the ten, where present) and 'All Tags' (the rest), all
 * combined with AND; Clear appears once a tag is selected and also empties the local filter.
 */
export function FilterPanel({ tags, selected, onToggle, onClear, localText, onLocalText }: FilterPanelProps) {
  const all = tags ?? []
  const popular = POPULAR_TAGS.map((t) => all.find((c) => c.tag === t)).filter((c): c is TagCount => !!c)
  const rest = all.filter((c) => !POPULAR_TAGS.includes(c.tag))
  const localId = useId()
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Filters</h2>
        {selected.length > 0 && (
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={onClear}>
            <X className="size-4" aria-hidden="true" />
            Clear
          </button>
        )}
      </div>
      {localText !== null && (
        <div className="mt-3">
          <label htmlFor={localId} className="mb-1 block text-sm text-zinc-700 dark:text-zinc-300">
            Filter this page
          </label>
          <input
            id={localId}
            type="search"
            value={localText}
            onChange={(e) => onLocalText(e.target.value)}
            placeholder="Name, author, tag..."
            className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-400"
          />
        </div>
      )}
      {!tags && <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Loading tags...</p>}
      <TagGroup title="Popular" tags={popular} selected={selected} onToggle={onToggle} />
      <TagGroup title="All Tags" tags={rest} selected={selected} onToggle={onToggle} />
    </Card>
  )
}

export function AboutMcpCard() {
  return (
    <Card className="p-4">
      <h2 className="font-semibold">About MCP</h2>
      <p className="mt-2 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
        The Model Context Protocol is an open standard that lets AI applications use tools and data through small servers. Each server here
        adds a capability to clients such as Claude Desktop, Cursor, VS Code or Windsurf.
      </p>
      <a
        href="https://modelcontextprotocol.io/introduction"
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block rounded text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
      >
        Read the introduction
      </a>
    </Card>
  )
}
