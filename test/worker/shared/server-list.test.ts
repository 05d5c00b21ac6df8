import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVER_SORT, serverListing } from '@shared/server-list'

describe('serverListing', () => {
  it('searches non-blank text, by relevance unless a sort is asked for', () => {
    expect(serverListing('  git ', null)).toEqual({ q: 'git', sortBy: undefined })
    expect(serverListing('git', 'likes')).toEqual({ q: 'git', sortBy: 'likes' })
  })

  it('lists when there is no text or only blanks, by stars unless a sort is asked for', () => {
    expect(DEFAULT_SERVER_SORT).toBe('stars')
    expect(serverListing(undefined, undefined)).toEqual({ q: undefined, sortBy: 'stars' })
    expect(serverListing('   ', null)).toEqual({ q: undefined, sortBy: 'stars' })
    expect(serverListing('', 'updated')).toEqual({ q: undefined, sortBy: 'updated' })
  })
})
