/**
 * Common words: a word in more than COMMON_WORD servers ('server', 'mcp' at scale) still matches,
 * but says little about relevance, so it is matched as typed (no prefix expansion) and left out of
 * bm25 and of the name tier when the query has other words; and, over the whole catalogue, it
 * settles the total at '1,000+'. Whether a word is common is read from its count, which each
 * isolate remembers for a minute for the words it found common.
 */
import { RecentMap } from '../../lib/cache/recent-map'

/** A word in more servers than this is common. Words are counted up to the total's cap, which must be at least this. */
export const COMMON_WORD = 1_000

/** How long an isolate trusts a common word's count. */
export const COMMON_MEMO_MS = 60_000

/**
 * Words this isolate found common lately (at most 2,000), with their counts. A common word
 * stays common for far longer than this (thousands of servers hold it), and only whether it is
 * common (and past the total's cap) is read from its count, so a query with such words reads
 * its page as theirs at once, without counting them: the costliest searches, on the words most
 * people type, are exactly the ones that repeat them. Rarer words are counted every time, since
 * a word no server held may be added at any moment.
 */
export const commonWords = new RecentMap<number>(2_000)

/** The counts `memo` remembers for `words` (common ones, counted in the last minute). */
export function rememberedCounts(words: readonly string[], now: number, memo: RecentMap<number> = commonWords): Map<string, number> {
  const counts = new Map<string, number>()
  for (const w of words) {
    const known = memo.get(w, now, COMMON_MEMO_MS)
    if (known !== undefined) counts.set(w, known)
  }
  return counts
}

/** Remembers the `counted` words found common (`counts`, in their order), and forgets those no longer common. */
export function rememberCommon(counted: readonly string[], counts: readonly number[], now: number, memo: RecentMap<number> = commonWords) {
  counted.forEach((w, i) => {
    if (counts[i] > COMMON_WORD) memo.set(w, counts[i], now)
    else memo.delete(w)
  })
}

/** The words of `words` whose counts (in their order) make them common. */
export const commonOf = (words: readonly string[], counts: readonly number[]) => new Set(words.filter((_, i) => counts[i] > COMMON_WORD))
