/** At most this many page numbers are shown. */
export const PAGE_WINDOW = 5

/**
 * The page numbers to show: the first five while the current page is 3 or lower (or there are
 * five pages or fewer), the last five once it is within 2 of the end, else current - 2 to
 * current + 2.
 */
export function pageWindow(current: number, totalPages: number): number[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
  if (totalPages <= PAGE_WINDOW || current <= 3) return range(1, Math.min(PAGE_WINDOW, totalPages))
  if (current >= totalPages - 2) return range(totalPages - PAGE_WINDOW + 1, totalPages)
  return range(current - 2, current + 2)
}
