import * as Select from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import { LIST_SORTS, type ListSort } from '../../lib/servers-view'
import { buttonClass } from '../ui/button'

interface SortSelectProps {
  /** '' shows the placeholder: a search ranked by relevance. */
  value: ListSort | ''
  onChange: (sort: ListSort) => void
}

/** 'GitHub Stars' / 'Update Date' / 'Likes'. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <Select.Root value={value} onValueChange={(v) => onChange(v as ListSort)}>
      <Select.Trigger aria-label="Sort by" className={buttonClass('secondary', 'md', 'min-w-40 justify-between')}>
        <Select.Value placeholder="Relevance" />
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden="true" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <Select.Viewport>
            {LIST_SORTS.map((s) => (
              <Select.Item
                key={s.value}
                value={s.value}
                className="relative flex cursor-pointer items-center rounded py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
              >
                <Select.ItemIndicator className="absolute left-2">
                  <Check className="size-4" aria-hidden="true" />
                </Select.ItemIndicator>
                <Select.ItemText>{s.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}
