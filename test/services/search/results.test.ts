/**
 * Rows into an answer: the cards in the statement's order, each explained when its card does not
 * show why it matched, and the total capped.
 */
import { describe, expect, it } from 'vitest'
import type { ServerSummary } from '@shared/types'
import { buildFtsQuery } from '../../../worker/lib/search/query'
import { correctedPage, resultPage, searchResult } from '../../../worker/services/search/results'
import { SEARCH_TOTAL_CAP, totalOf } from '../../../worker/services/search/totals'

function card(id: string, fields: Partial<ServerSummary>): ServerSummary {
  return {
    id,
    name: `io.x/${id}`,
    displayName: id,
    description: '',
    author: 'a',
    version: '1.0.0',
    icon: null,
    githubUrl: null,
    ownerAvatarUrl: null,
    tags: [],
    categories: [],
    likeCount: 0,
    isLiked: false,
    stars: 0,
    popularity: 0,
    installCommand: '',
    status: 'active',
    deprecated: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    toolCount: null,
    risk: null,
    supplyBand: null,
    installKinds: [],
    ...fields,
  } as ServerSummary
}

describe('totals', () => {
  it('are exact up to the cap, then the cap and capped; an uncounted total is past it', () => {
    expect(totalOf(12)).toEqual({ total: 12, totalCapped: false })
    expect(totalOf(SEARCH_TOTAL_CAP)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: false })
    expect(totalOf(SEARCH_TOTAL_CAP + 1)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true })
    expect(totalOf(null)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true })
  })
})

describe('a page of results', () => {
  const fts = buildFtsQuery(['payments'])
  const rows = [
    { card: card('pay', { description: 'Take payments' }), level: 4, tools: null },
    { card: card('ledger', { description: 'Create invoices' }), level: 3, tools: null },
    { card: card('books', { description: 'Bookkeeping', categories: ['finance'] }), level: 1, tools: null },
    { card: card('wiki', { description: 'Notes' }), level: 0, tools: null },
  ]

  it('keeps the statement’s order and explains each card by its level', () => {
    const page = resultPage({ rows, found: 4 }, fts)
    expect(page.cards.map((c) => c.id)).toEqual(['pay', 'ledger', 'books', 'wiki'])
    expect(page.reasons).toEqual([
      null,
      { kind: 'related', term: 'invoices' },
      { kind: 'category', term: 'Finance & payments' },
      { kind: 'readme', term: 'payments' },
    ])
    expect(page).toMatchObject({ total: 4, totalCapped: false })
  })

  it('caps the total the statement counted past the cap', () => {
    expect(resultPage({ rows, found: SEARCH_TOTAL_CAP + 1 }, fts)).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true })
    expect(resultPage({ rows: [], found: null }, fts)).toMatchObject({ cards: [], total: SEARCH_TOTAL_CAP, totalCapped: true })
  })

  it('puts a reason on a card only when it has one', () => {
    const answer = searchResult(resultPage({ rows, found: 4 }, fts))
    expect('matchedBy' in answer.servers[0]).toBe(false)
    expect(answer.servers[1].matchedBy).toEqual({ kind: 'related', term: 'invoices' })
    expect(answer).toMatchObject({ total: 4, totalCapped: false })
  })

  it('says a corrected word on the cards that show it', () => {
    const corrected = buildFtsQuery(['playwright'])
    const page = resultPage(
      {
        rows: [
          { card: card('pw', { displayName: 'Playwright Browser' }), level: 4, tools: null },
          { card: card('other', { description: 'Automates browsers' }), level: 0, tools: null },
        ],
        found: 2,
      },
      corrected,
    )
    expect(correctedPage(page, ['playwright']).reasons).toEqual([
      { kind: 'typo', term: 'playwright' },
      { kind: 'readme', term: 'playwright' },
    ])
  })
})
