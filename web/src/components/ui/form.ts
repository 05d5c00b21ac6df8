import { cx } from './cx'

/** Text inputs and text areas: 1 px border, the app's focus ring, readable in light and dark. */
export function inputClass(invalid = false, extra?: string): string {
  return cx(
    'w-full rounded-md border bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-500 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700',
    extra,
  )
}

export const labelClass = 'text-sm font-medium'
export const errorTextClass = 'text-sm text-red-700 dark:text-red-400'
