import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { buttonClass } from './button'

const FIELDS = ['input:not([type=hidden])', 'textarea', 'select', '[role=combobox]', '[role=switch]', '[contenteditable=true]']
  .map((s) => `${s}:not(:disabled)`)
  .join(', ')

/**
 * For Radix's `onOpenAutoFocus`: focus starts on the dialog's first field. Radix would pick the
 * first focusable element, the header's Close button, so a name typed right after opening would
 * press Close at its first space. A dialog without fields keeps Radix's choice (or its own
 * `autoFocus`, which Radix respects).
 */
export function focusFirstField(event: Event) {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIELDS)
  if (!field) return
  event.preventDefault()
  field.focus()
}

interface Opener {
  element: HTMLElement | null
  /** The opener of the dialog this one was opened from, for when `element` left with it. */
  outer: Opener | null
}

/** Each open dialog's content element and where its focus goes back to. */
const openers = new WeakMap<Element, Opener>()

/**
 * The control that has focus as a dialog opens. Read while React renders the opening, before it
 * commits: a menu item that opens a dialog is removed with its menu in that same commit.
 */
function currentOpener(): Opener | null {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || active === document.body) return null
  // A menu closes as its item opens the dialog: its trigger is what stays on the page.
  const menu = active.closest('[role=menu]')
  const element = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : active
  const dialog = active.closest('[role=dialog], [role=alertdialog]')
  return { element, outer: dialog ? (openers.get(dialog) ?? null) : null }
}

function focusOpener(opener: Opener | null) {
  for (let o = opener; o; o = o.outer) {
    if (o.element?.isConnected) {
      o.element.focus()
      return
    }
  }
}

/**
 * Gives focus back to whatever opened the dialog when it closes. These dialogs open from many
 * places (a card's button, a promo, another dialog), so no single Radix Trigger can stand for
 * them; without one, Radix leaves focus on the page body.
 */
function useReturnFocus(open: boolean) {
  const [state, setState] = useState<{ open: boolean; opener: Opener | null }>({ open: false, opener: null })
  if (state.open !== open) setState({ open, opener: open ? currentOpener() : state.opener })
  return {
    contentRef: (el: HTMLElement | null) => {
      if (el) openers.set(el, state.opener ?? { element: null, outer: null })
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      focusOpener(state.opener)
    },
  }
}

interface ModalDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  /** 'alertdialog' for a confirmation, which must not close on an outside click. */
  role?: 'dialog' | 'alertdialog'
}

/**
 * A centred Radix dialog: focus trapped, starting on the first field and returned to the opener;
 * Escape closes; title and description named.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, role = 'dialog' }: ModalDialogProps) {
  const { contentRef, onCloseAutoFocus } = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          ref={contentRef}
          role={role}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={onCloseAutoFocus}
          onPointerDownOutside={role === 'alertdialog' ? (e) => e.preventDefault() : undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="min-w-0 text-lg font-semibold wrap-anywhere">{title}</Dialog.Title>
            {role === 'dialog' && (
              <Dialog.Close className={buttonClass('ghost', 'sm', '-mt-1 -mr-2')} aria-label="Close">
                <X className="size-4" aria-hidden="true" />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="-mt-2 text-sm text-zinc-700 wrap-anywhere dark:text-zinc-300">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
