import * as Select from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import { buttonClass } from './button'
import { cx } from './cx'

export interface Option<T extends string> {
  value: T
  label: string
  /** Options sharing a group are listed under its name (consecutive options, in order). */
  group?: string
}

const itemClass =
  'relative flex cursor-pointer items-center rounded py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800'

function Item<T extends string>({ option }: { option: Option<T> }) {
  return (
    <Select.Item value={option.value} className={itemClass}>
      <Select.ItemIndicator className="absolute left-2">
        <Check className="size-4" aria-hidden="true" />
      </Select.ItemIndicator>
      <Select.ItemText className="wrap-anywhere">{option.label}</Select.ItemText>
    </Select.Item>
  )
}

/** Consecutive options of one group together, in order; ungrouped ones each on their own. */
function runs<T extends string>(options: readonly Option<T>[]) {
  const out: Array<{ group?: string; options: Option<T>[] }> = []
  for (const o of options) {
    const last = out[out.length - 1]
    if (last && o.group && last.group === o.group) last.options.push(o)
    else out.push({ group: o.group, options: [o] })
  }
  return out
}

interface OptionSelectProps<T extends string> {
  value: T | ''
  options: readonly Option<T>[]
  onChange: (value: T) => void
  /** The accessible name, when no visible label names the select through `id`. */
  label?: string
  id?: string
  placeholder?: string
  className?: string
}

/** A Radix select (keyboard, screen readers, typeahead) in the app's button look. */
export function OptionSelect<T extends string>({ value, options, onChange, label, id, placeholder, className }: OptionSelectProps<T>) {
  return (
    <Select.Root value={value} onValueChange={(v) => onChange(v as T)}>
      <Select.Trigger id={id} aria-label={label} className={buttonClass('secondary', 'md', cx('max-w-full min-w-40', className))}>
        <span className="min-w-0 flex-1 truncate text-left">
          <Select.Value placeholder={placeholder} />
        </span>
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden="true" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-(--radix-select-content-available-height) max-w-(--radix-select-content-available-width) min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <Select.Viewport>
            {runs(options).map((run) =>
              run.group ? (
                <Select.Group key={`${run.group}-${run.options[0].value}`}>
                  <Select.Label className="px-2 pt-2 pb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{run.group}</Select.Label>
                  {run.options.map((o) => (
                    <Item key={o.value} option={o} />
                  ))}
                </Select.Group>
              ) : (
                <Item key={run.options[0].value} option={run.options[0]} />
              ),
            )}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}
