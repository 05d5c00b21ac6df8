/** What a check stores: its review items, its schedule, the content version, and whether listings move. */
import { describe, expect, it } from 'vitest'
import type { SupplySignal } from '@shared/supply'
import type { ScoredVersion } from '../../../worker/db/supply'
import { checkWrite, movesListings, reviewsOf, type WatchResult } from '../../../worker/services/watch/outcome'
import { WATCH_EVERY_HOURS } from '../../../worker/services/watch/schedule'
import { facts } from './versions'

const signal = (rule: string, weight: number, reason: string, evidence: string): SupplySignal => ({ rule, weight, reason, evidence })
const scored = (version: string, score: number, band: ScoredVersion['band'], over: Partial<ScoredVersion> = {}): ScoredVersion => ({
  version,
  publishedAt: null,
  facts: facts(),
  removed: false,
  missing: false,
  history: false,
  score,
  band,
  signals: [],
  ...over,
})
const pkg = { registry: 'npm', name: 'postmark-mcp' }
const now = new Date('2025-06-01T00:00:00.000Z')

describe('reviewsOf', () => {
  it('opens one item per version of Medium or above read as news, keyed and titled by the version', () => {
    const high = scored('1.0.16', 11, 'high', {
      signals: [
        signal('publisher.new', 5, 'A new hand.', 'published by mallory'),
        signal('install-script.added', 6, 'An install script.', "postinstall: 'node setup.js'"),
      ],
    })
    const reviews = reviewsOf(pkg, [
      scored('1.0.13', 0, 'none'),
      scored('1.0.14', 3, 'low'),
      scored('1.0.12', 7, 'medium', { history: true }),
      high,
      scored('1.0.17', 6, 'medium'),
    ])
    expect(reviews).toEqual([
      {
        key: 'npm:postmark-mcp@1.0.16',
        severity: 'high',
        title: 'postmark-mcp 1.0.16 scored High (11)',
        reason: "A new hand. (published by mallory) An install script. (postinstall: 'node setup.js')",
      },
      { key: 'npm:postmark-mcp@1.0.17', severity: 'medium', title: 'postmark-mcp 1.0.17 scored Medium (6)', reason: 'No signal.' },
    ])
  })

  it('keeps a reason to 2,000 characters', () => {
    const long = scored('2.0.0', 10, 'high', { signals: [signal('size.jump', 10, 'x'.repeat(3000), 'y')] })
    expect(reviewsOf(pkg, [long])[0].reason).toHaveLength(2000)
  })
})

describe('checkWrite', () => {
  const result: WatchResult = {
    packageId: 7,
    registry: 'npm',
    name: 'postmark-mcp',
    previousLatest: '1.0.15',
    status: 'ok',
    validators: { etag: '"e"', lastModified: null, contentHash: 'h' },
    latest: '1.0.16',
    added: [scored('1.0.16', 11, 'high')],
    updated: [{ ...scored('1.0.15', 4, 'low', { removed: true }), id: 3 }],
    verified: true,
    scorerVersion: 1,
    now,
  }

  it('writes the versions, their reviews, the schedule, and news for guests once', () => {
    const w = checkWrite(result)
    expect(w).toMatchObject({ packageId: 7, at: now.toISOString(), scorerVersion: 1, added: result.added, updated: result.updated })
    expect(w.reviews.map((r) => r.key)).toEqual(['npm:postmark-mcp@1.0.16'])
    expect(w.schedule).toMatchObject({
      etag: '"e"',
      contentHash: 'h',
      latestVersion: '1.0.16',
      lastStatus: 'ok',
      verifiedAt: now.toISOString(),
    })
    expect(Date.parse(w.schedule.dueAt) - now.getTime()).toBe(WATCH_EVERY_HOURS * 3600_000)
    expect(w.newsForGuests).toBe(true)
  })

  it('is no news when only known versions were read again', () => {
    expect(checkWrite({ ...result, added: [] }).newsForGuests).toBe(false)
  })
})

describe('movesListings', () => {
  const quiet = { added: [], updated: [], latest: '1.0.15', previousLatest: '1.0.15' }

  it('works the listings out again when a version was stored or the latest moved, and only then', () => {
    expect(movesListings(quiet)).toBe(false)
    expect(movesListings({ ...quiet, latest: '1.0.16' })).toBe(true)
    expect(movesListings({ ...quiet, added: [scored('1.0.16', 0, 'none')] })).toBe(true)
    expect(movesListings({ ...quiet, updated: [{ ...scored('1.0.15', 0, 'none'), id: 1 }] })).toBe(true)
  })
})
