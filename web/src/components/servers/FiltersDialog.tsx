import * as Dialog from '@radix-ui/react-dialog'
import { SlidersHorizontal, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '../ui/button'
import { focusFirstField } from '../ui/ModalDialog'

/** Below large screens the sidebar folds away; its filters open in this dialog instead. */
export function FiltersDialog({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttonClass('secondary', 'md', 'lg:hidden')}>
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters{count > 0 && <span className="tabular-nums"> ({count})</span>}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onOpenAutoFocus={focusFirstField}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl dark:bg-zinc-950"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'sm')} aria-label="Close filters">
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Choose tags to narrow the list. A server must have every selected tag.
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
