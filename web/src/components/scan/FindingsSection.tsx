import { useId } from 'react'
import type { RiskLevel, StoredFinding } from '@shared/scan'
import { useFocusedHeading } from '../../hooks/useFocusedHeading'
import { count } from '../../lib/format'
import { FindingsList } from './FindingsList'
import { RiskBadge } from './RiskBadge'

/** The element id the detail page's risk badge leads to. */
export const FINDINGS_ANCHOR = 'findings'

interface FindingsSectionProps {
  risk: RiskLevel
  findings: readonly StoredFinding[]
  /** Set when the visitor came here from the risk badge: the heading takes focus, once. */
  focus?: boolean
  onFocused?: () => void
}

/**
 * The Tools tab's findings: the risk level they make, what the scan reads, and every finding,
 * open ones first. Dismissed findings stay listed with the admin's reason and do not count.
 */
export function FindingsSection({ risk, findings, focus = false, onFocused }: FindingsSectionProps) {
  const headingId = useId()
  const heading = useFocusedHeading(focus, onFocused)
  const open = findings.filter((f) => !f.review).length
  const dismissed = findings.length - open

  return (
    <section id={FINDINGS_ANCHOR} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-20 rounded text-lg font-semibold">
          Findings <span className="text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({open})</span>
        </h3>
        <RiskBadge risk={risk} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The catalogue scans every text a model reads here (names, descriptions, schemas, annotations and the server's instructions) for
        hidden characters, instructions aimed at the model, reaching for secrets and sending data out. A finding is a reason to look, not
        proof of harm.
        {dismissed > 0 &&
          ` ${count(dismissed, 'finding was', 'findings were')} dismissed by an admin and ${dismissed === 1 ? 'does' : 'do'} not count.`}
      </p>
      {findings.length ? (
        <FindingsList findings={findings} label="Findings" />
      ) : (
        <p className="text-sm text-zinc-800 dark:text-zinc-200">The scan found nothing in these tools, prompts and resources.</p>
      )}
    </section>
  )
}
