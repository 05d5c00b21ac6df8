import { useLayoutEffect, useRef } from 'react'

/** What an item takes focus on: itself when it has a tabIndex, else its first control. */
const FOCUSABLE = '[tabindex], a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled)'

/** Spread on a list item's element: where focus can go back to, and whether focus is in it. */
export interface RemovableItemProps {
  ref: (element: HTMLElement | null) => void
  onFocus: () => void
}

/**
 * Keeps focus in a list whose items can be deleted (after a confirmation or at once). Deleting an
 * item removes the control that had focus, and the browser drops focus to the page body; this
 * moves it to the next item, else the previous one, else the list's heading (give it
 * tabIndex={-1}). It acts only when the item that last held focus (a control in it, or a dialog
 * opened from it) has left the list and focus is on the body, so focus the visitor has put
 * elsewhere meanwhile stays where it is. A dialog that closes around the deletion cannot take it
 * back: ModalDialog returns focus to its opener only while that is still on the page.
 * @example
 * const removal = useFocusAfterRemoval(comments.map((c) => c.id))
 * <h2 ref={removal.heading} tabIndex={-1}>Comments</h2>
 * <ul>{comments.map((c) => <li key={c.id} {...removal.item(c.id)}>...</li>)}</ul>
 */
export function useFocusAfterRemoval(keys: readonly string[]) {
  const items = useRef(new Map<string, HTMLElement>())
  const heading = useRef<HTMLHeadingElement>(null)
  const focused = useRef<string | null>(null)
  const shown = useRef(keys)

  // Every render: a deletion shows up as a render without the key, whatever caused the render.
  useLayoutEffect(() => {
    const before = shown.current
    shown.current = keys
    const gone = focused.current
    if (gone === null || keys.includes(gone)) return
    focused.current = null
    if (document.activeElement && document.activeElement !== document.body) return
    const previous = before
      .slice(0, before.indexOf(gone))
      .reverse()
      .find((key) => keys.includes(key))
    const next = keys[previous === undefined ? 0 : keys.indexOf(previous) + 1]
    const item = items.current.get(next ?? previous ?? '')
    const target = item?.matches(FOCUSABLE) ? item : item?.querySelector<HTMLElement>(FOCUSABLE)
    ;(target ?? heading.current)?.focus()
  })

  return {
    heading,
    item: (key: string): RemovableItemProps => ({
      ref: (element) => {
        if (element) items.current.set(key, element)
        else items.current.delete(key)
      },
      onFocus: () => {
        focused.current = key
      },
    }),
  }
}
