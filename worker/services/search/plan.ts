/**
 * The plan of a search: what each of its round trips reads (db/server-search.ts `readSearch`
 * sends one batch per plan). One round trip for most searches: the counts of the words this
 * isolate has not found common in the last minute, and the page and its total read as if those
 * words were rare (most are). A second only when one turns out common (the page is then read as
 * a common word's), or to read the page of a corrected misspelling.
 */
import type { SearchReads } from '../../db/server-search'
import { buildFtsQuery } from '../../lib/search/query'
import { commonOf } from './common-words'
import { type Corrected, correctable, THIN, typoPrefix, unknownWords } from './correction'
import { SEARCH_TOTAL_CAP } from './totals'

/**
 * A search's reads for words of these counts (in the order of `words`): the page, read as a
 * common word's when one is (matched as typed, left out of bm25; a sorted page walks its sort's
 * index first); its total, unless a word past the cap settles it (`whole`: over the whole
 * catalogue every match of that word is a match of the query); and the spelling candidates of
 * `typos`, which SQL reads only when no server holds the word and the query is thin.
 */
export function readsFor(words: string[], counts: readonly number[], whole: boolean, typos: readonly string[]): SearchReads {
  const common = commonOf(words, counts)
  return {
    fts: buildFtsQuery(words, common),
    count: [],
    dense: common.size > 0,
    cap: SEARCH_TOTAL_CAP,
    countTotal: !(whole && counts.some((n) => n > SEARCH_TOTAL_CAP)),
    typos: typos.map((word) => ({ word, prefix: typoPrefix(word) })),
    thin: THIN,
  }
}

/**
 * The first round trip: the words `remembered` does not hold are counted, and the page read as
 * if they were rare; a counted word long enough to be a misspelling has its spelling candidates
 * read too (the SQL holds them back unless no server holds it).
 */
export function firstReads(words: string[], remembered: ReadonlyMap<string, number>, whole: boolean): SearchReads {
  const counted = words.filter((w) => !remembered.has(w))
  const guessed = words.map((w) => remembered.get(w) ?? 1)
  return { ...readsFor(words, guessed, whole, counted.filter(correctable)), count: counted }
}

/** Every word's count (in the order of `words`): what was remembered, and what the first read counted (`counts`, in the order of `counted`). */
export function allCounts(
  words: readonly string[],
  remembered: ReadonlyMap<string, number>,
  counted: readonly string[],
  counts: readonly number[],
) {
  const all = new Map(remembered)
  for (const [i, w] of counted.entries()) all.set(w, counts[i] ?? 0)
  return words.map((w) => all.get(w) ?? 0)
}

/**
 * The second round trip, when a word the first counted turned out common: the page read as that
 * word's, and the spelling candidates of the words no server holds. Null when the first read
 * stands.
 */
export function secondReads(words: string[], counts: readonly number[], first: SearchReads, whole: boolean): SearchReads | null {
  const common = commonOf(words, counts)
  if (!first.count.some((w) => common.has(w))) return null
  return readsFor(words, counts, whole, unknownWords(words, counts))
}

/** The round trip of a corrected query: its page and its total, no spelling looked up again. */
export function correctedReads(fixed: Corrected): SearchReads {
  return { fts: fixed.fts, count: [], dense: fixed.dense, cap: SEARCH_TOTAL_CAP, countTotal: true, typos: [], thin: THIN }
}
