/**
 * The verdict's own dimensions (security, maintenance, health, install readiness) and the overall
 * grade, as pure functions of what the catalogue measured (VerdictInputs) and the time of grading.
 * Every point a score moves is a reason with its points, so the Verdict tab and docs/verdict.md
 * explain a grade exactly as it was reached; the figures are the tables below.
 */
import { readPackage, readRemote } from '@shared/install/source'
import type { RiskLevel } from '@shared/scan'
import type { SupplyBand } from '@shared/supply'
import { reachedServer } from '@shared/surface'
import {
  DIMENSION_LABELS,
  type DimensionVerdict,
  GRADE_FLOORS,
  GRADES,
  type Grade,
  gradeOfScore,
  type VerdictDimension,
  type VerdictReason,
} from '@shared/verdict'
import type { VerdictInputs } from './inputs'

const DAY_MS = 24 * 3600_000

const clamp = (score: number) => Math.max(0, Math.min(100, Math.round(score)))

/** A dimension graded from a starting score and the reasons that moved it. */
function graded(dimension: VerdictDimension, start: number, reasons: VerdictReason[]): DimensionVerdict {
  const score = clamp(start + reasons.reduce((sum, r) => sum + (r.points ?? 0), 0))
  return { dimension, grade: gradeOfScore(score), score, reasons, missing: null, applies: true }
}

function notGraded(dimension: VerdictDimension, missing: string, reasons: VerdictReason[] = [], applies = true): DimensionVerdict {
  return { dimension, grade: null, score: null, reasons, missing, applies }
}

const plus = (points: number, text: string): VerdictReason => ({ effect: 'plus', text, points })
const minus = (points: number, text: string): VerdictReason => ({ effect: 'minus', text, points: -points })
const info = (text: string): VerdictReason => ({ effect: 'info', text })

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// ---------------------------------------------------------------------------------------------
// Security

/** Points the scan's risk level of the surface takes off. */
export const RISK_POINTS: Record<RiskLevel, number> = { none: 0, low: 10, medium: 30, high: 60 }
/** Points the supply-chain watch's band of the install versions takes off. */
export const BAND_POINTS: Record<SupplyBand, number> = { none: 0, low: 5, medium: 20, high: 50 }
/** Points each further class of finding (medium or above) takes off, beyond the first, at most CLASS_POINTS_MAX. */
export const CLASS_POINTS = 5
export const CLASS_POINTS_MAX = 20
/** Points taken off for what was not read: no surface scanned, package versions not read yet. */
export const UNREAD_SURFACE_POINTS = 10
export const UNREAD_PACKAGES_POINTS = 5

const CLASS_NAMES: Record<string, string> = {
  invisible: 'hidden characters',
  'deceptive-name': 'deceptive names',
  'model-directed': 'instructions aimed at the model',
  secrets: 'reaching for secrets',
  exfiltration: 'sending data out',
  'hidden-bulk': 'hidden bulk text',
  change: 'a change that needs review',
  'annotation-honesty': 'annotations claiming less than the tool does',
}
const className = (c: string) => CLASS_NAMES[c] ?? c

/** The registries the supply-chain watch reads: a listing with a package of one has a band to read. */
const WATCHED_KINDS = new Set(['npm', 'pypi'])

export function gradeSecurity(inputs: VerdictInputs): DimensionVerdict {
  const { surface, listing, watched } = inputs
  const kinds = listing.packages.map((p) => readPackage(p)?.registryType).filter((k) => k !== undefined)
  const watchable = kinds.some((k) => WATCHED_KINDS.has(k)) || watched.length > 0
  const band = listing.supplyBand
  const scanned = surface !== null && surface.risk !== null
  if (!scanned && band === null) {
    return notGraded('security', 'a surface read or declared and scanned, or a package version read by the supply-chain watch')
  }
  const reasons: VerdictReason[] = []
  if (surface && surface.risk !== null) {
    const tools = plural(surface.tools.length, 'tool')
    const what = surface.source === 'declared' ? `the surface its maintainer declared (${tools})` : `the surface read from it (${tools})`
    if (surface.risk === 'none') reasons.push(info(`The scan found nothing of concern in ${what}.`))
    else reasons.push(minus(RISK_POINTS[surface.risk], `The scan rates ${what} ${surface.risk} risk.`))
    const classes = [...new Set(surface.findings.filter((f) => f.severity !== 'low').map((f) => f.class))].sort()
    if (classes.length > 0) {
      const extra = Math.min(CLASS_POINTS_MAX, CLASS_POINTS * (classes.length - 1))
      const text = `Findings of medium risk or above: ${classes.map(className).join(', ')}.`
      reasons.push(extra > 0 ? minus(extra, text) : info(text))
    }
  } else {
    reasons.push(minus(UNREAD_SURFACE_POINTS, 'No surface was read or declared, so its tools were not scanned.'))
  }
  if (band !== null) {
    if (band === 'none') reasons.push(info('The supply-chain watch found no warning signs in the package versions it installs.'))
    else reasons.push(minus(BAND_POINTS[band], `The supply-chain watch rates the package versions it installs ${band}.`))
  } else if (watchable) {
    reasons.push(minus(UNREAD_PACKAGES_POINTS, 'The supply-chain watch has not read the package versions it installs yet.'))
  } else {
    reasons.push(info('It installs no npm or PyPI package, so there is no package version for the watch to read.'))
  }
  return graded('security', 100, reasons)
}

// ---------------------------------------------------------------------------------------------
// Maintenance

/** Where maintenance starts before the versions, licence and stars move it. */
export const MAINTENANCE_START = 60
/** Points by the age of the latest version, in days: the first row its age is within. */
export const LATEST_AGE_POINTS: ReadonlyArray<{ days: number; points: number }> = [
  { days: 90, points: 20 },
  { days: 180, points: 10 },
  { days: 365, points: 0 },
  { days: 730, points: -20 },
  { days: Number.POSITIVE_INFINITY, points: -35 },
]
/** Points by the number of versions published over the last year: the first row it reaches. */
export const CADENCE_POINTS: ReadonlyArray<{ releases: number; points: number }> = [
  { releases: 4, points: 15 },
  { releases: 2, points: 10 },
  { releases: 1, points: 5 },
]
export const DEPRECATED_POINTS = 40
export const DELETED_POINTS = 70
export const LICENCE_POINTS = 5
export const STAR_POINTS: ReadonlyArray<{ stars: number; points: number }> = [
  { stars: 1000, points: 10 },
  { stars: 100, points: 5 },
]

const daysText = (days: number) => (days < 1 ? 'today' : `${plural(Math.floor(days), 'day')} ago`)

export function gradeMaintenance(inputs: VerdictInputs, now: Date): DimensionVerdict {
  const { listing, versions } = inputs
  if (versions.length === 0 && listing.upstreamStatus === null) {
    return notGraded('maintenance', "the registry's versions of it (it is not synced from the MCP registry)")
  }
  const reasons: VerdictReason[] = []
  const dated = versions
    .filter((v): v is typeof v & { publishedAt: string } => v.publishedAt !== null && !Number.isNaN(Date.parse(v.publishedAt)))
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
  const latest = dated[0]
  if (latest) {
    const age = (now.getTime() - Date.parse(latest.publishedAt)) / DAY_MS
    const row = LATEST_AGE_POINTS.find((r) => age <= r.days) ?? LATEST_AGE_POINTS[LATEST_AGE_POINTS.length - 1]
    const text = `Its latest version, ${latest.version}, was published ${daysText(age)}.`
    reasons.push(row.points > 0 ? plus(row.points, text) : row.points < 0 ? minus(-row.points, text) : info(text))
    const year = dated.filter((v) => now.getTime() - Date.parse(v.publishedAt) <= 365 * DAY_MS).length
    const cadence = CADENCE_POINTS.find((r) => year >= r.releases)
    const said = `${plural(year, 'version')} published over the last year.`
    reasons.push(cadence ? plus(cadence.points, said) : info(said))
  } else {
    reasons.push(info('The registry gives no publication date for its versions, so their age and cadence are not known.'))
  }
  const status = listing.upstreamStatus
  const message = listing.upstreamStatusMessage?.trim()
  if (status === 'deleted')
    reasons.push(minus(DELETED_POINTS, `The registry marks its latest version deleted${message ? `: ${message}` : '.'}`))
  else if (status === 'deprecated')
    reasons.push(minus(DEPRECATED_POINTS, `The registry marks its latest version deprecated${message ? `: ${message}` : '.'}`))
  const licence = listing.license?.trim()
  if (licence && licence.toUpperCase() !== 'NOASSERTION') reasons.push(plus(LICENCE_POINTS, `Its repository names a licence, ${licence}.`))
  else if (listing.githubUrl) reasons.push(minus(LICENCE_POINTS, 'No licence is known for its repository.'))
  if (listing.githubUrl) {
    const stars = STAR_POINTS.find((r) => listing.stars >= r.stars)
    const text = `Its repository has ${plural(listing.stars, 'star')}.`
    reasons.push(stars ? plus(stars.points, text) : info(text))
    reasons.push(info('Whether the repository is archived is not known to the catalogue, so it does not count.'))
  } else {
    reasons.push(info('It names no repository: its licence and stars are not known.'))
  }
  return graded('maintenance', MAINTENANCE_START, reasons)
}

// ---------------------------------------------------------------------------------------------
// Health

/** The window of probes health weighs. */
export const HEALTH_DAYS = 30
/** Of 100: the share of probes that reached the server is worth this much, the latest one the rest. */
export const HEALTH_RATIO_POINTS = 80
export const HEALTH_LATEST_POINTS = 20

/** A probe of a remote (a URL), not of a package the runner ran. */
/** A remote is probed at its URL; a package at 'npm:name@version' and the like. */
export const isRemoteProbe = (target: string) => /^https?:\/\//i.test(target)

export function gradeHealth(inputs: VerdictInputs, now: Date): DimensionVerdict {
  if (inputs.listing.remotes.length === 0) {
    return notGraded('health', 'a remote to probe (it is installed as a package: health applies only to remotes)', [], false)
  }
  const since = now.getTime() - HEALTH_DAYS * DAY_MS
  const probes = inputs.probes.filter((p) => isRemoteProbe(p.target) && Date.parse(p.startedAt) >= since)
  // A remote whose URL needs values the catalogue does not have was not tried: it says nothing of health.
  const tried = probes.filter((p) => p.status !== 'needs_config')
  if (tried.length === 0) {
    const why = probes.length > 0 ? ': its URL needs values the catalogue does not have' : ''
    return notGraded('health', `a probe of its remote in the last ${HEALTH_DAYS} days${why}`)
  }
  const ok = tried.filter((p) => reachedServer(p.status)).length
  const ratio = ok / tried.length
  const reasons: VerdictReason[] = []
  const share = `${ok} of ${plural(tried.length, 'probe')} in the last ${HEALTH_DAYS} days reached the server (${Math.round(ratio * 100)}%).`
  reasons.push(plus(Math.round(ratio * HEALTH_RATIO_POINTS), share))
  const latest = [...tried].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))[0]
  if (latest.status === 'ok') reasons.push(plus(HEALTH_LATEST_POINTS, 'The latest probe read its tools.'))
  else if (latest.status === 'auth_required')
    reasons.push(
      plus(HEALTH_LATEST_POINTS, 'The latest probe was asked for credentials: the server is reachable, its tools were not read.'),
    )
  else reasons.push(info(`The latest probe failed: ${latest.status.replaceAll('_', ' ')}.`))
  return graded('health', 0, reasons)
}

// ---------------------------------------------------------------------------------------------
// Install readiness

export const UNPINNED_POINTS = 20
export const WATCH_PINNED_POINTS = 5
export const PINNED_MISSING_POINTS = 40
export const TEMPLATED_URL_POINTS = 15
export const SECRET_POINTS = 5
export const SECRET_POINTS_MAX = 15
export const VALUE_POINTS = 3
export const VALUE_POINTS_MAX = 9

interface Needed {
  name: string
  isSecret: boolean
  isRequired: boolean
}

export function gradeInstallReadiness(inputs: VerdictInputs): DimensionVerdict {
  const packages = inputs.listing.packages.map(readPackage).filter((p) => p !== null)
  const remotes = inputs.listing.remotes.map(readRemote).filter((r) => r !== null)
  if (packages.length === 0 && remotes.length === 0) {
    return notGraded('installReadiness', 'an install configuration: it names no package and no remote')
  }
  const reasons: VerdictReason[] = []
  const needed: Needed[] = []
  for (const pkg of packages) {
    const label = `${pkg.registryType === 'unknown' ? '' : `${pkg.registryType} `}package ${pkg.identifier}`
    const watch = inputs.watched.find((w) => w.name.toLowerCase() === pkg.identifier.toLowerCase())
    if (pkg.version) reasons.push(info(`The ${label} names an exact version, ${pkg.version}.`))
    else if (watch?.installVersion)
      reasons.push(
        minus(
          WATCH_PINNED_POINTS,
          `The ${label} names no exact version; the catalogue installs ${watch.installVersion}, the newest the watch read.`,
        ),
      )
    else reasons.push(minus(UNPINNED_POINTS, `The ${label} names no exact version: an install takes whatever is newest.`))
    if (watch?.pinnedMissing)
      reasons.push(minus(PINNED_MISSING_POINTS, `The ${label} pins ${watch.pinned}, which its registry does not have.`))
    for (const v of [...pkg.environmentVariables, ...(pkg.transport.type === 'stdio' ? [] : pkg.transport.headers)]) needed.push(v)
    for (const a of [...pkg.runtimeArguments, ...pkg.packageArguments])
      if (a.value === null || a.placeholder)
        needed.push({ name: a.name ?? a.valueHint ?? 'an argument', isSecret: a.isSecret, isRequired: a.isRequired })
  }
  for (const remote of remotes) {
    const variables = [...remote.url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
    if (variables.length > 0)
      reasons.push(minus(TEMPLATED_URL_POINTS, `Its remote's address needs values filled in first: ${variables.join(', ')}.`))
    else reasons.push(info(`Its remote ${remote.url} can be added as it is.`))
    for (const h of remote.headers) if (h.value === null || h.placeholder) needed.push(h)
  }
  const secrets = [...new Set(needed.filter((n) => n.isSecret).map((n) => n.name))]
  const values = [...new Set(needed.filter((n) => !n.isSecret && n.isRequired).map((n) => n.name))]
  if (secrets.length > 0)
    reasons.push(
      minus(
        Math.min(SECRET_POINTS_MAX, SECRET_POINTS * secrets.length),
        `It needs ${plural(secrets.length, 'secret')}: ${secrets.join(', ')}.`,
      ),
    )
  if (values.length > 0)
    reasons.push(
      minus(
        Math.min(VALUE_POINTS_MAX, VALUE_POINTS * values.length),
        `It needs ${plural(values.length, 'value')} set before it runs: ${values.join(', ')}.`,
      ),
    )
  if (secrets.length === 0 && values.length === 0) reasons.push(info('It declares no secret or required value to set.'))
  return graded('installReadiness', 100, reasons)
}

// ---------------------------------------------------------------------------------------------
// The overall grade

/** Each dimension's weight in the overall's mean. */
export const WEIGHTS: Record<VerdictDimension, number> = {
  security: 3,
  toolQuality: 2,
  compatibility: 1,
  maintenance: 2,
  health: 2,
  installReadiness: 1,
}
/** Fewer graded dimensions than this (of those that apply): not enough is known. */
export const MIN_GRADED = 3

const rank = (g: Grade) => GRADES.indexOf(g)
/** The highest score a grade has: one below the floor of the grade above it. */
const topOf = (g: Grade): number => {
  const i = rank(g)
  return i === 0 ? 100 : GRADE_FLOORS[GRADES[i - 1] as keyof typeof GRADE_FLOORS] - 1
}
const label = (d: VerdictDimension) => DIMENSION_LABELS[d].toLowerCase()

export interface Overall {
  grade: Grade | null
  score: number | null
  reasons: VerdictReason[]
  missing: string | null
}

/**
 * The overall grade: the weighted mean of the graded dimensions that apply, never above
 * security's grade and at most one grade above the worst graded dimension; null when security is
 * not graded or fewer than three applying dimensions are.
 */
export function overallOf(dimensions: readonly DimensionVerdict[]): Overall {
  const applying = dimensions.filter((d) => d.applies)
  const gradedOnes = applying.filter((d): d is DimensionVerdict & { grade: Grade; score: number } => d.grade !== null && d.score !== null)
  const ungraded = applying.filter((d) => d.grade === null)
  const reasons: VerdictReason[] = ungraded.map((d) => info(`Not graded: ${label(d.dimension)} (needs ${d.missing}).`))
  for (const d of dimensions.filter((x) => !x.applies)) reasons.push(info(`Does not apply: ${label(d.dimension)}.`))
  const security = dimensions.find((d) => d.dimension === 'security')
  if (!security?.grade) {
    return { grade: null, score: null, reasons, missing: `security: ${security?.missing ?? 'not graded'}` }
  }
  if (gradedOnes.length < MIN_GRADED) {
    const lacking = ungraded.map((d) => `${label(d.dimension)}: ${d.missing}`).join('; ')
    return { grade: null, score: null, reasons, missing: `at least ${MIN_GRADED} graded dimensions (${gradedOnes.length} are); ${lacking}` }
  }
  const weight = gradedOnes.reduce((sum, d) => sum + WEIGHTS[d.dimension], 0)
  const mean = Math.round(gradedOnes.reduce((sum, d) => sum + WEIGHTS[d.dimension] * d.score, 0) / weight)
  const meanGrade = gradeOfScore(mean)
  const weighed = gradedOnes.map((d) => `${label(d.dimension)} ${d.grade} ×${WEIGHTS[d.dimension]}`).join(', ')
  reasons.unshift(info(`The weighted mean of ${gradedOnes.length} graded dimensions (${weighed}) is ${mean}, grade ${meanGrade}.`))
  let grade = meanGrade
  if (rank(security.grade) > rank(grade)) {
    grade = security.grade
    reasons.splice(1, 0, info(`Capped at ${grade}: the overall is never above security's grade.`))
  }
  const worst = gradedOnes.reduce((w, d) => (rank(d.grade) > rank(w.grade) ? d : w))
  const ceiling = GRADES[Math.max(0, rank(worst.grade) - 1)]
  if (rank(ceiling) > rank(grade)) {
    grade = ceiling
    reasons.splice(
      1,
      0,
      info(`Capped at ${grade}: at most one grade above the worst dimension, ${label(worst.dimension)} (${worst.grade}).`),
    )
  }
  return { grade, score: Math.min(mean, topOf(grade)), reasons, missing: null }
}
