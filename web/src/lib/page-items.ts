import { pageWindow } from './pagination'

export type PageItem = number | 'gap-start' | 'gap-end'

/**
 * The five-page window (see pageWindow) with the first and last page added when the window
 * leaves them out, and an ellipsis wherever two or more pages are skipped: 1 … 4 5 6 7 8 … 20.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const window = pageWindow(current, totalPages)
  if (!window.length) return []
  const items: PageItem[] = []
  const first = window[0]
  const last = window[window.length - 1]
  if (first > 1) {
    items.push(1)
    // An ellipsis never hides a single page: that page is shown instead.
    if (first === 3) items.push(2)
    else if (first > 3) items.push('gap-start')
  }
  items.push(...window)
  if (last < totalPages) {
    if (last === totalPages - 2) items.push(totalPages - 1)
    else if (last < totalPages - 2) items.push('gap-end')
    items.push(totalPages)
  }
  return items
}
