import { useId, useState } from 'react'
import { LIMITS } from '@shared/limits'
import { useCategoryActions } from '../../hooks/useDashboard'
import { categorySchema, fieldErrors, fieldIssues } from '../../lib/schemas'
import { buttonClass } from '../ui/button'
import { errorTextClass, inputClass, labelClass } from '../ui/form'
import { ModalDialog } from '../ui/ModalDialog'

/** 'Create Category': a name (required) and a description (optional). New categories are private. */
export function CreateCategoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const { createCategory } = useCategoryActions()
  const id = useId()

  function close(next: boolean) {
    if (!next) {
      setName('')
      setDescription('')
      setErrors({})
    }
    onOpenChange(next)
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const parsed = categorySchema.safeParse({ name, description })
    if (!parsed.success) {
      setErrors(fieldErrors(fieldIssues(parsed.error)))
      return
    }
    setPending(true)
    const ok = await createCategory(parsed.data)
    setPending(false)
    if (ok) close(false)
  }

  const nameError = errors.name
  // One message at a time: the name's first, as it is the field to fix first.
  const error = nameError ?? errors.description
  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title="Create Category"
      description="Group favorite servers. A category is private until you make it public as a package."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-name`}
            className={inputClass(Boolean(nameError))}
            value={name}
            required
            maxLength={LIMITS.categoryName}
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? `${id}-error` : undefined}
            onChange={(e) => {
              setName(e.target.value)
              setErrors({})
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>
          </label>
          <textarea
            id={`${id}-description`}
            className={inputClass(Boolean(error && !nameError))}
            value={description}
            rows={3}
            maxLength={LIMITS.categoryDescription}
            onChange={(e) => {
              setDescription(e.target.value)
              setErrors({})
            }}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className={errorTextClass} role="alert">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary', 'md')} onClick={() => close(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary', 'md')} disabled={pending || !name.trim()}>
            {pending ? 'Creating...' : 'Create'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
