import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'wouter'
import { pageWindow } from '../lib/pagination'
import { buttonClass } from './ui/button'

interface PaginationProps {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
}

const scrollToTop = () => {
  window.scrollTo({ top: 0 })
}

/** Previous, at most five page numbers (see pageWindow), Next; hidden for a single page. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null
  const edge = (label: string, target: number, disabled: boolean, icon: React.ReactNode, after = false) =>
    disabled ? (
      <span className={buttonClass('secondary', 'md')} aria-disabled="true">
        {!after && icon}
        {label}
        {after && icon}
      </span>
    ) : (
      <Link href={hrefFor(target)} className={buttonClass('secondary', 'md')} onClick={scrollToTop} rel={after ? 'next' : 'prev'}>
        {!after && icon}
        {label}
        {after && icon}
      </Link>
    )
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {edge('Previous', page - 1, page <= 1, <ChevronLeft className="size-4" aria-hidden="true" />)}
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Link
              href={hrefFor(n)}
              onClick={scrollToTop}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className={buttonClass(n === page ? 'primary' : 'ghost', 'md', 'min-w-9 tabular-nums')}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {edge('Next', page + 1, page >= totalPages, <ChevronRight className="size-4" aria-hidden="true" />, true)}
    </nav>
  )
}
