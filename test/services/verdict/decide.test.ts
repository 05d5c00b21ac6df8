/**
 * What grading a listing writes (worker/services/verdict/decide.ts), without D1: the verdict only
 * when what it says changed, the card's grade only when it moved, and a drop, with the dimensions
 * that fell, only when the overall fell or could no longer be given.
 */
import { describe, expect, it } from 'vitest'
import type { DimensionVerdict, Grade, Verdict } from '@shared/verdict'
import { decideWrite, dropReasons, fell, verdictHash, verdictText } from '../../../worker/services/verdict'

const dim = (dimension: DimensionVerdict['dimension'], grade: Grade | null, reason = `${dimension} reason`): DimensionVerdict => ({
  dimension,
  grade,
  score: grade === null ? null : 70,
  reasons: [
    { effect: 'info', text: `${dimension} note` },
    { effect: 'minus', text: reason, points: -10 },
  ],
  missing: grade === null ? `what ${dimension} needs` : null,
  applies: dimension !== 'health',
})

const verdictOf = (
  grade: Grade | null,
  grades: Partial<Record<DimensionVerdict['dimension'], Grade | null>>,
  at = '2026-06-01T00:00:00.000Z',
): Verdict => ({
  method: 1,
  grade,
  score: grade === null ? null : 70,
  reasons: [{ effect: 'info', text: 'The weighted mean ...' }],
  missing: grade === null ? 'security: a scan' : null,
  dimensions: (['security', 'toolQuality', 'compatibility', 'maintenance', 'health', 'installReadiness'] as const).map((d) =>
    dim(d, d in grades ? (grades[d] ?? null) : 'B'),
  ),
  compatibility: null,
  toolQuality: [],
  computedAt: at,
})

describe('fell', () => {
  it('is a worse grade, or none where there was one; never from none', () => {
    expect(fell('B', 'C')).toBe(true)
    expect(fell('B', null)).toBe(true)
    expect(fell('B', 'B')).toBe(false)
    expect(fell('C', 'A')).toBe(false)
    expect(fell(null, 'E')).toBe(false)
  })
})

describe('the hash', () => {
  it('leaves out when the verdict was graded', async () => {
    const a = verdictOf('B', {}, '2026-06-01T00:00:00.000Z')
    const b = verdictOf('B', {}, '2026-06-02T00:00:00.000Z')
    expect(verdictText(a)).not.toContain('2026-06-01')
    expect(await verdictHash(a)).toBe(await verdictHash(b))
    expect(await verdictHash(a)).not.toBe(await verdictHash(verdictOf('C', {})))
  })
})

describe('dropReasons', () => {
  it('names each dimension that fell with its first reason against it, or what it now misses', () => {
    const verdict = verdictOf('D', { security: 'D', toolQuality: null, maintenance: 'A', health: 'E' })
    expect(dropReasons({ security: 'A', toolQuality: 'B', maintenance: 'B', health: 'A' }, verdict)).toEqual([
      'Security A to D: security reason',
      'Tool quality B to not graded: needs what toolQuality needs',
    ])
  })

  it("says the overall's own reason when no dimension fell (the mean moved, or a cap)", () => {
    expect(dropReasons({}, verdictOf('C', {}))).toEqual(['The weighted mean ...'])
    expect(dropReasons({}, verdictOf(null, {}))).toEqual(['Not enough known: needs security: a scan'])
  })
})

describe('decideWrite', () => {
  const listing = {
    seq: 7,
    id: 'srv',
    grade: 'B' as Grade | null,
    stored: { hash: 'h1', grade: 'B' as Grade | null, dimensions: { security: 'B' as Grade } },
  }

  it('writes nothing of the verdict when its hash stands, and no grade when it did not move', () => {
    expect(decideWrite(listing, verdictOf('B', {}), 'h1')).toEqual({
      seq: 7,
      serverId: 'srv',
      grade: 'B',
      gradeRank: 4,
      gradeChanged: false,
      verdict: null,
      drop: null,
    })
  })

  it('writes the verdict, the grade and a drop when the grade falls', () => {
    const verdict = verdictOf('D', { security: 'D' })
    expect(decideWrite(listing, verdict, 'h2')).toEqual({
      seq: 7,
      serverId: 'srv',
      grade: 'D',
      gradeRank: 2,
      gradeChanged: true,
      verdict: { json: JSON.stringify(verdict), hash: 'h2', computedAt: verdict.computedAt },
      drop: { from: 'B', to: 'D', reasons: ['Security B to D: security reason'] },
    })
  })

  it('keeps no drop for a first grade or a rise, and one for a grade withdrawn', () => {
    expect(decideWrite({ ...listing, grade: null, stored: null }, verdictOf('E', {}), 'h3').drop).toBeNull()
    expect(decideWrite(listing, verdictOf('A', {}), 'h3').drop).toBeNull()
    expect(decideWrite(listing, verdictOf(null, {}), 'h3')).toMatchObject({
      gradeRank: 0,
      gradeChanged: true,
      drop: { from: 'B', to: null },
    })
  })
})
