import { LoaderCircle, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import type { FeaturedComment } from '@shared/types'
import { FEATURED_LIST_KEY, featuredKey, serverKey } from '../../hooks/useServers'
import { api, call, isApiError } from '../../lib/api'
import { featuredSchema, fieldErrors, fieldIssues } from '../../lib/schemas'
import { describedBy, FieldError, FieldHint, labelClass, TextField } from '../server-form/fields'
import { fieldId } from '../server-form/form-model'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { fromLocalInput, toLocalInput } from './datetime'
import { RichTextEditor } from './RichTextEditor'

interface FeaturedFormProps {
  serverId: string
  /** The stored recommendation, or null when the server was never featured. */
  featured: FeaturedComment | null
}

type Errors = Partial<Record<'commentHtml' | 'sortOrder' | 'publishStartAt' | 'publishEndAt' | 'isActive', string>>

const messageOf = (err: unknown) => (isApiError(err) && err.reason) || 'Please try again.'

/** Field ids, so errors point at their inputs. */
const ids = {
  isActive: 'featured-active',
  sortOrder: fieldId('sortOrder'),
  publishStartAt: fieldId('publishStartAt'),
  publishEndAt: fieldId('publishEndAt'),
  commentHtml: 'featured-comment',
}

export function FeaturedForm({ serverId, featured }: FeaturedFormProps) {
  const [isActive, setIsActive] = useState(featured?.isActive ?? true)
  const [sortOrder, setSortOrder] = useState(String(featured?.sortOrder ?? 0))
  const [start, setStart] = useState(toLocalInput(featured?.publishStartAt))
  const [end, setEnd] = useState(toLocalInput(featured?.publishEndAt))
  const [html, setHtml] = useState(featured?.commentHtml ?? '')
  // Bumped when the editor's content is replaced from outside (sanitised save, removal).
  const [editorKey, setEditorKey] = useState(0)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  // Whether the Worker holds a recommendation for this server (there is something to remove).
  const [stored, setStored] = useState(featured !== null)
  const { mutate } = useSWRConfig()
  const route = api.servers[':id'].featured
  const param = { id: serverId }

  /** The landing's list and the detail page show this comment: refetch them. */
  const refreshViews = (saved: FeaturedComment | null) => {
    void mutate(featuredKey(serverId), saved, { revalidate: false })
    void mutate(FEATURED_LIST_KEY, undefined, { revalidate: true })
    void mutate(serverKey(serverId))
  }

  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const input = { commentHtml: html, isActive, sortOrder, publishStartAt: fromLocalInput(start), publishEndAt: fromLocalInput(end) }
    const result = featuredSchema.safeParse(input)
    if (!result.success) {
      const next: Errors = fieldErrors(fieldIssues(result.error))
      setErrors(next)
      const first = (Object.keys(ids) as Array<keyof Errors>).find((k) => next[k])
      if (first) document.getElementById(ids[first])?.focus()
      return
    }
    setErrors({})
    setBusy('save')
    try {
      const saved = await call(route.$put({ param, json: result.data }))
      // Show what was stored: the Worker's sanitiser may have dropped something.
      if (saved.commentHtml !== html) {
        setHtml(saved.commentHtml)
        setEditorKey((k) => k + 1)
      }
      setSortOrder(String(saved.sortOrder))
      setStored(true)
      refreshViews(saved)
      toast.success('Saved', { description: 'Featured comment updated.' })
    } catch (err) {
      toast.error('Failed to save', { description: messageOf(err) })
    } finally {
      setBusy(null)
    }
  }

  const remove = async () => {
    setBusy('remove')
    try {
      await call(route.$delete({ param }))
      setConfirmRemove(false)
      // Removing makes it inactive and clears the editor (the Worker keeps the old text).
      setIsActive(false)
      setHtml('')
      setEditorKey((k) => k + 1)
      refreshViews(null)
      toast.success('Removed', { description: 'Server removed from Featured.' })
    } catch (err) {
      toast.error('Failed to remove', { description: messageOf(err) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-6">
      <Card className="space-y-5 p-5">
        <div className="flex items-start gap-3">
          <input
            id={ids.isActive}
            type="checkbox"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
            aria-describedby="featured-active-hint"
            className="mt-0.5 size-4 accent-blue-700 dark:accent-blue-400"
          />
          <div>
            <label htmlFor={ids.isActive} className={labelClass}>
              Public
            </label>
            <FieldHint id="featured-active-hint">Shown on the landing page and the server's page (within the publish window).</FieldHint>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="sortOrder"
            label="Sort Order"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={sortOrder}
            onValueChange={setSortOrder}
            error={errors.sortOrder}
            hint="Lower comes first; empty counts as 0."
          />
          <TextField
            name="publishStartAt"
            label="Publish Start"
            type="datetime-local"
            value={start}
            onValueChange={setStart}
            error={errors.publishStartAt}
          />
          <TextField
            name="publishEndAt"
            label="Publish End"
            type="datetime-local"
            value={end}
            onValueChange={setEnd}
            error={errors.publishEndAt}
          />
        </div>

        <div>
          <span id="featured-comment-label" className={labelClass}>
            Recommendation
          </span>
          <FieldHint id="featured-comment-hint">Start with a bold line: it becomes the card's title, the rest its summary.</FieldHint>
          <div className="mt-2">
            <RichTextEditor
              key={editorKey}
              id={ids.commentHtml}
              initialHtml={html}
              onChange={setHtml}
              labelledBy="featured-comment-label"
              describedBy={describedBy('commentHtml', errors.commentHtml, 'featured-comment-hint')}
            />
          </div>
          <FieldError name="commentHtml" message={errors.commentHtml} />
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className={buttonClass('danger', 'md')}
          onClick={() => setConfirmRemove(true)}
          disabled={busy !== null || !stored}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Remove from Featured
        </button>
        <button type="submit" className={buttonClass('primary', 'md')} disabled={busy !== null}>
          {busy === 'save' && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {busy === 'save' ? 'Saving...' : 'Save'}
        </button>
      </div>

      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={(open) => busy !== 'remove' && setConfirmRemove(open)}
        title="Remove from Featured?"
        message="The server leaves the featured list and the editor is cleared."
        confirmLabel={busy === 'remove' ? 'Removing...' : 'Remove'}
        pending={busy === 'remove'}
        onConfirm={() => void remove()}
      />
    </form>
  )
}
