import { buttonClass } from './button'
import { ModalDialog } from './ModalDialog'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  message: string
  confirmLabel: string
  pending?: boolean
  onConfirm: () => void
}

/** A yes/no question before something that cannot be undone; Cancel has the focus first. */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, pending = false, onConfirm }: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={title} description={message} role="alertdialog">
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'md')}
          onClick={() => onOpenChange(false)}
          // biome-ignore lint/a11y/noAutofocus: a dialog's focus starts on its safe choice, by design.
          autoFocus
        >
          Cancel
        </button>
        <button type="button" className={buttonClass('danger', 'md')} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  )
}
