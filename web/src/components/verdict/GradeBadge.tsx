import { Gauge } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Link } from 'wouter'
import type { Grade } from '@shared/verdict'
import { cx } from '../ui/cx'
import { GRADE_TONE, gradeLabel, VERDICT_EXPLAINED } from './labels'

/** The risk badge's shape, so the badges weigh the same on a card. */
const badgeClass = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap'

interface GradeBadgeProps {
  grade: Grade | null
  /** Where the badge leads (the server's Verdict tab); without it, the badge is text. */
  href?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  className?: string
}

/**
 * A listing's overall grade in words ('Verdict: B'; 'Verdict: not graded'), with a tooltip and
 * screen-reader text saying where it comes from. As a link (in the app, without a reload) it leads
 * to the Verdict tab, which explains every point of it.
 */
export function GradeBadge({ grade, href, onClick, className }: GradeBadgeProps) {
  const label = gradeLabel(grade)
  const tone = GRADE_TONE[grade ?? 'none']
  if (href) {
    return (
      <Link
        href={href}
        onClick={onClick}
        // One name, said as one sentence (hidden spans would be read as separate pieces).
        aria-label={`${label}, ${VERDICT_EXPLAINED}: see why`}
        title={`${label}, ${VERDICT_EXPLAINED}. See why.`}
        data-grade={grade ?? 'none'}
        className={cx(badgeClass, tone, 'underline-offset-2 hover:underline', className)}
      >
        <Gauge className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </Link>
    )
  }
  return (
    <span title={`${label}, ${VERDICT_EXPLAINED}`} data-grade={grade ?? 'none'} className={cx(badgeClass, tone, className)}>
      <Gauge className="size-3.5 shrink-0" aria-hidden="true" />
      {label}
      <span className="sr-only">, {VERDICT_EXPLAINED}</span>
    </span>
  )
}

/** A dimension's or a drop's grade alone ('B'), named for screen readers ('Grade: B'). */
export function GradeMark({ grade, className }: { grade: Grade | null; className?: string }) {
  return (
    <span data-grade={grade ?? 'none'} className={cx(badgeClass, GRADE_TONE[grade ?? 'none'], className)}>
      <span className="sr-only">Grade: </span>
      {grade ?? 'not graded'}
    </span>
  )
}
