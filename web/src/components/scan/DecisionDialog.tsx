import { type FormEvent, useId, useState } from 'react'
import type { ReviewDecisionInput, ReviewItem } from '@shared/scan'
import type { DecisionResult } from '../../hooks/useReviewQueue'
import { buttonClass } from '../ui/button'
import { CharCounter } from '../ui/CharCounter'
import { errorTextClass, inputClass, labelClass } from '../ui/form'
import { ModalDialog } from '../ui/ModalDialog'

/** The Worker's bounds on a decision's reason. */
export const REASON_MIN = 3
export const REASON_MAX = 500

const TEXTS: Record<ReviewDecisionInput['action'], { title: string; description: string; label: string; hint: string; submit: string }> = {
  dismiss: {
    title: 'Dismiss this finding',
    description: 'The finding stays listed, marked as dismissed with your reason, and no longer counts in the risk level.',
    label: 'Why it is not a risk',
    hint: 'Shown to everyone beside the finding.',
    submit: 'Dismiss',
  },
  hide: {
    title: 'Hide this listing',
    description: 'The server disappears from the catalogue for everyone but admins. Your reason is recorded with the decision.',
    label: 'Why the listing is hidden',
    hint: 'Recorded with the decision and shown to admins.',
    submit: 'Hide listing',
  },
}

/** Dismissing a package version: it is the supply-chain band it no longer counts in. */
const PACKAGE_DISMISS: (typeof TEXTS)['dismiss'] = {
  ...TEXTS.dismiss,
  description:
    "The version stays listed on the server's Supply chain tab, marked as dismissed with your reason, and no longer counts in its band.",
}

interface DecisionDialogProps {
  /** The item and what to do with it; null while closed. */
  decision: { item: ReviewItem; action: ReviewDecisionInput['action'] } | null
  onClose: () => void
  decide: (item: ReviewItem, input: ReviewDecisionInput) => Promise<DecisionResult>
}

/**
 * Asks for the reason of a decision (3 to 500 characters) and sends it; the Worker's refusal is
 * said beside the field, and what was typed stays. Hiding a listing is a confirmation
 * (an alert dialog with a red button), as the app's other irreversible steps are.
 */
export function DecisionDialog({ decision, onClose, decide }: DecisionDialogProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const action = decision?.action ?? 'dismiss'
  const text = decision?.item.kind === 'package' && action === 'dismiss' ? PACKAGE_DISMISS : TEXTS[action]

  const close = () => {
    setReason('')
    setProblem(null)
    onClose()
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!decision) return
    const trimmed = reason.trim()
    if (trimmed.length < REASON_MIN) {
      setProblem(`Give a reason of at least ${REASON_MIN} characters.`)
      return
    }
    setPending(true)
    const result = await decide(decision.item, { action, reason: trimmed })
    setPending(false)
    if (result.ok) close()
    else setProblem(result.message)
  }

  return (
    <ModalDialog
      open={decision !== null}
      onOpenChange={(open) => !open && close()}
      title={text.title}
      description={decision ? `${decision.item.serverName}: ${decision.item.title}. ${text.description}` : text.description}
      role={action === 'hide' ? 'alertdialog' : 'dialog'}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={labelClass}>
            {text.label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
            {text.hint}
          </p>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setProblem(null)
            }}
            rows={3}
            aria-invalid={Boolean(problem)}
            aria-describedby={[`${id}-hint`, `${id}-count`, problem && `${id}-error`].filter(Boolean).join(' ')}
            className={inputClass(Boolean(problem))}
          />
          <CharCounter id={`${id}-count`} length={reason.length} max={REASON_MAX} />
          {problem && (
            <p id={`${id}-error`} role="alert" className={errorTextClass}>
              {problem}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary', 'md')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass(action === 'hide' ? 'danger' : 'primary', 'md')} disabled={pending}>
            {pending ? 'Saving…' : text.submit}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
