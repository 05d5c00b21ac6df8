/**
 * The tool quality dimension of the verdict: every tool of a surface run through the checks of
 * quality-checks.ts, a score per tool and one for the server, and the reasons a person reads.
 * docs/tool-quality.md is the method, in words.
 *
 * A tool scores 100 minus the weights of the checks it fails, floored at 0. The server scores
 * 0.6 x the mean tool + 0.4 x the mean of its worst quarter (at least one tool, so up to four
 * tools the worst tool itself): the mean alone would let a few careless tools hide among many
 * good ones, and the worst tool alone would let one forgotten tool in forty sink a server
 * (39 perfect tools and one at 0 score 94.5 this way, 58.5 with 60/40 of the mean and the worst).
 *
 * The minus reasons' points add up to the score's distance from 100: each failed check's share is
 * what it took from the mean and from the worst quarter at those same weights (a tool floored at
 * 0 shares its 100 among its failures pro rata), scaled to the rounded score and rounded to tenths
 * by largest remainder. A plus reason's
 * points are what the check is worth to each tool, kept by all of them.
 */

import type { SurfaceTool } from '@shared/surface'
import { type DimensionVerdict, gradeOfScore, type ToolQualityLine, type VerdictReason } from '@shared/verdict'
import { QUALITY_CHECKS, type QualityCheck } from './quality-checks'

/** The mean tool's share of the server's score; the worst quarter has the rest. */
export const MEAN_SHARE = 0.6
/** Tools graded at most: a stored surface holds at most 500 (the probe's maxItems); one built elsewhere is graded on its first 500. */
export const MAX_GRADED_TOOLS = 500
/** Lines returned at most, as Verdict.toolQuality holds them. */
export const MAX_LINES = 100
/** Tools a reason names before "and N more". */
const NAMED_TOOLS = 3
const NAME_CHARS = 60

interface Graded {
  index: number
  name: string
  score: number
  /** Per check (QUALITY_CHECKS order): the line when failed, else null. */
  results: Array<string | null>
  /** Per check: the points it took from this tool (after the floor). */
  lost: number[]
}

function gradeTool(tool: SurfaceTool, index: number, checks: readonly QualityCheck[]): Graded {
  const results = checks.map((check) => check.test(tool))
  const failedWeight = checks.reduce((sum, check, i) => sum + (results[i] === null ? 0 : check.weight), 0)
  // Past 100 the floor applies: each failure keeps its share of the 100 actually lost.
  const scale = failedWeight > 100 ? 100 / failedWeight : 1
  return {
    index,
    name: typeof tool.name === 'string' ? tool.name : '',
    score: Math.max(0, 100 - failedWeight),
    results,
    lost: checks.map((check, i) => (results[i] === null ? 0 : check.weight * scale)),
  }
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length)
const cut = (text: string) => (text.length > NAME_CHARS ? `${text.slice(0, NAME_CHARS - 1)}…` : text)

/** Tool names in a reason: the first few, then how many more. */
function toolNames(names: readonly string[]): string {
  const shown = names.slice(0, NAMED_TOOLS).map(cut)
  const more = names.length - shown.length
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
}

/** "3 of 12 tools have ...", "All 12 tools have ...", "Its one tool has ...". */
function failingText(check: QualityCheck, failing: readonly string[], total: number): string {
  const count = failing.length
  const subject =
    total === 1 ? 'Its one tool' : count === total ? (total === 2 ? 'Both tools' : `All ${total} tools`) : `${count} of ${total} tools`
  const verb = total === 1 || count === 1 ? check.failing.one : check.failing.many
  return total === 1 ? `${subject} ${verb}.` : `${subject} ${verb}: ${toolNames(failing)}.`
}

/**
 * Whole numbers that add up to `total`, each near its share: the shares scaled to add up to
 * `total` (the score was rounded, so they are off by at most half a point), floored, then one more
 * to the largest remainders (ties to the earlier check).
 */
function apportion(shares: readonly number[], total: number): number[] {
  const sum = shares.reduce((a, b) => a + b, 0)
  const scaled = sum > 0 ? shares.map((s) => (s * total) / sum) : shares.map(() => 0)
  const floors = scaled.map((s) => Math.floor(s + 1e-9))
  let left = total - floors.reduce((a, b) => a + b, 0)
  // Remainders compared to a millionth, so that float noise does not break a tie the checks' order should.
  const order = scaled
    .map((s, i) => ({ i, rest: Math.round((s - floors[i]) * 1e6) }))
    .filter(({ i }) => shares[i] > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i]++
    left--
  }
  return floors
}

/** Worst first: lowest score, then the order the server listed them. */
const worstFirst = (a: Graded, b: Graded) => a.score - b.score || a.index - b.index

/**
 * The tool quality dimension of a surface's tools, and each tool's line (worst first, at most 100).
 * No tools: not graded, and `missing` says why.
 * @example gradeToolQuality(surface.tools).dimension.grade // 'B'
 */
export function gradeToolQuality(tools: readonly SurfaceTool[]): { dimension: DimensionVerdict; lines: ToolQualityLine[] } {
  if (tools.length === 0) {
    return {
      dimension: {
        dimension: 'toolQuality',
        grade: null,
        score: null,
        reasons: [],
        missing: 'no tools were read from the server',
        applies: true,
      },
      lines: [],
    }
  }
  const checks = QUALITY_CHECKS
  const graded = tools.slice(0, MAX_GRADED_TOOLS).map((tool, i) => gradeTool(tool, i, checks))
  const worst = [...graded].sort(worstFirst)
  const quarter = worst.slice(0, Math.max(1, Math.ceil(graded.length / 4)))
  const meanScore = mean(graded.map((g) => g.score))
  const quarterScore = mean(quarter.map((g) => g.score))
  const score = Math.round(MEAN_SHARE * meanScore + (1 - MEAN_SHARE) * quarterScore)

  const shares = checks.map(
    (_, c) => MEAN_SHARE * mean(graded.map((g) => g.lost[c])) + (1 - MEAN_SHARE) * mean(quarter.map((g) => g.lost[c])),
  )
  // In tenths of a point: a share of 0.5 shows as 0.5, not as 0 or 1.
  const points = apportion(
    shares.map((s) => s * 10),
    (100 - score) * 10,
  ).map((tenths) => tenths / 10)

  const minus: Array<VerdictReason & { order: number }> = []
  const plus: VerdictReason[] = []
  checks.forEach((check, c) => {
    const failing = graded.filter((g) => g.results[c] !== null).map((g) => g.name)
    if (failing.length === 0) {
      plus.push({ effect: 'plus', text: check.passing, points: check.weight })
      return
    }
    const reason: VerdictReason & { order: number } = {
      effect: 'minus',
      text: failingText(check, failing, graded.length),
      points: points[c] === 0 ? 0 : -points[c],
      order: c,
    }
    if (failing.length === 1) reason.tool = failing[0]
    minus.push(reason)
  })
  minus.sort((a, b) => (a.points ?? 0) - (b.points ?? 0) || a.order - b.order)

  const worstOnes = quarter.length === 1 ? 'tool' : `${quarter.length} tools`
  const method =
    graded.length === 1
      ? `Scored on its one tool (${meanScore}): 100 less the weight of each check it fails.`
      : `Scored as ${MEAN_SHARE} × the mean of its ${graded.length} tools (${round1(meanScore)}) + ${round1(1 - MEAN_SHARE)} × the mean of its worst ${worstOnes} (${round1(quarterScore)}).`
  const reasons: VerdictReason[] = [{ effect: 'info', text: method }]
  if (tools.length > graded.length)
    reasons.push({ effect: 'info', text: `Graded on the first ${graded.length} of its ${tools.length} tools.` })
  reasons.push(...minus.map(({ order: _, ...reason }) => reason), ...plus)

  const lines: ToolQualityLine[] = worst.slice(0, MAX_LINES).map((g) => ({
    tool: g.name,
    score: g.score,
    failed: checks.flatMap((check, c) => {
      const text = g.results[c]
      return text === null ? [] : [{ check: check.id, text }]
    }),
  }))

  return {
    dimension: { dimension: 'toolQuality', grade: gradeOfScore(score), score, reasons, missing: null, applies: true },
    lines,
  }
}

/** 83.333… as 83.3, 85 as 85. */
const round1 = (n: number) => Math.round(n * 10) / 10
