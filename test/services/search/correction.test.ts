/**
 * Typo correction as plain functions: which words may be misspelt, which indexed term each
 * meant, and the corrected query (its words matched exactly as the index holds them).
 */
import { describe, expect, it } from 'vitest'
import { correctable, correctionsOf, correctSpelling, typoCost, typoPrefix, unknownWords } from '../../../worker/services/search/correction'

describe('spelling', () => {
  const near = (word: string, candidates: string[]) =>
    correctSpelling(
      word,
      candidates.map((term, i) => ({ term, servers: 10 - i })),
    )?.term ?? null

  it('finds the indexed term (a stem) a misspelt name meant', () => {
    expect(near('playwrite', ['play', 'player', 'playwright'])).toBe('playwright')
    expect(near('postgress', ['post', 'postgr', 'postman'])).toBe('postgr')
    expect(near('githib', ['git', 'github', 'gitlab'])).toBe('github')
    expect(near('obsidain', ['obsidian', 'observ'])).toBe('obsidian')
    expect(near('discrod', ['disc', 'discord', 'discov'])).toBe('discord')
  })

  it('refuses what is too far, and short words', () => {
    expect(near('kumquat', ['kubernet', 'kuma'])).toBeNull()
    expect(typoCost('grfa', 'graf')).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('which words are looked up as misspellings', () => {
  it('takes words of five letters or more with a letter, and only those no server holds', () => {
    expect(['git', 'kube', 'githib', '12345', 'v2345'].filter(correctable)).toEqual(['githib', 'v2345'])
    expect(unknownWords(['githib', 'server', 'obsidain', 'zip'], [0, 40, 0, 0])).toEqual(['githib', 'obsidain'])
  })

  it("reads the index's terms from the word's first three letters, four from seven letters on", () => {
    expect(typoPrefix('githib')).toBe('git')
    expect(typoPrefix('obsidain')).toBe('obsi')
  })
})

describe('correctionsOf', () => {
  it("replaces each unknown word by the nearest of its own candidates (numbered by the word's place)", () => {
    const fixed = correctionsOf(
      ['githib', 'issues', 'obsidain'],
      ['githib', 'obsidain'],
      [
        { w: 0, term: 'git', servers: 90 },
        { w: 0, term: 'github', servers: 40 },
        // 'obsidian' is a candidate of the second word only: never of the first.
        { w: 1, term: 'obsidian', servers: 7 },
        { w: 1, term: 'observ', servers: 60 },
      ],
    )
    expect(fixed?.terms).toEqual(['github', 'obsidian'])
    expect(fixed?.fts.words).toEqual(['github', 'issues', 'obsidian'])
    expect(fixed?.dense).toBe(false)
  })

  it('matches a correction as the whole indexed term, never as a prefix, even as the last word', () => {
    const fixed = correctionsOf(['browser', 'playwrite'], ['playwrite'], [{ w: 0, term: 'playwright', servers: 12 }])
    expect(fixed?.fts.any).toContain('"playwright"')
    expect(fixed?.fts.any).not.toContain('"playwright"*')
    expect(fixed?.fts.phrase).toBe('{display_name name description author tags categories} : "browser playwright"')
  })

  it('reads a correction held by more than a thousand servers as a common word', () => {
    const fixed = correctionsOf(['databse', 'zephyr'], ['databse'], [{ w: 0, term: 'databas', servers: 4_000 }])
    expect(fixed?.dense).toBe(true)
    expect(fixed?.fts.distinctive).not.toContain('databas')
  })

  it('is null when no candidate is near enough', () => {
    expect(correctionsOf(['kumquat'], ['kumquat'], [{ w: 0, term: 'kubernet', servers: 5 }])).toBeNull()
    expect(correctionsOf(['kumquat'], ['kumquat'], [])).toBeNull()
  })
})
