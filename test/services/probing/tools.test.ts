/**
 * What the Tools tab says of a listing's probes (worker/services/probing/tools.ts), in Node: a
 * remote's health per window, the median latency of the probes the server answered, and the
 * declared surface compared with the one read. The read itself is test/worker/routes/server-tools.test.ts's.
 */
import { describe, expect, it } from 'vitest'
import { compareSurfaces, HEALTH_WINDOWS, healthWindows, median } from '../../../worker/services/probing/tools'

const NOW = new Date('2026-11-28T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString()

describe('median', () => {
  it('is the middle value, or the rounded mean of the middle two, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20)
    expect(median([40, 10, 20, 31])).toBe(26)
    expect(median([5])).toBe(5)
    expect(median([])).toBeNull()
  })
})

describe('healthWindows', () => {
  it('counts each window’s probes and successes, and the median of those the server answered', () => {
    const probes = [
      { status: 'ok', startedAt: daysAgo(1), durationMs: 100 },
      { status: 'timeout', startedAt: daysAgo(2), durationMs: 10_000 },
      { status: 'auth_required', startedAt: daysAgo(3), durationMs: 300 },
      { status: 'ok', startedAt: daysAgo(20), durationMs: 500 },
      { status: 'unreachable', startedAt: daysAgo(25), durationMs: 20 },
    ]
    expect(healthWindows(probes, NOW)).toEqual([
      // A timeout and an unreachable server never answered: their durations are not latencies.
      { days: 7, probes: 3, ok: 1, medianMs: 200 },
      { days: 30, probes: 5, ok: 2, medianMs: 300 },
    ])
    expect(HEALTH_WINDOWS).toEqual([7, 30])
  })

  it('has no median for a window in which the server never answered, and no windows for a remote never probed', () => {
    expect(healthWindows([{ status: 'timeout', startedAt: daysAgo(1), durationMs: 10_000 }], NOW)).toEqual([
      { days: 7, probes: 1, ok: 0, medianMs: null },
      { days: 30, probes: 1, ok: 0, medianMs: null },
    ])
    expect(healthWindows([], NOW)).toEqual([])
  })

  it('takes a probe exactly at a window’s start into it', () => {
    const [week] = healthWindows([{ status: 'ok', startedAt: daysAgo(7), durationMs: 50 }], NOW)
    expect(week).toEqual({ days: 7, probes: 1, ok: 1, medianMs: 50 })
  })
})

describe('compareSurfaces', () => {
  it('names the tools read but not declared, declared but not read, and declared differently', () => {
    const declared = { hash: 'd', toolHashes: JSON.stringify({ search: 'h1', fetch: 'h2', gone: 'h3' }) }
    const read = { hash: 'r', toolHashes: JSON.stringify({ search: 'h1', fetch: 'h2-changed', extra: 'h4' }) }
    expect(compareSurfaces(declared, read)).toEqual({
      declaredHash: 'd',
      readHash: 'r',
      equal: false,
      added: ['extra'],
      removed: ['gone'],
      changed: ['fetch'],
    })
  })

  it('says equal when the whole surfaces hash the same', () => {
    const same = { hash: 'x', toolHashes: JSON.stringify({ a: '1' }) }
    expect(compareSurfaces(same, same)).toMatchObject({ equal: true, added: [], removed: [], changed: [] })
  })
})
