/**
 * The verdict on a listing (worker/shared/verdict.ts): each dimension graded from what the
 * catalogue measured, and the overall grade from them. Pure: the job that stores verdicts
 * (worker/jobs/verdicts.ts) reads the inputs and writes what this returns. docs/verdict.md is the
 * method in words.
 */
import { readPackage, readRemote } from '@shared/install/source'
import type { ProbeTransport } from '@shared/surface'
import type { Verdict } from '@shared/verdict'
import { gradeCompatibility } from './compatibility'
import { gradeHealth, gradeInstallReadiness, gradeMaintenance, gradeSecurity, isRemoteProbe, overallOf } from './grade'
import type { VerdictInputs } from './inputs'
import { gradeToolQuality } from './tool-quality'

export type { VerdictInputs } from './inputs'

/**
 * The method's revision: raise it when a rule or a figure changes, and every stored verdict is
 * graded again by the cron (servers.verdict_rev behind it).
 */
export const VERDICT_REV = 1

/** Tool quality lines a verdict keeps, worst first. */
export const TOOL_LINES_KEPT = 100

/** The latest probe of each target, newest first. */
function latestPerTarget(probes: VerdictInputs['probes']): VerdictInputs['probes'] {
  const seen = new Set<string>()
  const sorted = [...probes].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
  return sorted.filter((p) => !seen.has(p.target) && seen.add(p.target))
}

export function gradeListing(inputs: VerdictInputs, now: Date): Verdict {
  const quality = gradeToolQuality(inputs.surface?.tools ?? [])
  const compat = gradeCompatibility({
    probes: latestPerTarget(inputs.probes).map(({ target, transport, protocolVersion, status, generations }) => ({
      target,
      kind: isRemoteProbe(target) ? ('remote' as const) : ('package' as const),
      transport: transport as ProbeTransport | null,
      protocolVersion,
      status,
      generations: generations ?? {},
    })),
    serverCard: inputs.surface?.serverCard ?? false,
    declared: {
      packageKinds: inputs.listing.packages.flatMap((p) => readPackage(p)?.registryType ?? []),
      remotes: inputs.listing.remotes.flatMap((r) => {
        const remote = readRemote(r)
        return remote ? [{ url: remote.url, transport: remote.type }] : []
      }),
    },
  })
  const dimensions = [
    gradeSecurity(inputs),
    quality.dimension,
    compat.dimension,
    gradeMaintenance(inputs, now),
    gradeHealth(inputs, now),
    gradeInstallReadiness(inputs),
  ]
  const overall = overallOf(dimensions)
  return {
    method: VERDICT_REV,
    ...overall,
    dimensions,
    compatibility: compat.facts,
    toolQuality: quality.lines.slice(0, TOOL_LINES_KEPT),
    computedAt: now.toISOString(),
  }
}
