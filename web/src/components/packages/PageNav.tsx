import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { pageItems } from '../../lib/page-items'
import { buttonClass } from '../ui/button'

interface PageNavProps {
  page: number
  totalPages: number
  /** Pages as links (a page address) ... */
  hrefFor?: (page: number) => string
  /** ... or as buttons (a list inside a page, such as comments). */
  onSelect?: (page: number) => void
  label?: string
}

/**
 * Previous, the five-page window with the first and last pages and ellipses around it, Next;
 * hidden for a single page. Linked pages scroll the window to the top, as a new page would.
 */
export function PageNav({ page, totalPages, hrefFor, onSelect, label = 'Pagination' }: PageNavProps) {
  if (totalPages <= 1) return null
  const item = (target: number, content: ReactNode, className: string, extra: { rel?: string; current?: boolean; name?: string } = {}) => {
    const common = { className, 'aria-current': extra.current ? ('page' as const) : undefined, 'aria-label': extra.name }
    if (hrefFor) {
      return (
        <Link href={hrefFor(target)} rel={extra.rel} onClick={() => window.scrollTo({ top: 0 })} {...common}>
          {content}
        </Link>
      )
    }
    return (
      <button type="button" onClick={() => onSelect?.(target)} {...common}>
        {content}
      </button>
    )
  }
  const edge = (text: string, target: number, disabled: boolean, rel: string) => {
    const content =
      rel === 'prev' ? (
        <>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {text}
        </>
      ) : (
        <>
          {text}
          <ChevronRight className="size-4" aria-hidden="true" />
        </>
      )
    return disabled ? (
      <span className={buttonClass('secondary', 'md')} aria-disabled="true">
        {content}
      </span>
    ) : (
      item(target, content, buttonClass('secondary', 'md'), { rel })
    )
  }
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {edge('Previous', page - 1, page <= 1, 'prev')}
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageItems(page, totalPages).map((n) =>
          typeof n === 'number' ? (
            <li key={n}>
              {item(n, n, buttonClass(n === page ? 'primary' : 'ghost', 'md', 'min-w-9 tabular-nums'), {
                current: n === page,
                name: `Page ${n}`,
              })}
            </li>
          ) : (
            <li key={n} aria-hidden="true" className="px-1 text-zinc-500 select-none">
              …
            </li>
          ),
        )}
      </ul>
      {edge('Next', page + 1, page >= totalPages, 'next')}
    </nav>
  )
}
