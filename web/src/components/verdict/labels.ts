/**
 * Words for the catalogue's verdict (worker/shared/verdict.ts), shared by the grade badge, the
 * Verdict tab, the Tools tab's quality lines, the list's minimum-grade filter and the dashboard's
 * grade drops. Every grade is said in words; colour only repeats it. Reasons, tool names and
 * clients' explanations come from the Worker as plain text and are shown as text.
 */
import {
  type ClientCompatibility,
  type CompatibilityFacts,
  GRADE_FLOORS,
  GRADES,
  type Grade,
  type ProtocolGeneration,
  type VerdictAlert,
  type VerdictReason,
} from '@shared/verdict'

/** A badge's words: 'Verdict: B', or 'Verdict: not graded' when not enough is known. */
export function gradeLabel(grade: Grade | null): string {
  return grade === null ? 'Verdict: not graded' : `Verdict: ${grade}`
}

/** What a badge's tooltip and screen-reader text add to its words. */
export const VERDICT_EXPLAINED =
  'from what the catalogue measured of security, tools, compatibility, maintenance, health and install readiness'

/** A tone per grade: green for A and B, neutral for C, amber for D, red for E (AA contrast in both themes). */
export const GRADE_TONE: Record<Grade | 'none', string> = {
  A: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  B: 'border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100',
  C: 'border-zinc-300 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100',
  D: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  E: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  none: 'border-dashed border-zinc-300 bg-white text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300',
}

/** Where a link to a server's Verdict tab leads, and the tab's heading (focused when a badge is followed). */
export const VERDICT_TAB = 'verdict'
export const VERDICT_ANCHOR = 'verdict'
export const verdictHref = (serverId: string) => `/servers/${serverId}?tab=${VERDICT_TAB}#${VERDICT_ANCHOR}`

/** Each grade's scores in words, from the shared floors: 'A: 85 to 100', 'E: below 40'. */
export const GRADE_SCORES: Record<Grade, string> = {
  A: `${GRADE_FLOORS.A} to 100`,
  B: `${GRADE_FLOORS.B} to ${GRADE_FLOORS.A - 1}`,
  C: `${GRADE_FLOORS.C} to ${GRADE_FLOORS.B - 1}`,
  D: `${GRADE_FLOORS.D} to ${GRADE_FLOORS.C - 1}`,
  E: `below ${GRADE_FLOORS.D}`,
}

/** The scale in one sentence, for the tab's method note. */
export const GRADE_SCALE = GRADES.map((g) => `${g} ${GRADE_SCORES[g]}`).join(', ')

/**
 * The minimum-grade filter's choices, best first: 'A', 'B or better' ... 'E or better'
 * (any grade given; listings not graded are left out). No choice is every listing.
 */
export const MIN_GRADE_OPTIONS: ReadonlyArray<{ value: Grade; label: string }> = GRADES.map((g) => ({
  value: g,
  label: g === 'A' ? 'A' : g === 'E' ? 'Graded (E or better)' : `${g} or better`,
}))

/** The filter's chip and the count's words: 'Grade B or better'. */
export function minGradeLabel(grade: Grade): string {
  return grade === 'A' ? 'Grade A' : grade === 'E' ? 'Graded' : `Grade ${grade} or better`
}

/** A score out of 100, or the words for none. */
export function scoreText(score: number | null): string {
  return score === null ? 'no score' : `${Math.round(score)} of 100`
}

/** What a reason did, in words (the screen reader's prefix; the sign repeats it on screen). */
export const EFFECT_WORD: Record<VerdictReason['effect'], string> = { plus: 'Counts for', minus: 'Counts against', info: 'Note' }

/**
 * The points a reason moved the score by, signed: '+10 points', '−15 points', '1 point'; null for
 * a note ('info') or a reason without points.
 */
export function pointsText(reason: Pick<VerdictReason, 'effect' | 'points'>): string | null {
  if (reason.effect === 'info' || reason.points === undefined) return null
  const n = Math.round(reason.points)
  const unit = Math.abs(n) === 1 ? 'point' : 'points'
  if (n > 0) return `+${n} ${unit}`
  if (n < 0) return `\u2212${Math.abs(n)} ${unit}`
  return `0 ${unit}`
}

/** "Not enough known" with what is missing, as the tab says it under a grade it could not give. */
export function missingText(missing: string | null): string {
  return missing ? `Not enough known: ${missing}` : 'Not enough known to grade it.'
}

export const GENERATION_LABEL: Record<ProtocolGeneration, string> = {
  stateless: 'Stateless exchange (2026-07-28)',
  initialize: 'initialize handshake',
  sse: 'Old HTTP+SSE transport',
}

/** The generations in the badges' order: the newest first. */
export const GENERATIONS: readonly ProtocolGeneration[] = ['stateless', 'initialize', 'sse']

/** What a probe saw of one generation: answered, tried and not answered, or not tried. */
export function generationState(answered: boolean | null): string {
  if (answered === null) return 'not tried'
  return answered ? 'answered' : 'not answered'
}

export const TRANSPORT_LABEL: Record<CompatibilityFacts['transports'][number], string> = {
  stdio: 'stdio',
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE',
}

export const WORKS_LABEL: Record<ClientCompatibility['works'], string> = {
  yes: 'Yes',
  bridge: 'Through a bridge',
  no: 'No',
  unknown: 'Unknown',
}

export const WORKS_TONE: Record<ClientCompatibility['works'], string> = {
  yes: GRADE_TONE.A,
  bridge: GRADE_TONE.C,
  no: GRADE_TONE.E,
  unknown: GRADE_TONE.none,
}

/** When a listing without a verdict will have one: the cron grades what changed within minutes. */
export const NOT_GRADED_YET =
  'The catalogue grades a listing within a few minutes of a change in what it measured (a probe of the server, a scan of its tools, a new version); this one has not been graded yet.'

/**
 * A grade drop in words: 'B to D', 'B to not graded'.
 * @example dropText({ from: 'B', to: 'D' }) // 'B to D'
 */
export function dropText(alert: Pick<VerdictAlert, 'from' | 'to'>): string {
  const word = (g: Grade | null) => g ?? 'not graded'
  return `${word(alert.from)} to ${word(alert.to)}`
}

/**
 * The tool definitions' summary line when some fail a check.
 * @example toolQualitySummary(2, 3) // '2 of 3 tools fail a check; 1 passes every one. Each line is something the maintainer can fix.'
 */
export function toolQualitySummary(failing: number, total: number): string {
  const passing = total - failing
  const rest = passing === 0 ? '' : `; ${passing} ${passing === 1 ? 'passes' : 'pass'} every one`
  return `${failing} of ${total} ${total === 1 ? 'tool fails' : 'tools fail'} a check${rest}. Each line is something the maintainer can fix.`
}
