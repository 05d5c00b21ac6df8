import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { LIMITS } from '@shared/limits'
import { buttonClass } from '../ui/button'
import { describedBy, FieldError, FieldHint, FormSection, inputClass, labelClass } from './fields'
import { addTag, fieldId } from './form-model'

interface TagsSectionProps {
  tags: string[]
  onChange: (tags: string[]) => void
  readOnly: boolean
  error?: string
}

export function TagsSection({ tags, onChange, readOnly, error }: TagsSectionProps) {
  const [draft, setDraft] = useState('')
  const full = tags.length >= LIMITS.tags
  const add = () => {
    onChange(addTag(tags, draft))
    setDraft('')
  }
  const hintId = `${fieldId('tags')}-hint`
  return (
    <FormSection id="tags" title="Tags" description="Help people find the server. Up to 10 tags of at most 30 characters.">
      {!readOnly && (
        <div>
          <label htmlFor={fieldId('tags')} className={labelClass}>
            New tag
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={fieldId('tags')}
              value={draft}
              maxLength={LIMITS.tag}
              disabled={full}
              placeholder="e.g. database"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the tag rather than submitting the whole form.
                if (e.key === 'Enter') {
                  e.preventDefault()
                  add()
                }
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('tags', error, hintId)}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <button type="button" className={buttonClass('secondary', 'md')} onClick={add} disabled={full}>
              <Plus className="size-4" aria-hidden="true" />
              Add Tag
            </button>
          </div>
          <FieldHint id={hintId}>
            {full ? 'The maximum of 10 tags is reached.' : `Press Enter or Add Tag. ${tags.length} of ${LIMITS.tags} used.`}
          </FieldHint>
          <FieldError name="tags" message={error} />
        </div>
      )}
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-zinc-200 bg-zinc-50 py-0.5 pr-1 pl-2.5 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
            >
              {tag}
              {!readOnly && (
                <button
                  type="button"
                  className="rounded-full p-0.5 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No tags yet.</p>
      )}
      {readOnly && <FieldError name="tags" message={error} />}
    </FormSection>
  )
}
