import type { ReactNode, Ref } from 'react'
import type { ServerSummary } from '@shared/types'
import { ServerCard } from '../ServerCard'

/** Server cards in the list's grid, or the section's empty text. */
export function ServerGrid({ servers, empty }: { servers: ServerSummary[]; empty: ReactNode }) {
  if (!servers.length)
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
        {empty}
      </div>
    )
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {servers.map((s) => (
        <ServerCard key={s.id} server={s} layout="grid" />
      ))}
    </div>
  )
}

interface SectionProps {
  title: string
  children: ReactNode
  action?: ReactNode
  /** For a section whose list can lose items: its heading then takes focus (tabIndex -1) when the last goes. */
  headingRef?: Ref<HTMLHeadingElement>
}

export function Section({ title, children, action, headingRef }: SectionProps) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="rounded text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
