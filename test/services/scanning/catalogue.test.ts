/** The listing being scanned as the scan knows it (services/scanning/catalogue.ts): names, own hosts, standing. */
import { describe, expect, it } from 'vitest'
import { selfOf, standingFrom } from '../../../worker/services/scanning/catalogue'

const NOW = new Date('2026-11-20T00:00:00.000Z')

describe('selfOf', () => {
  it('names the listing by its names, repository and server names, and its own service by its remotes, website and owner pages', () => {
    const self = selfOf(
      {
        id: 'abc',
        name: 'io.github.brave/brave-search-mcp-server',
        registryName: 'io.github.brave/brave-search-mcp-server',
        displayName: 'Brave Search',
        githubUrl: 'https://github.com/brave/brave-search-mcp-server',
        remotes: [{ type: 'streamable-http', url: 'https://mcp.search.brave.com/mcp' }, 'not a url'],
        metadata: { registry: { websiteUrl: 'https://www.brave.com/search/api' } },
        standing: 42,
      },
      NOW,
      ['brave-search-mcp-server', undefined],
    )
    expect(self).toEqual({
      id: 'abc',
      names: ['io.github.brave/brave-search-mcp-server', 'Brave Search', 'brave/brave-search-mcp-server', 'brave-search-mcp-server'],
      // github.com hosts everybody: only the owner's pages are the listing's own.
      hosts: ['mcp.search.brave.com', 'brave.com', 'brave.github.io'],
      standing: 42,
    })
  })

  it('works the standing out from the row when the read did not: stars, 10 per like, 1 per 30 days listed up to 60', () => {
    expect(standingFrom({ stars: 7, likeCount: 2, createdAt: '2026-08-22T00:00:00.000Z' }, NOW)).toBe(7 + 20 + 3)
    expect(standingFrom({ stars: 0, likeCount: 0, createdAt: '2010-01-01T00:00:00.000Z' }, NOW)).toBe(60)
    expect(standingFrom({}, NOW)).toBe(0)
  })
})
