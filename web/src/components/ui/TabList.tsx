import * as Tabs from '@radix-ui/react-tabs'
import type { KeyboardEvent, ReactNode } from 'react'

const tabClass =
  'shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-zinc-700 hover:text-zinc-900 data-[state=active]:border-blue-700 data-[state=active]:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-50 dark:data-[state=active]:border-blue-400 dark:data-[state=active]:text-zinc-50'

/** Where each key of a horizontal tab list goes from tab `at` of `count` (wrapping, as Radix does). */
const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  PageUp: () => 0,
  End: (_, count) => count - 1,
  PageDown: (_, count) => count - 1,
}

/**
 * Moves focus to the next tab within the key press's own event. Radix moves it in a timer, and
 * Chrome runs key presses that are waiting before timers: a press made before that timer ran
 * (while the last tab's panel rendered, say) still found focus on the old tab and moved to the
 * same tab again, so it was lost. Selection follows focus (Radix's automatic activation), so it
 * moves with each press too. Preventing the default also keeps Radix's deferred move from running.
 */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const step = STEPS[event.key]
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
  const list = event.currentTarget.closest('[role=tablist]')
  const tabs = Array.from(list?.querySelectorAll<HTMLElement>('[role=tab]:not(:disabled)') ?? [])
  const at = tabs.indexOf(event.currentTarget)
  if (at < 0) return
  event.preventDefault()
  tabs[step(at, tabs.length)].focus()
}

/**
 * The row of tabs of a Radix `Tabs.Root`, named for screen readers; each entry is a `Tab`.
 * @example
 * <Tabs.Root value={tab} onValueChange={setTab}>
 *   <TabList label="Package information"><Tab value="servers">Servers</Tab></TabList>
 *   <Tabs.Content value="servers">...</Tabs.Content>
 * </Tabs.Root>
 */
export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tabs.List aria-label={label} className="flex overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {children}
    </Tabs.List>
  )
}

/** One tab: selected as it takes focus, and every arrow key pressed moves it one tab on. */
export function Tab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger value={value} className={tabClass} onKeyDown={moveFocus}>
      {children}
    </Tabs.Trigger>
  )
}
