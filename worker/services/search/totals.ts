/**
 * A search's total: matches are counted up to SEARCH_TOTAL_CAP, so a count reads at most about a
 * thousand index rows whatever the catalogue's size (D1 bills every row a cursor visits, an FTS5
 * posting too); past it the answer says '1,000+' (`totalCapped`), and paging stops there.
 */

/**
 * Matches are counted up to this many; beyond it the total reads '1,000+'. Words are counted up
 * to it too, so it must be at least COMMON_WORD (common-words.ts).
 */
export const SEARCH_TOTAL_CAP = 1_000

/** The total as the answer says it, from a count up to SEARCH_TOTAL_CAP + 1 (or null: known to be past the cap). */
export function totalOf(counted: number | null): { total: number; totalCapped: boolean } {
  const n = counted ?? SEARCH_TOTAL_CAP + 1
  return { total: Math.min(n, SEARCH_TOTAL_CAP), totalCapped: n > SEARCH_TOTAL_CAP }
}
