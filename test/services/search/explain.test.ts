/**
 * Why a result matched, as its card says it: from the level its row was ranked at, the card's
 * own words, the query and the tools read back with the row.
 */
import { describe, expect, it } from 'vitest'
import { buildFtsQuery, searchWords } from '../../../worker/lib/search/query'
import { toolSearchText } from '../../../worker/lib/search/tool-text'
import { explainMatch, levelOf, typoReason } from '../../../worker/services/search/explain'

const text = (...tools: Array<{ name: string; title?: string; description?: string }>) => toolSearchText({ tools })

describe('explaining a match', () => {
  const fts = buildFtsQuery(['payments'])
  const card = {
    displayName: 'Ledger',
    name: 'io.x/ledger',
    description: 'Create invoices',
    author: 'a',
    tags: [],
    categories: ['finance'],
  }

  it('names the related term on the card, the category, or the README', () => {
    expect(explainMatch(card, 'related', fts)).toEqual({ kind: 'related', term: 'invoices' })
    expect(explainMatch(card, 'category', fts)).toEqual({ kind: 'category', term: 'Finance & payments' })
    expect(explainMatch({ ...card, description: 'Other things' }, 'other', fts)).toEqual({ kind: 'readme', term: 'payments' })
    expect(explainMatch({ ...card, description: 'Take payments' }, 'typed', fts)).toBeNull()
  })
})

describe('explainMatch with tools', () => {
  const card = {
    displayName: 'GitHub',
    name: 'io.github/github',
    description: 'Work with GitHub issues and pull requests',
    author: 'github',
    tags: [],
    categories: ['developer-tools'],
  }
  const tools = text({ name: 'create_issue', description: 'Create an issue' }, { name: 'take_screenshot' })
  const why = (q: string, level: 'typed' | 'other' | 'related' = 'other') => explainMatch(card, level, buildFtsQuery(searchWords(q)), tools)

  it('names the tool holding a typed word the card lacks, before the README', () => {
    expect(why('create issue')).toEqual({ kind: 'tool', term: 'create_issue' })
    expect(why('screenshot')).toEqual({ kind: 'tool', term: 'take_screenshot' })
    expect(why('create_issue', 'typed')).toEqual({ kind: 'tool', term: 'create_issue' })
  })

  it('says nothing when the card shows every word, and falls back to the README when no tool holds one', () => {
    expect(why('github issues', 'typed')).toBeNull()
    expect(why('kumquat')).toEqual({ kind: 'readme', term: 'kumquat' })
    expect(explainMatch(card, 'other', buildFtsQuery(['screenshot']), null)).toEqual({ kind: 'readme', term: 'screenshot' })
  })
})

describe("a row's level", () => {
  it('reads as the tier the card explains: typed, related, category, or the rest (tools among them)', () => {
    expect([4, 3, 2, 1, 0].map(levelOf)).toEqual(['typed', 'related', 'other', 'category', 'other'])
    expect(levelOf(9)).toBe('other')
  })
})

describe('a corrected search', () => {
  const card = {
    displayName: 'Postgres Tools',
    name: 'io.x/pg',
    description: 'Query PostgreSQL databases',
    author: 'a',
    tags: ['sql'],
    categories: ['databases'],
  }

  it("names the corrected word in the card's own spelling", () => {
    expect(typoReason(card, null, ['postgr'])).toEqual({ kind: 'typo', term: 'postgres' })
    expect(typoReason(card, { kind: 'readme', term: 'postgress' }, ['databas'])).toEqual({ kind: 'typo', term: 'databases' })
  })

  it('keeps what found a card without the word, else names the first correction', () => {
    expect(typoReason(card, { kind: 'related', term: 'neon' }, ['playwright'])).toEqual({ kind: 'related', term: 'neon' })
    expect(typoReason(card, null, ['playwright', 'github'])).toEqual({ kind: 'typo', term: 'playwright' })
  })
})
