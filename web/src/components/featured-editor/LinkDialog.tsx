import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { inputClass, labelClass } from '../server-form/fields'
import { buttonClass } from '../ui/button'
import { normaliseLink } from './editor-html'

interface LinkDialogProps {
  open: boolean
  /** The address of the link the selection is in, when it is in one. */
  initialUrl: string
  onApply: (url: string) => void
  onRemove: () => void
  onClose: () => void
  /** After the dialog has closed and released focus: the editor takes focus back. */
  onClosed: () => void
}

/**
 * Asks for a link's address: an accessible replacement for window.prompt (focus trapped, Escape
 * closes, the field labelled and its error announced). On close, focus goes back to the editor,
 * not to the toolbar, so typing continues where it was.
 */
export function LinkDialog({ open, initialUrl, onApply, onRemove, onClose, onClosed }: LinkDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            onClosed()
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{initialUrl ? 'Edit link' : 'Insert link'}</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'sm', '-mt-1 -mr-2')} aria-label="Close">
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
            The selected text links to this address (http, https or mailto).
          </Dialog.Description>
          {/* Remounted on each opening, so the field starts from the current link. */}
          {open && <LinkForm initialUrl={initialUrl} onApply={onApply} onRemove={onRemove} onCancel={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function LinkForm({
  initialUrl,
  onApply,
  onRemove,
  onCancel,
}: {
  initialUrl: string
  onApply: (url: string) => void
  onRemove: () => void
  onCancel: () => void
}) {
  const [value, setValue] = useState(initialUrl)
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    // The dialog sits inside the featured form in React's tree: keep this submit to itself.
    e.preventDefault()
    e.stopPropagation()
    const url = normaliseLink(value)
    if (!url) {
      setError('Enter an address starting with http://, https:// or mailto:')
      return
    }
    onApply(url)
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <label htmlFor="link-url" className={labelClass}>
        URL
      </label>
      <input
        id="link-url"
        type="url"
        inputMode="url"
        autoComplete="url"
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
          setError(undefined)
        }}
        placeholder="https://example.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'link-url-error' : undefined}
        className={`${inputClass} mt-1`}
        // biome-ignore lint/a11y/noAutofocus: the dialog's focus starts on its one field.
        autoFocus
      />
      {error && (
        <p id="link-url-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {initialUrl && (
          <button type="button" className={buttonClass('ghost', 'md', 'mr-auto')} onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className={buttonClass('secondary', 'md')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Apply
        </button>
      </div>
    </form>
  )
}
