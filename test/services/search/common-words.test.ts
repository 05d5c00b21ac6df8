/**
 * The common-word memo: what an isolate remembers of the words it counted, and for how long,
 * over a memo of the test's own.
 */
import { describe, expect, it } from 'vitest'
import { RecentMap } from '../../../worker/lib/cache/recent-map'
import { COMMON_MEMO_MS, COMMON_WORD, commonOf, rememberCommon, rememberedCounts } from '../../../worker/services/search/common-words'

describe('common words', () => {
  it('are those held by more than COMMON_WORD servers', () => {
    expect(commonOf(['server', 'mcp', 'zephyr'], [COMMON_WORD + 1, COMMON_WORD, 3])).toEqual(new Set(['server']))
  })

  it('are remembered with their counts for a minute; rarer words never are', () => {
    const memo = new RecentMap<number>(10)
    rememberCommon(['server', 'zephyr'], [4_000, 3], 1_000, memo)
    expect(rememberedCounts(['server', 'zephyr', 'mcp'], 1_000 + COMMON_MEMO_MS - 1, memo)).toEqual(new Map([['server', 4_000]]))
    expect(rememberedCounts(['server'], 1_000 + COMMON_MEMO_MS, memo).size).toBe(0)
  })

  it('are forgotten when counted again below the line', () => {
    const memo = new RecentMap<number>(10)
    rememberCommon(['server'], [4_000], 0, memo)
    rememberCommon(['server'], [COMMON_WORD], 10, memo)
    expect(rememberedCounts(['server'], 20, memo).size).toBe(0)
  })
})
