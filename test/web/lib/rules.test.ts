/**
 * The SPA's pure rules (no browser needed): pagination window, featured text, URL state.
 * Nothing browser-related: the vitest project 'web' runs it in Node.
 */
import { describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import { formatCompact, formatNumber, initials } from '../../../web/src/lib/format'
import { readPackagesView } from '../../../web/src/lib/packages-view'
import { pageWindow } from '../../../web/src/lib/pagination'
import { readServersView, serversHref, serversKey } from '../../../web/src/lib/servers-view'
import { featuredCard } from '../../../worker/lib/render/html'

describe('pageWindow', () => {
  it('shows the first five at the start or when there are five pages or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(3, 24)).toEqual([1, 2, 3, 4, 5])
  })
  it('centres on the current page in the middle', () => {
    expect(pageWindow(4, 24)).toEqual([2, 3, 4, 5, 6])
    expect(pageWindow(12, 24)).toEqual([10, 11, 12, 13, 14])
  })
  it('shows the last five within 2 of the end', () => {
    expect(pageWindow(22, 24)).toEqual([20, 21, 22, 23, 24])
    expect(pageWindow(24, 24)).toEqual([20, 21, 22, 23, 24])
    expect(pageWindow(21, 24)).toEqual([19, 20, 21, 22, 23])
  })
})

// The cards show what the Worker derives; these pin the rules the SPA relies on.
describe('featuredCard', () => {
  it('takes the bold text of the first paragraph as the title and the rest as the summary', () => {
    expect(featuredCard('<p><strong>Great   tool</strong> for <em>databases</em>.</p><p>Second&nbsp;line &amp; more.</p>')).toEqual({
      title: 'Great tool',
      summary: 'for databases. Second line & more.',
    })
  })
  it('falls back to the first heading', () => {
    expect(featuredCard('<h2>Why</h2><p>Because it works.</p>')).toEqual({ title: 'Why', summary: 'Because it works.' })
  })
  it('cuts the summary to 150 characters plus an ellipsis', () => {
    const { summary } = featuredCard(`<p>${'word '.repeat(60)}</p>`)
    expect(LIMITS.featuredSummary).toBe(150)
    expect(summary.endsWith('…')).toBe(true)
    expect(summary.length).toBeLessThanOrEqual(LIMITS.featuredSummary + 1)
  })
})

describe('servers URL state', () => {
  it('accepts only a positive integer page and a known sort', () => {
    expect(readServersView('?page=0&sortBy=ranking')).toMatchObject({ page: 1, sortBy: null })
    expect(readServersView('?page=2.5')).toMatchObject({ page: 1 })
    expect(readServersView('?page=7&sortBy=likes&q=%20git%20&tags=AI,ai,,database')).toEqual({
      q: 'git',
      page: 7,
      sortBy: 'likes',
      tags: ['ai', 'database'],
      categories: [],
      favorites: false,
      toolsKnown: false,
      remote: false,
      minGrade: null,
    })
  })
  it("keeps 'Best rated' and the minimum grade in the URL and asks the API for them", () => {
    const view = readServersView('?sortBy=rated&minGrade=B&q=mail')
    expect(view).toMatchObject({ sortBy: 'rated', minGrade: 'B' })
    expect(serversHref(view)).toBe('/servers?q=mail&minGrade=B&sortBy=rated')
    expect(serversKey(view)).toBe('/api/servers/search?q=mail&sortBy=rated&page=1&limit=20&minGrade=B')
    expect(serversKey(readServersView('?minGrade=A'))).toBe('/api/servers?sortBy=stars&page=1&limit=20&minGrade=A')
    expect(serversHref({ categories: ['email'], minGrade: 'C' })).toBe('/categories/email?minGrade=C')
    // Grades are letters A to E as written; anything else is no filter.
    expect(['?minGrade=b', '?minGrade=F', '?minGrade='].map((q) => readServersView(q).minGrade)).toEqual([null, null, null])
  })
  it('keeps the tools-known and remote filters in the URL and asks the API for them', () => {
    const view = readServersView('?tools=known&remote=1&q=issue')
    expect(view).toMatchObject({ toolsKnown: true, remote: true })
    expect(serversHref(view)).toBe('/servers?q=issue&tools=known&remote=1')
    expect(serversKey(view)).toBe('/api/servers/search?q=issue&page=1&limit=20&tools=known&remote=1')
    expect(readServersView('?tools=yes&remote=true')).toMatchObject({ toolsKnown: false, remote: false })
  })
  it('reads known categories only, and gives one category its own page', () => {
    expect(readServersView('?category=Databases,nope,email,databases').categories).toEqual(['databases', 'email'])
    expect(serversHref({ categories: ['databases'] })).toBe('/categories/databases')
    expect(serversHref({ categories: ['databases'], tags: ['sql'], page: 2 })).toBe('/categories/databases?tags=sql&page=2')
    expect(serversHref({ categories: ['databases', 'email'], q: 'pg' })).toBe('/servers?q=pg&category=databases%2Cemail')
    expect(serversKey(readServersView('?category=email,calendar'))).toBe(
      '/api/servers?sortBy=stars&page=1&limit=20&category=email%2Ccalendar',
    )
  })
  it('reads the packages page and sort by the same rules', () => {
    expect(readPackagesView('?page=0&sortBy=stars')).toEqual({ page: 1, sortBy: 'ranking' })
    expect(readPackagesView('?page=2.5&sortBy=likes')).toEqual({ page: 1, sortBy: 'likes' })
    expect(readPackagesView('?page=7&sortBy=created')).toEqual({ page: 7, sortBy: 'created' })
  })
  it('writes short canonical addresses and the API paths', () => {
    expect(serversHref({ q: 'git', page: 1, sortBy: null, tags: [] })).toBe('/servers?q=git')
    expect(serversHref({ sortBy: 'likes', page: 3, tags: ['ai'] })).toBe('/servers?tags=ai&sortBy=likes&page=3')
    expect(serversKey(readServersView(''))).toBe('/api/servers?sortBy=stars&page=1&limit=20')
    // A search without a chosen sort is ranked by relevance.
    expect(serversKey(readServersView('?q=git'))).toBe('/api/servers/search?q=git&page=1&limit=20')
  })
})

describe('formatting', () => {
  it('formats counts', () => {
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatCompact(999)).toBe('999')
    expect(formatCompact(1250)).toBe('1.3k')
    expect(initials('Awesome Mcp Servers')).toBe('AM')
    expect(initials('redis')).toBe('R')
  })
})
