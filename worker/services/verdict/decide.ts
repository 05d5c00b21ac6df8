/**
 * What grading a claimed listing writes, decided from its stored verdict and the new one: plain
 * functions, tested in Node without D1 (test/services/verdict/).
 */
import { DIMENSION_LABELS, type Grade, gradeRank, type Verdict } from '@shared/verdict'
import type { ListingToGrade, VerdictWrite } from '../../db/verdicts'
import { sha256Hex } from '../../lib/hash'

/**
 * The verdict as its hash reads it: everything it says but when it was said, so grading the same
 * facts again (or facts that changed without changing a grade or a reason) hashes the same.
 */
export function verdictText(verdict: Verdict): string {
  const { computedAt: _, ...said } = verdict
  return JSON.stringify(said)
}

export const verdictHash = (verdict: Verdict): Promise<string> => sha256Hex(verdictText(verdict))

/** True when `to` is worse than `from`, or no grade where there was one. */
export function fell(from: Grade | null, to: Grade | null): boolean {
  return from !== null && gradeRank(to) < gradeRank(from)
}

/**
 * The dimensions whose grade fell since the stored verdict, each as one line with its first
 * reason against it (or what is now missing); the overall's own first reason when none fell (the
 * mean moved, or a cap).
 */
export function dropReasons(stored: Record<string, Grade | null>, verdict: Verdict): string[] {
  const lines = verdict.dimensions
    .filter((d) => d.applies && fell(stored[d.dimension] ?? null, d.grade))
    .map((d) => {
      const was = stored[d.dimension]
      const why = d.grade === null ? `needs ${d.missing}` : (d.reasons.find((r) => r.effect === 'minus') ?? d.reasons[0])?.text
      return `${DIMENSION_LABELS[d.dimension]} ${was} to ${d.grade ?? 'not graded'}${why ? `: ${why}` : ''}`
    })
  if (lines.length > 0) return lines
  const overall = verdict.grade === null ? `Not enough known: needs ${verdict.missing}` : verdict.reasons[0]?.text
  return overall ? [overall] : []
}

/**
 * What to write for one graded listing: the verdict when its hash changed, the card's grade when
 * it changed, and a drop when the overall fell.
 */
export function decideWrite(
  listing: Pick<ListingToGrade, 'seq' | 'id' | 'grade' | 'stored'>,
  verdict: Verdict,
  hash: string,
): VerdictWrite {
  const changed = listing.stored?.hash !== hash
  return {
    seq: listing.seq,
    serverId: listing.id,
    grade: verdict.grade,
    gradeRank: gradeRank(verdict.grade),
    gradeChanged: listing.grade !== verdict.grade,
    verdict: changed ? { json: JSON.stringify(verdict), hash, computedAt: verdict.computedAt } : null,
    drop: fell(listing.grade, verdict.grade)
      ? { from: listing.grade, to: verdict.grade, reasons: dropReasons(listing.stored?.dimensions ?? {}, verdict) }
      : null,
  }
}
