/**
 * What a listing's verdict is graded from: plain data read in one batch (worker/db/verdicts.ts),
 * so the grading is a pure function and the same inputs always give the same verdict.
 */
import type { RiskLevel, Severity } from '@shared/scan'
import type { SupplyBand } from '@shared/supply'
import type { ProbeStatus, SurfaceSource, SurfaceTool } from '@shared/surface'
import type { ProtocolGeneration } from '@shared/verdict'

export interface VerdictInputs {
  listing: {
    version: string
    /** As stored (either server.json shape, or a plain name). */
    packages: unknown[]
    remotes: unknown[]
    license: string | null
    stars: number
    githubUrl: string | null
    /** The registry's status of the latest version; null when not synced. */
    upstreamStatus: string | null
    upstreamStatusMessage: string | null
    /** The supply-chain watch's band of the install versions; null until one is read. */
    supplyBand: SupplyBand | null
  }
  /** Every version the registry published. */
  versions: Array<{ version: string; status: string; publishedAt: string | null }>
  /** The surface the listing shows (the newest read, else the one declared for its version), with its open findings. */
  surface: {
    source: SurfaceSource
    version: string
    /** Null until it was scanned. */
    risk: RiskLevel | null
    tools: SurfaceTool[]
    serverCard: boolean
    /** Findings not dismissed by a review. */
    findings: Array<{ class: string; severity: Severity }>
  } | null
  /** Recent probes, newest first. */
  probes: Array<{
    target: string
    transport: string | null
    protocolVersion: string | null
    status: ProbeStatus
    startedAt: string
    /** What the probe's generations answered, once probes record them. */
    generations?: Partial<Record<ProtocolGeneration, boolean>>
  }>
  /** The watch's packages of the listing. */
  watched: Array<{ registry: string; name: string; pinned: string | null; installVersion: string | null; pinnedMissing: boolean }>
}
