import { useSyncExternalStore } from 'react'

/** Tailwind's `lg` breakpoint: where the list's filters stand beside it rather than in a dialog. */
export const WIDE_SCREEN = '(min-width: 64rem)'

/**
 * Whether a media query matches, kept current as the window changes. For content that one layout
 * hides with CSS anyway: not rendering it at all spares a phone's first screen the work.
 * @example const wide = useMediaQuery(WIDE_SCREEN)
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
  )
}
