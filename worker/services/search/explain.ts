/**
 * Why a result matched, said on its card when the card does not show it: the related term or
 * category that found it, the tool holding a typed word, its README, or the corrected spelling.
 * The page's statement ranks the rows and gives each its level (db/server-search.ts); the words
 * are read here, from the card and the query.
 */
import { categoryBySlug } from '@shared/categories'
import type { ServerSummary } from '@shared/types'
import { type FtsQuery, isSmallWord, significantWords } from '../../lib/search/query'
import { matchingTool } from '../../lib/search/tool-text'
import { fold, sameAs, termWords, wordHead } from '../../lib/search/vocabulary'

/** How a search result was found, when its card does not show it (see ServerSummary.matchedBy). */
export type MatchKind = NonNullable<ServerSummary['matchedBy']>['kind']
export interface MatchReason {
  kind: MatchKind
  term: string
}

/** The tier a result was found in: what was typed, a related term, its category, or only some words or its README. */
export type MatchLevel = 'typed' | 'related' | 'category' | 'other'

/**
 * The level a page's row was ranked at (db/server-search.ts: 4 what was typed, 3 a related term,
 * 2 every word in its tools, 1 its category, 0 the rest) as a card explains it: a server found
 * by its tools is explained as the rest are, by the tool, when its card lacks a word.
 */
const LEVELS: Record<number, MatchLevel> = { 4: 'typed', 3: 'related', 2: 'other', 1: 'category', 0: 'other' }

export const levelOf = (rank: number): MatchLevel => LEVELS[rank] ?? 'other'

interface CardText {
  displayName: string
  name: string
  description: string
  author: string
  tags: string[]
  categories: string[]
}

/** A word is on the card when a card word starts with its stem-like head ('payments' ~ 'payment'). */
function shows(tokens: string[], word: string): boolean {
  const head = wordHead(word)
  return tokens.some((t) => t.startsWith(head))
}

/**
 * Why a result matched, when its card does not make it obvious: the related term or category
 * that found it, the tool whose name or description holds a typed word the card lacks (read from
 * the row's `tool_text`, when the search read it back), or its README when no typed word is on
 * the card. Null when the card shows it.
 */
export function explainMatch(
  card: CardText,
  level: MatchLevel,
  fts: Pick<FtsQuery, 'words' | 'expansion'>,
  toolText: string | null = null,
): MatchReason | null {
  const tokens = termWords(`${card.displayName} ${card.name} ${card.description} ${card.author} ${card.tags.join(' ')}`)
  const onCard = (w: string) => shows(tokens, w) || sameAs(w).some((s) => termWords(s).every((x) => shows(tokens, x)))
  const typedShown = fts.words.some(onCard)
  if (level === 'related') {
    // A typed word in its name put it here ('slack' for 'slack messages'): nothing to explain.
    const name = termWords(`${card.displayName} ${card.name}`)
    if (fts.words.some((w) => !isSmallWord(w) && shows(name, w))) return null
    const shown = fts.expansion.related.find((r) => termWords(r.term).every((w) => shows(tokens, w)))
    const term = shown ?? fts.expansion.related[0]
    return term ? { kind: 'related', term: term.term } : null
  }
  const categoryName = (slug: string | undefined) => (slug ? (categoryBySlug(slug)?.name ?? null) : null)
  if (level === 'category') {
    const name = categoryName(fts.expansion.categories.find((c) => card.categories.includes(c.slug))?.slug)
    return name ? { kind: 'category', term: name } : null
  }
  const tool = matchingTool(
    toolText,
    significantWords(fts.words).filter((w) => !onCard(w)),
  )
  if (tool) return { kind: 'tool', term: tool }
  if (typedShown) return null
  // Not on the card: a typed word names one of its categories ('finance'), else its README said it.
  const named = card.categories.find((slug) => fts.words.some((w) => termWords(slug).map(fold).includes(fold(w))))
  if (named) return { kind: 'category', term: categoryName(named) ?? named }
  return level === 'other' ? { kind: 'readme', term: fts.words.find((w) => w.length > 2) ?? fts.words[0] } : null
}

/**
 * Why a result of a corrected search matched: the corrected word, in the words its card uses
 * ('similar: playwright'), when the card shows it; else what found it (`reason`: a related term,
 * a category), else the first correction.
 */
export function typoReason(card: CardText, reason: MatchReason | null, terms: readonly string[]): MatchReason {
  const words = `${card.displayName} ${card.name} ${card.description} ${card.tags.join(' ')}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  for (const term of terms) {
    const shown = words.find((w) => w.startsWith(term))
    if (shown) return { kind: 'typo', term: shown }
  }
  return reason ?? { kind: 'typo', term: terms[0] }
}
