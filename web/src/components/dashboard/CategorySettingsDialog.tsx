import { ExternalLink } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { LIMITS } from '@shared/limits'
import type { CategorySummary } from '@shared/types'
import { useCategoryActions } from '../../hooks/useDashboard'
import { fieldErrors, fieldIssues, recommendationMessageSchema } from '../../lib/schemas'
import { buttonClass } from '../ui/button'
import { CharCounter } from '../ui/CharCounter'
import { cx } from '../ui/cx'
import { errorTextClass, inputClass, labelClass } from '../ui/form'
import { ModalDialog } from '../ui/ModalDialog'

interface CategorySettingsDialogProps {
  category: CategorySummary
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Public / private (applied at once) and the recommendation message (saved with its button). */
export function CategorySettingsDialog({ category, open, onOpenChange }: CategorySettingsDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${category.name} settings`}
      description="Choose who can see this package and why you recommend it."
    >
      {/* Mounted afresh on each opening, so the fields start from the saved values. */}
      {open && <SettingsBody category={category} onDone={() => onOpenChange(false)} />}
    </ModalDialog>
  )
}

function SettingsBody({ category, onDone }: { category: CategorySummary; onDone: () => void }) {
  const { setPublic, setMessage } = useCategoryActions()
  const [isPublic, setIsPublic] = useState(category.isPublic)
  const [visibilityPending, setVisibilityPending] = useState(false)
  const [message, setMessageText] = useState(category.recommendationMessage ?? '')
  const [messagePending, setMessagePending] = useState(false)
  const id = useId()

  const parsed = recommendationMessageSchema.safeParse({ recommendationMessage: message })
  const messageError = parsed.success ? null : fieldErrors(fieldIssues(parsed.error)).recommendationMessage
  const unchanged = message.trim() === (category.recommendationMessage ?? '').trim()

  async function toggleVisibility() {
    setVisibilityPending(true)
    if (await setPublic(category, !isPublic)) setIsPublic(!isPublic)
    setVisibilityPending(false)
  }

  async function saveMessage(e: React.FormEvent) {
    e.preventDefault()
    if (messageError) return
    setMessagePending(true)
    const ok = await setMessage(category, message)
    setMessagePending(false)
    if (ok) onDone()
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start justify-between gap-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <div>
          <p id={`${id}-public`} className="font-medium">
            Public
          </p>
          <p id={`${id}-public-help`} className="text-sm text-zinc-700 dark:text-zinc-300">
            {isPublic ? 'Listed on Recommended Packages; anyone can see, like and comment on it.' : 'Private: only you can see it.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isPublic}
          aria-labelledby={`${id}-public`}
          aria-describedby={`${id}-public-help`}
          disabled={visibilityPending}
          onClick={() => void toggleVisibility()}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
            isPublic ? 'bg-blue-700 dark:bg-blue-500' : 'bg-zinc-300 dark:bg-zinc-700',
          )}
        >
          <span
            className={cx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              isPublic ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <form onSubmit={(e) => void saveMessage(e)} noValidate className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className={labelClass}>
          Recommendation message
        </label>
        <textarea
          id={`${id}-message`}
          className={inputClass(Boolean(messageError), 'min-h-28 leading-6')}
          value={message}
          rows={4}
          placeholder="Why do you recommend these servers together?"
          aria-invalid={Boolean(messageError)}
          aria-describedby={`${id}-count${messageError ? ` ${id}-message-error` : ''}`}
          onChange={(e) => setMessageText(e.target.value)}
        />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            {messageError && (
              <p id={`${id}-message-error`} className={errorTextClass}>
                {messageError}
              </p>
            )}
          </div>
          <CharCounter id={`${id}-count`} length={message.length} max={LIMITS.recommendationMessage} />
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <Link
            href={`/packages/${category.id}`}
            className="inline-flex items-center gap-1 rounded text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
          >
            View package page
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
          <button type="submit" className={buttonClass('primary', 'md')} disabled={Boolean(messageError) || unchanged || messagePending}>
            {messagePending ? 'Saving...' : 'Save Message'}
          </button>
        </div>
      </form>
    </div>
  )
}
