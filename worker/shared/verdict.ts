/**
 * The catalogue's verdict on a listing: one grade per dimension and an overall one, each with the
 * points it rests on, graded from what the catalogue measured (worker/lib/verdict/) when those facts
 * change and stored with the card, never per request (docs/verdict.md is the method). Shared by
 * the Worker (grading, storage, the APIs, the feeds) and the SPA (badges, the Verdict tab, the
 * sort and the minimum-grade filter). Every string is plain text.
 */

import type { ProtocolGeneration } from '@mcp-catalogue/mcp-client/surface'

/** Best first. */
export const GRADES = ['A', 'B', 'C', 'D', 'E'] as const
export type Grade = (typeof GRADES)[number]

/**
 * A grade's rank, as `servers.grade_rank` stores it for the "Best rated" sort and the
 * minimum-grade filter: A 5 down to E 1, and 0 when not enough is known to grade.
 * @example gradeRank('A') // 5
 * @example gradeRank(null) // 0
 */
export function gradeRank(grade: Grade | null): number {
  return grade === null ? 0 : GRADES.length - GRADES.indexOf(grade)
}

/** The lowest score (0 to 100) of each grade; below D's is E. */
export const GRADE_FLOORS = { A: 85, B: 70, C: 55, D: 40 } as const

/**
 * The grade of a score from 0 to 100.
 * @example gradeOfScore(90) // 'A'
 * @example gradeOfScore(39) // 'E'
 */
export function gradeOfScore(score: number): Grade {
  if (score >= GRADE_FLOORS.A) return 'A'
  if (score >= GRADE_FLOORS.B) return 'B'
  if (score >= GRADE_FLOORS.C) return 'C'
  if (score >= GRADE_FLOORS.D) return 'D'
  return 'E'
}

/** The dimensions, in the order the Verdict tab explains them. */
export const VERDICT_DIMENSIONS = ['security', 'toolQuality', 'compatibility', 'maintenance', 'health', 'installReadiness'] as const
export type VerdictDimension = (typeof VERDICT_DIMENSIONS)[number]

export const DIMENSION_LABELS: Record<VerdictDimension, string> = {
  security: 'Security',
  toolQuality: 'Tool quality',
  compatibility: 'Compatibility',
  maintenance: 'Maintenance',
  health: 'Health',
  installReadiness: 'Install readiness',
}

/** One point a grade rests on: what was measured and how it counted. */
export interface VerdictReason {
  /** 'plus' raised the score, 'minus' lowered it, 'info' explains without counting. */
  effect: 'plus' | 'minus' | 'info'
  /** One sentence a person can act on. */
  text: string
  /** The points it moved the score by (negative for a minus); absent for 'info'. */
  points?: number
  /** The tool it is about, when it is about one. */
  tool?: string
}

export interface DimensionVerdict {
  dimension: VerdictDimension
  /** Null: not enough is known to grade it, and `missing` says what. */
  grade: Grade | null
  /** 0 to 100; null when not graded. */
  score: number | null
  reasons: VerdictReason[]
  /** When `grade` is null: what the catalogue would need to know. */
  missing: string | null
  /** False when the dimension does not apply (health of a listing with no remote): left out of the overall. */
  applies: boolean
}

/**
 * The protocol generations a probe can meet: the 2026-07-28 stateless exchange, the `initialize`
 * handshake, the old HTTP+SSE transport. The probe's own union (packages/mcp-client/src/surface.ts),
 * named here in types only, so the two cannot drift apart.
 */
export type { ProtocolGeneration }

/** One client's verdict on the listing, from the install clients' table. */
export interface ClientCompatibility {
  /** A ClientId of worker/shared/install/clients.ts. */
  client: string
  label: string
  /** 'yes' natively, 'bridge' through the local bridge the install generator writes, 'no', or 'unknown' (nothing was read). */
  works: 'yes' | 'bridge' | 'no' | 'unknown'
  why: string
}

/** What the probes saw of how the listing speaks MCP: the badges, and "works with" per client. */
export interface CompatibilityFacts {
  /** Per generation: true answered, false tried and not answered, null not tried. */
  generations: Record<ProtocolGeneration, boolean | null>
  /** The transports a probe read the server over. */
  transports: Array<'stdio' | 'streamable-http' | 'sse'>
  /** The protocol versions the server answered with, newest first. */
  protocolVersions: string[]
  /** Whether it publishes a Server Card. */
  serverCard: boolean
  worksWith: ClientCompatibility[]
}

/** One tool's definition checks, as the Tools tab shows them beside the tool. */
export interface ToolQualityLine {
  tool: string
  /** 0 to 100. */
  score: number
  /** Each failed check, a line a maintainer can fix. */
  failed: Array<{ check: string; text: string }>
}

/** The verdict the detail answer carries; cards carry only its overall `grade`. */
export interface Verdict {
  /** The method's revision (worker/lib/verdict VERDICT_REV) that graded it. */
  method: number
  /** Null: not enough is known (see `missing`). */
  grade: Grade | null
  score: number | null
  /** How the overall was reached: which dimensions weighed, what capped it. */
  reasons: VerdictReason[]
  missing: string | null
  /** One per VERDICT_DIMENSIONS entry, in its order. */
  dimensions: DimensionVerdict[]
  /** Null until a probe read the server. */
  compatibility: CompatibilityFacts | null
  /** The surface's tools with their checks, worst first (at most 100). */
  toolQuality: ToolQualityLine[]
  /** When it was graded (ISO 8601). */
  computedAt: string
}

/** A grade that dropped on a server the user follows, liked or keeps (dashboard and feeds). */
export interface VerdictAlert {
  serverId: string
  serverName: string
  displayName: string
  from: Grade | null
  to: Grade | null
  /** The dimensions whose grade fell, each with its first reason. */
  reasons: string[]
  createdAt: string
}

/**
 * A grade drop in one line, as the feeds and the dashboard say it.
 * @example gradeDropTitle('B', 'D') // 'Grade fell from B to D'
 * @example gradeDropTitle('B', null) // 'Grade B withdrawn: not enough is known'
 */
export function gradeDropTitle(from: Grade | null, to: Grade | null): string {
  if (to === null) return `Grade ${from ?? 'none'} withdrawn: not enough is known`
  return `Grade fell from ${from ?? 'none'} to ${to}`
}
