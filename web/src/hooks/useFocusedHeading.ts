import { useEffect, useRef } from 'react'

/**
 * A section's heading that takes focus when asked (a badge elsewhere on the page leads to the
 * section): once `focus` is true, the heading is scrolled to the top and focused, and `onFocused`
 * says it was done. Give the heading `tabIndex={-1}` and this ref.
 */
export function useFocusedHeading(focus: boolean, onFocused?: () => void) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focus) return
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
    onFocused?.()
  }, [focus, onFocused])
  return heading
}
