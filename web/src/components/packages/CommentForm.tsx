import { Send } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import type { SessionUser } from '@shared/types'
import { api, call, isApiError } from '../../lib/api'
import { commentSchema, fieldErrors, fieldIssues, guestCommentSchema } from '../../lib/schemas'
import { buttonClass } from '../ui/button'
import { CharCounter } from '../ui/CharCounter'
import { errorTextClass, inputClass, labelClass } from '../ui/form'

const TEXTS = {
  contentRequired: 'Please enter a comment',
  contentTooLong: `Comment is too long. Maximum ${LIMITS.comment} characters allowed.`,
  nameRequired: 'Please enter your name',
}

/**
 * The form's own wording for what the shared schema found (the schema's texts are the API's): a
 * blank field says so; a field too long says the limit (the schema's text for a name).
 */
function formErrors(content: string, authorName: string, signedIn: boolean): { content?: string; authorName?: string } {
  const result = signedIn ? commentSchema.safeParse({ content }) : guestCommentSchema.safeParse({ content, authorName })
  if (result.success) return {}
  const errors = fieldErrors(fieldIssues(result.error))
  const nameTooLong = authorName.trim().length > LIMITS.guestName
  return {
    content: errors.content && (content.trim().length > LIMITS.comment ? TEXTS.contentTooLong : TEXTS.contentRequired),
    authorName: errors.authorName && (nameTooLong ? errors.authorName : TEXTS.nameRequired),
  }
}

interface CommentFormProps {
  packageId: string
  user: SessionUser | null
  onPosted: () => void
}

/**
 * A comment: content with a remaining-character count, and for guests a name. Submit stays
 * disabled while the content is empty or over the limit, or a guest has no name; each of those
 * is said under its field once the visitor has been there.
 */
export function CommentForm({ packageId, user, onPosted }: CommentFormProps) {
  const [content, setContent] = useState('')
  const [authorName, setAuthorName] = useState('')
  const [touched, setTouched] = useState({ content: false, authorName: false })
  const [pending, setPending] = useState(false)
  const id = useId()
  const signedIn = Boolean(user)

  const errors = formErrors(content, authorName, signedIn)
  // The counter counts what is typed, so the limit holds for the raw text too.
  const overLimit = content.length > LIMITS.comment
  const contentError = overLimit ? TEXTS.contentTooLong : touched.content ? errors.content : undefined
  const nameError = touched.authorName ? errors.authorName : undefined
  const blocked = Boolean(errors.content || errors.authorName) || overLimit

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    setTouched({ content: true, authorName: true })
    if (blocked || pending) return
    setPending(true)
    try {
      // A signed-in comment goes under the account: the Worker ignores a name sent with it.
      const text = content.trim()
      const json = signedIn ? { content: text, authorName: null } : { content: text, authorName: authorName.trim() }
      await call(api.packages[':id'].comments.$post({ param: { id: packageId }, json }))
      toast.success('Comment posted!')
      setContent('')
      setTouched({ content: false, authorName: false })
      onPosted()
    } catch (err) {
      const description = isApiError(err, 'rate_limited') ? 'Too many comments in a short time: wait a few minutes.' : undefined
      toast.error('Failed to post comment. Please try again.', { description })
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Leave a comment
      </h3>
      {user ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Commenting as <span className="font-medium">{user.username}</span>
        </p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Your name
          </label>
          <input
            id={`${id}-name`}
            className={inputClass(Boolean(nameError), 'sm:max-w-sm')}
            value={authorName}
            maxLength={LIMITS.guestName}
            autoComplete="name"
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => setAuthorName(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, authorName: true }))}
          />
          {nameError && (
            <p id={`${id}-name-error`} className={errorTextClass}>
              {nameError}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-content`} className={labelClass}>
          Comment
        </label>
        <textarea
          id={`${id}-content`}
          className={inputClass(Boolean(contentError), 'min-h-28 leading-6')}
          value={content}
          rows={4}
          aria-invalid={Boolean(contentError)}
          aria-describedby={`${id}-count${contentError ? ` ${id}-content-error` : ''}`}
          onChange={(e) => setContent(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, content: true }))}
        />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            {contentError && (
              <p id={`${id}-content-error`} className={errorTextClass}>
                {contentError}
              </p>
            )}
          </div>
          <CharCounter id={`${id}-count`} length={content.length} max={LIMITS.comment} />
        </div>
      </div>
      <div>
        <button type="submit" className={buttonClass('primary', 'md')} disabled={blocked || pending}>
          <Send className="size-4" aria-hidden="true" />
          {pending ? 'Posting...' : 'Post Comment'}
        </button>
      </div>
    </form>
  )
}
