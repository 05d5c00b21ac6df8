/**
 * A search's answer from the rows its statement ranked: the page's cards in their order, each
 * saying why it matched when the card does not show it (`matchedBy`), and the total as the
 * answer says it.
 */

import type { ServerSummary } from '@shared/types'
import type { SearchRead } from '../../db/server-search'
import type { FtsQuery } from '../../lib/search/query'
import { explainMatch, levelOf, type MatchReason, typoReason } from './explain'
import { totalOf } from './totals'

/** A page of cards and why each matched, when the card does not show it (same order as cards). */
export interface SearchPage {
  cards: ServerSummary[]
  reasons: Array<MatchReason | null>
  total: number
  totalCapped: boolean
}

export interface SearchResult {
  /** The page's cards, each saying why it matched when the card does not show it (`matchedBy`). */
  servers: ServerSummary[]
  total: number
  /** The total stopped counting at SEARCH_TOTAL_CAP. */
  totalCapped: boolean
}

/** A page (by relevance or sorted) and its total, from what its round trip read for `fts`. */
export function resultPage({ rows, found }: Pick<SearchRead, 'rows' | 'found'>, fts: FtsQuery): SearchPage {
  return {
    cards: rows.map((r) => r.card),
    reasons: rows.map((r) => explainMatch(r.card, levelOf(r.level), fts, r.tools)),
    ...totalOf(found),
  }
}

/** A corrected search's page: a card with the corrected word (`terms`) says so, in the words it uses. */
export function correctedPage(page: SearchPage, terms: readonly string[]): SearchPage {
  return { ...page, reasons: page.cards.map((card, i) => typoReason(card, page.reasons[i], terms)) }
}

/** The answer: each card with its reason, when it has one. */
export function searchResult(page: SearchPage): SearchResult {
  const servers = page.cards.map((card, i) => {
    const reason = page.reasons[i]
    return reason ? { ...card, matchedBy: reason } : card
  })
  return { servers, total: page.total, totalCapped: page.totalCapped }
}
