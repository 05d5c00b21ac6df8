/**
 * Typo correction: which typed words may be misspellings, and which indexed term each most likely
 * meant. A word is corrected only when no server holds it and the query finds almost nothing
 * (fewer than THIN servers); the index's own terms sharing its first letters are the candidates
 * (read in the page's round trip, guarded in SQL by THIN), and the nearest by edit distance wins.
 */
import { buildFtsQuery, type FtsQuery } from '../../lib/search/query'
import { COMMON_WORD } from './common-words'

/** Fewer matches than this make a query thin: then, and only then, a misspelt word is corrected. */
export const THIN = 3

/** Words shorter than this are never corrected: too many real words lie one edit apart. */
export const MIN_TYPO_WORD = 5
/** Edits allowed per letter typed: one in a five-letter word, two in a seven-letter one. */
const EDITS_PER_LETTER = 0.28
/** Endings the index's stemmer drops, so an indexed term may lack them ('playwrit' for 'playwrite'). */
const STEMMED_ENDINGS = ['s', 'e', 'es', 'ed', 'ing', 'er', 'ion', 'ly']

/** Edit distance counting a swap of neighbours as one edit ('obsidain' ~ 'obsidian': 1). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)])
  for (let j = 0; j <= b.length; j++) rows[0][j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1)
    }
  return rows[a.length][b.length]
}

/** How far an indexed term (a stem) is from a typed word; Infinity beyond what counts as a typo. */
export function typoCost(word: string, term: string): number {
  if (term === word || term.length < 3 || word.length < MIN_TYPO_WORD) return Number.POSITIVE_INFINITY
  let cost = editDistance(word, term)
  for (const ending of STEMMED_ENDINGS)
    if (word.endsWith(ending) && word.length - ending.length >= 4)
      cost = Math.min(cost, editDistance(word.slice(0, -ending.length), term) + 0.5)
  return cost <= word.length * EDITS_PER_LETTER ? cost : Number.POSITIVE_INFINITY
}

/** Where the index's terms are read for a word's corrections: those sharing its first letters. */
export function typoPrefix(word: string): string {
  return word.slice(0, word.length >= 7 ? 4 : 3)
}

/**
 * The indexed term a misspelt word most likely meant: the fewest edits, then the most servers.
 * `candidates` are index terms sharing the word's first letters, with how many servers hold each.
 */
export function correctSpelling(
  word: string,
  candidates: ReadonlyArray<{ term: string; servers: number }>,
): { term: string; servers: number } | null {
  let best: { term: string; servers: number; cost: number } | null = null
  for (const c of candidates) {
    const cost = typoCost(word, c.term)
    if (cost === Number.POSITIVE_INFINITY) continue
    if (!best || cost < best.cost || (cost === best.cost && c.servers > best.servers)) best = { ...c, cost }
  }
  return best && { term: best.term, servers: best.servers }
}

/** Words long enough to be a misspelling worth correcting (digits alone never are). */
export const correctable = (w: string) => w.length >= MIN_TYPO_WORD && /\p{L}/u.test(w)

/** Words no server holds (`counts`, in the order of `words`), long enough to be a misspelling worth correcting. */
export const unknownWords = (words: readonly string[], counts: readonly number[]) =>
  words.filter((w, i) => counts[i] === 0 && correctable(w))

/** An index term read as a possible correction of the `w`-th word looked up. */
export interface TypoCandidate {
  w: number
  term: string
  servers: number
}

/** A query with its misspelt words replaced. */
export interface Corrected {
  fts: FtsQuery
  /** Each corrected word's replacement: an indexed term (a stem). */
  terms: string[]
  /** A replacement is a common word. */
  dense: boolean
}

/**
 * The query with its misspelt words (`unknown`, whose candidates are numbered by their place in it)
 * replaced by the nearest indexed terms, matched exactly as given (a stem is a whole term, never a
 * prefix); null when none is near.
 */
export function correctionsOf(
  words: readonly string[],
  unknown: readonly string[],
  candidates: readonly TypoCandidate[],
): Corrected | null {
  const replaced = new Map<string, { term: string; servers: number }>()
  unknown.forEach((word, i) => {
    const best = correctSpelling(
      word,
      candidates.filter((c) => c.w === i),
    )
    if (best) replaced.set(word, best)
  })
  if (replaced.size === 0) return null
  const fixedWords = words.map((w) => replaced.get(w)?.term ?? w)
  const terms = [...replaced.values()]
  const common = new Set(terms.filter((t) => t.servers > COMMON_WORD).map((t) => t.term))
  return {
    fts: buildFtsQuery(fixedWords, common, new Set(terms.map((t) => t.term))),
    terms: terms.map((t) => t.term),
    dense: common.size > 0,
  }
}
