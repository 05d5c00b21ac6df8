import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from './button'

interface ModalDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  /** 'alertdialog' for a confirmation, which must not close on an outside click. */
  role?: 'dialog' | 'alertdialog'
}

/** A centred Radix dialog: focus trapped and restored, Escape closes, title and description named. */
export function ModalDialog({ open, onOpenChange, title, description, children, role = 'dialog' }: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          role={role}
          onPointerDownOutside={role === 'alertdialog' ? (e) => e.preventDefault() : undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {role === 'dialog' && (
              <Dialog.Close className={buttonClass('ghost', 'sm', '-mt-1 -mr-2')} aria-label="Close">
                <X className="size-4" aria-hidden="true" />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="-mt-2 text-sm text-zinc-700 dark:text-zinc-300">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
