/**
 * The plan of a search's round trips: which words are counted, how the page is read for common
 * words, whether the total is counted, and which spellings are looked up.
 */
import { describe, expect, it } from 'vitest'
import { buildFtsQuery } from '../../../worker/lib/search/query'
import { correctionsOf, THIN } from '../../../worker/services/search/correction'
import { allCounts, correctedReads, firstReads, secondReads } from '../../../worker/services/search/plan'
import { SEARCH_TOTAL_CAP } from '../../../worker/services/search/totals'

describe('the first round trip', () => {
  it('counts every word nothing remembers and reads the page as if they were rare', () => {
    const reads = firstReads(['database', 'files'], new Map(), true)
    expect(reads.count).toEqual(['database', 'files'])
    expect(reads.dense).toBe(false)
    expect(reads.fts).toEqual(buildFtsQuery(['database', 'files']))
    expect(reads.countTotal).toBe(true)
    expect(reads.cap).toBe(SEARCH_TOTAL_CAP)
    // Both are long enough to be misspelt: their candidates ride along, for the SQL to hold back.
    expect(reads.typos).toEqual([
      { word: 'database', prefix: 'data' },
      { word: 'files', prefix: 'fil' },
    ])
    expect(reads.thin).toBe(THIN)
  })

  it('reads a remembered common word as typed and counts neither it nor, over the whole catalogue, the total', () => {
    const reads = firstReads(['server', 'files'], new Map([['server', 4_000]]), true)
    expect(reads.count).toEqual(['files'])
    expect(reads.dense).toBe(true)
    expect(reads.fts).toEqual(buildFtsQuery(['server', 'files'], new Set(['server'])))
    expect(reads.fts.distinctive).not.toContain('server')
    expect(reads.countTotal).toBe(false)
    expect(reads.typos.map((t) => t.word)).toEqual(['files'])
  })

  it('still counts the total within a filter, where a common word no longer settles it', () => {
    expect(firstReads(['server'], new Map([['server', 4_000]]), false)).toMatchObject({ count: [], dense: true, countTotal: true })
  })

  it('never looks up the spelling of short words or numbers', () => {
    expect(firstReads(['git', 'mcp', '12345'], new Map(), true).typos).toEqual([])
  })
})

describe('the second round trip', () => {
  it('is not sent when no counted word turned out common', () => {
    const words = ['database', 'files']
    const first = firstReads(words, new Map(), true)
    expect(secondReads(words, allCounts(words, new Map(), first.count, [800, 12]), first, true)).toBeNull()
    // A word already remembered as common was read as such the first time.
    const remembered = new Map([['server', 4_000]])
    const again = firstReads(['server', 'files'], remembered, true)
    expect(secondReads(['server', 'files'], allCounts(['server', 'files'], remembered, again.count, [12]), again, true)).toBeNull()
  })

  it('reads the page as a common word once one is counted, and looks up the words no server holds', () => {
    const words = ['database', 'zephyrr']
    const first = firstReads(words, new Map(), true)
    const counts = allCounts(words, new Map(), first.count, [2_500, 0])
    expect(counts).toEqual([2_500, 0])
    const second = secondReads(words, counts, first, true)
    expect(second).toMatchObject({ count: [], dense: true, countTotal: false, typos: [{ word: 'zephyrr', prefix: 'zeph' }] })
    expect(second?.fts).toEqual(buildFtsQuery(words, new Set(['database'])))
  })
})

describe('every word’s count', () => {
  it('joins what was remembered and what was counted, in the order typed, 0 for none', () => {
    expect(allCounts(['a', 'b', 'c'], new Map([['a', 5_000]]), ['b', 'c'], [3])).toEqual([5_000, 3, 0])
  })
})

describe('the corrected round trip', () => {
  it('reads the corrected page and counts its total, looking up no spelling again', () => {
    const fixed = correctionsOf(['githib'], ['githib'], [{ w: 0, term: 'github', servers: 4_000 }])!
    expect(correctedReads(fixed)).toEqual({
      fts: fixed.fts,
      count: [],
      dense: true,
      cap: SEARCH_TOTAL_CAP,
      countTotal: true,
      typos: [],
      thin: THIN,
    })
  })
})
