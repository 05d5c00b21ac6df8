/**
 * Lookups over the search's vocabulary (vocabulary-data.ts): another word's spellings, and the
 * related terms and categories a query names. Pure (no database), built once per isolate.
 */
import { CATEGORIES, type CategorySlug } from '@shared/categories'
import { SAME, TOPICS } from './vocabulary-data'

/** Words as lookup compares them: lower case, a plural 's' folded ('payments' ~ 'payment'). */
export function fold(word: string): string {
  const w = word.toLowerCase()
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1)
  return w
}

/**
 * What a word must start with in a text to count as shown there: its folded form less two
 * letters, as a stem-like head ('payments' ~ 'payment', 'screenshots' ~ 'screenshot').
 */
export function wordHead(word: string): string {
  const folded = fold(word)
  return folded.slice(0, Math.max(3, folded.length - 2))
}

/** A term's words as typed queries split them (letters and digits only). */
export function termWords(term: string): string[] {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

const key = (words: string[]) => words.map(fold).join(' ')

interface Entry {
  topics: number[]
  categories: CategorySlug[]
}

/** Every term of a topic or a category name, by its folded words. */
const LOOKUP = new Map<string, Entry>()
/** The longest term, in words: how far a span looks ahead. */
let LONGEST = 1

const bare = (term: string) => term.replace(/^[~>]/, '')

function enter(term: string, topic: number | null, category: CategorySlug | undefined) {
  const words = termWords(bare(term))
  if (words.length === 0) return
  LONGEST = Math.max(LONGEST, words.length)
  const k = key(words)
  const entry = LOOKUP.get(k) ?? { topics: [], categories: [] }
  if (topic !== null && !entry.topics.includes(topic)) entry.topics.push(topic)
  if (category && !entry.categories.includes(category)) entry.categories.push(category)
  LOOKUP.set(k, entry)
}

TOPICS.forEach((topic, i) => {
  for (const term of topic.terms) if (!term.startsWith('>')) enter(term, i, topic.category)
})
// A category's name ('Finance & payments': 'finance', 'payments') and slug name it too.
for (const category of CATEGORIES) {
  if (category.slug === 'other') continue
  enter(category.slug.replace(/-/g, ' '), null, category.slug)
  for (const part of category.name.split(/\s*(?:&|,|\band\b)\s*/)) enter(part, null, category.slug)
}

const SAME_BY_WORD = new Map<string, string[]>()
for (const group of SAME) {
  for (const term of group) {
    if (termWords(term).length !== 1) continue
    const others = SAME_BY_WORD.get(fold(term)) ?? []
    for (const other of group) if (other !== term && !others.includes(other)) others.push(other)
    SAME_BY_WORD.set(fold(term), others)
  }
}

/** Spellings of the same thing as this typed word (phrases included), not the word itself. */
export function sameAs(word: string): string[] {
  return SAME_BY_WORD.get(fold(word)) ?? []
}

export interface RelatedTerm {
  /** The term as listings write it: one word or a phrase. */
  term: string
  /** What the person typed that it is related to. */
  from: string
}

export interface Expansion {
  /** Related terms, best first, none of them what was typed. */
  related: RelatedTerm[]
  /** Categories the query names or implies, best first. */
  categories: Array<{ slug: CategorySlug; from: string }>
}

/** At most this many related terms reach the query: each is a term the index merges. */
export const MAX_RELATED = 24
/** At most this many categories. */
export const MAX_EXPANDED_CATEGORIES = 3

/**
 * The topics and categories that what was typed names. The words are read left to right, each
 * position taking the longest term it starts ('time series database' rather than 'database'),
 * so a phrase is understood as a whole; a word inside a longer term is not looked up on its own.
 */
export function expandQuery(words: string[]): Expansion {
  const typed = new Set(words.map(fold))
  const related: RelatedTerm[] = []
  const seen = new Set<string>()
  const categories: Expansion['categories'] = []
  for (let i = 0; i < words.length; ) {
    let found: { entry: Entry; length: number } | null = null
    for (let length = Math.min(LONGEST, words.length - i); length >= 1 && !found; length--) {
      const entry = LOOKUP.get(key(words.slice(i, i + length)))
      if (entry) found = { entry, length }
    }
    // Another spelling of the word may be the one the topics list ('postgresql': 'postgres').
    for (const same of found ? [] : sameAs(words[i])) {
      const entry = LOOKUP.get(key(termWords(same)))
      if (entry) {
        found = { entry, length: 1 }
        break
      }
    }
    if (!found) {
      i++
      continue
    }
    const from = words.slice(i, i + found.length).join(' ')
    const spanWords = new Set(words.slice(i, i + found.length).map(fold))
    for (const t of found.entry.topics) {
      for (const term of TOPICS[t].terms) {
        if (term.startsWith('~')) continue
        const tw = termWords(bare(term)).map(fold)
        const k = tw.join(' ')
        // What was typed is matched as typed; a term made only of typed words adds nothing.
        if (seen.has(k) || tw.every((w) => typed.has(w) || spanWords.has(w))) continue
        seen.add(k)
        related.push({ term: bare(term), from })
      }
    }
    for (const slug of found.entry.categories) if (!categories.some((c) => c.slug === slug)) categories.push({ slug, from })
    i += found.length
  }
  return { related: related.slice(0, MAX_RELATED), categories: categories.slice(0, MAX_EXPANDED_CATEGORIES) }
}
