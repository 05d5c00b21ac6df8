import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react'
import type { MouseEvent } from 'react'
import type { RiskLevel, Severity } from '@shared/scan'
import { cx } from '../ui/cx'
import { RISK_EXPLAINED, RISK_LABEL, RISK_TONE, SEVERITY_LABEL } from './labels'

const ICON: Record<RiskLevel, typeof ShieldAlert> = { none: ShieldCheck, low: ShieldQuestion, medium: ShieldAlert, high: ShieldAlert }

const badgeClass = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap'

interface RiskBadgeProps {
  risk: RiskLevel
  /** Where the badge leads (the Tools tab's findings); without it, the badge is text. */
  href?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  className?: string
}

/**
 * A version's risk level in words ('High risk'), with a tooltip and screen-reader text saying
 * where it comes from. As a link (on the detail page) it leads to the findings that make it.
 */
export function RiskBadge({ risk, href, onClick, className }: RiskBadgeProps) {
  const Icon = ICON[risk]
  const title = `${RISK_LABEL[risk]}: ${RISK_EXPLAINED}`
  const body = (
    <>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {RISK_LABEL[risk]}
      <span className="sr-only">, {RISK_EXPLAINED}</span>
    </>
  )
  if (href) {
    return (
      <a
        href={href}
        onClick={onClick}
        // One name, said as one sentence (hidden spans would be read as separate pieces).
        aria-label={`${RISK_LABEL[risk]}, ${RISK_EXPLAINED}: see the findings`}
        title={`${title}. See the findings.`}
        data-risk={risk}
        className={cx(badgeClass, RISK_TONE[risk], 'underline-offset-2 hover:underline', className)}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {RISK_LABEL[risk]}
      </a>
    )
  }
  return (
    <span title={title} data-risk={risk} className={cx(badgeClass, RISK_TONE[risk], className)}>
      {body}
    </span>
  )
}

/** One finding's severity in words ('High'), coloured as the risk level of the same name. */
export function SeverityBadge({ severity, muted = false }: { severity: Severity; muted?: boolean }) {
  return (
    <span
      data-severity={severity}
      className={cx(
        badgeClass,
        muted ? 'border-zinc-300 bg-white text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300' : RISK_TONE[severity],
      )}
    >
      <span className="sr-only">Severity: </span>
      {SEVERITY_LABEL[severity]}
    </span>
  )
}
