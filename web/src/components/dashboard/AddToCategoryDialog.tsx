import { useId, useState } from 'react'
import type { CategorySummary, ServerSummary } from '@shared/types'
import { useCategoryActions } from '../../hooks/useDashboard'
import { buttonClass } from '../ui/button'
import { labelClass } from '../ui/form'
import { ModalDialog } from '../ui/ModalDialog'
import { OptionSelect } from '../ui/OptionSelect'

interface AddToCategoryDialogProps {
  server: ServerSummary | null
  categories: CategorySummary[]
  onClose: () => void
  onCreateCategory: () => void
}

/** 'Add Server to Category': pick one of the user's categories; Add needs a choice. */
export function AddToCategoryDialog({ server, categories, onClose, onCreateCategory }: AddToCategoryDialogProps) {
  const [categoryId, setCategoryId] = useState('')
  const [pending, setPending] = useState(false)
  const { addServer } = useCategoryActions()
  const id = useId()

  function close() {
    setCategoryId('')
    onClose()
  }

  async function add() {
    const category = categories.find((c) => c.id === categoryId)
    if (!server || !category) return
    setPending(true)
    const ok = await addServer(category, server)
    setPending(false)
    if (ok) close()
  }

  return (
    <ModalDialog
      open={server !== null}
      onOpenChange={(open) => !open && close()}
      title="Add Server to Category"
      description={server ? `Choose a category for ${server.displayName}.` : undefined}
    >
      {categories.length ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-category`} className={labelClass}>
            Category
          </label>
          <OptionSelect
            id={`${id}-category`}
            value={categoryId}
            placeholder="Select a category"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            onChange={setCategoryId}
            className="w-full"
          />
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">You have no categories yet. Create one first, then add servers to it.</p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary', 'md')} onClick={close}>
          Cancel
        </button>
        {categories.length ? (
          <button type="button" className={buttonClass('primary', 'md')} disabled={!categoryId || pending} onClick={() => void add()}>
            {pending ? 'Adding...' : 'Add'}
          </button>
        ) : (
          // No field to start on: the way forward has focus.
          <button
            type="button"
            className={buttonClass('primary', 'md')}
            // biome-ignore lint/a11y/noAutofocus: with no category to choose, the dialog's focus starts on its one action.
            autoFocus
            onClick={() => {
              close()
              onCreateCategory()
            }}
          >
            Create Category
          </button>
        )}
      </div>
    </ModalDialog>
  )
}
