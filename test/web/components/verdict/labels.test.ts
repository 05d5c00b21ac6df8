import { describe, expect, it } from 'vitest'
import { GRADE_FLOORS, GRADES, gradeOfScore } from '@shared/verdict'
import {
  dropText,
  GRADE_SCALE,
  GRADE_SCORES,
  GRADE_TONE,
  generationState,
  gradeLabel,
  MIN_GRADE_OPTIONS,
  minGradeLabel,
  missingText,
  pointsText,
  scoreText,
  toolQualitySummary,
  verdictHref,
} from '../../../../web/src/components/verdict/labels'

describe('grade words', () => {
  it('names the grade for the badge in words, and says when there is none', () => {
    expect(GRADES.map(gradeLabel)).toEqual(['Verdict: A', 'Verdict: B', 'Verdict: C', 'Verdict: D', 'Verdict: E'])
    expect(gradeLabel(null)).toBe('Verdict: not graded')
    // Every grade and "none" has its tone: colour repeats the words, never replaces them.
    expect(Object.keys(GRADE_TONE).sort()).toEqual([...GRADES, 'none'].sort())
  })

  it("says each grade's scores from the shared floors, so the words and gradeOfScore agree", () => {
    expect(GRADE_SCORES).toEqual({ A: '85 to 100', B: '70 to 84', C: '55 to 69', D: '40 to 54', E: 'below 40' })
    expect(GRADE_SCALE).toBe('A 85 to 100, B 70 to 84, C 55 to 69, D 40 to 54, E below 40')
    // The edges of each range are in the grade the words put them in.
    expect(
      [100, GRADE_FLOORS.A, GRADE_FLOORS.A - 1, GRADE_FLOORS.B, GRADE_FLOORS.C - 1, GRADE_FLOORS.D, GRADE_FLOORS.D - 1].map(gradeOfScore),
    ).toEqual(['A', 'A', 'B', 'B', 'D', 'D', 'E'])
  })

  it('says the points a reason moved, signed, and nothing for a note', () => {
    expect(pointsText({ effect: 'plus', points: 10 })).toBe('+10 points')
    expect(pointsText({ effect: 'minus', points: -15 })).toBe('\u221215 points')
    expect(pointsText({ effect: 'minus', points: -1 })).toBe('\u22121 point')
    expect(pointsText({ effect: 'plus', points: 2.6 })).toBe('+3 points')
    expect(pointsText({ effect: 'info', points: 5 })).toBeNull()
    expect(pointsText({ effect: 'plus' })).toBeNull()
  })

  it('says scores, what is missing, generations and drops in words', () => {
    expect(scoreText(78)).toBe('78 of 100')
    expect(scoreText(null)).toBe('no score')
    expect(missingText('no probe has reached the remote')).toBe('Not enough known: no probe has reached the remote')
    expect(missingText(null)).toBe('Not enough known to grade it.')
    expect([true, false, null].map(generationState)).toEqual(['answered', 'not answered', 'not tried'])
    expect(dropText({ from: 'B', to: 'D' })).toBe('B to D')
    expect(dropText({ from: 'A', to: null })).toBe('A to not graded')
    expect(toolQualitySummary(2, 3)).toBe('2 of 3 tools fail a check; 1 passes every one. Each line is something the maintainer can fix.')
    expect(toolQualitySummary(1, 1)).toBe('1 of 1 tool fails a check. Each line is something the maintainer can fix.')
    expect(toolQualitySummary(2, 5)).toMatch(/^2 of 5 tools fail a check; 3 pass every one\./)
  })
})

describe('the minimum-grade filter and the links', () => {
  it('offers each grade as a floor, best first, and names the chosen one', () => {
    expect(MIN_GRADE_OPTIONS).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B or better' },
      { value: 'C', label: 'C or better' },
      { value: 'D', label: 'D or better' },
      { value: 'E', label: 'Graded (E or better)' },
    ])
    expect(GRADES.map(minGradeLabel)).toEqual(['Grade A', 'Grade B or better', 'Grade C or better', 'Grade D or better', 'Graded'])
  })

  it("leads a badge to the server's Verdict tab, on its heading", () => {
    expect(verdictHref('0e2e0000-0000-4000-8000-000000000001')).toBe('/servers/0e2e0000-0000-4000-8000-000000000001?tab=verdict#verdict')
  })
})
