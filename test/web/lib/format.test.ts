/**
 * The shared formats the screens say counts and moments in (web/src/lib/format.ts): plurals, a
 * package's figures, dates. How long ago is in surface-view.test.ts, numbers in rules.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { count, formatDate, formatDateTime, formatScore, serversIncluded } from '../../../web/src/lib/format'

describe('count', () => {
  it('says one in the singular and every other number in the plural, regular or given', () => {
    expect([count(0, 'server'), count(1, 'server'), count(2, 'server')]).toEqual(['0 servers', '1 server', '2 servers'])
    expect(count(-3, 'character')).toBe('-3 characters')
    expect([count(1, 'finding was', 'findings were'), count(4, 'finding was', 'findings were')]).toEqual([
      '1 finding was',
      '4 findings were',
    ])
  })
})

describe("a package's figures", () => {
  it('counts the servers it includes and rounds its score to one decimal', () => {
    expect([serversIncluded(1), serversIncluded(12)]).toEqual(['1 server included', '12 servers included'])
    expect([formatScore(3), formatScore(2.46), formatScore(0.04)]).toEqual(['3.0', '2.5', '0.0'])
  })
})

describe('dates', () => {
  it('says a date in en-US, and an unreadable one as it came', () => {
    // Noon UTC: the same day in every time zone the machine may be in.
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026')
    expect(formatDateTime('2026-01-05T12:00:00Z')).toMatch(/^Jan 5, 2026, \d{1,2}:\d{2}\s[AP]M$/)
    expect([formatDate('not a date'), formatDateTime('')]).toEqual(['not a date', ''])
  })
})
