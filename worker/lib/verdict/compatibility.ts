/**
 * Compatibility: a stand-in with the signature the compatibility module has (the coordinator puts
 * the real one here at merge). It grades only whether a probe read the server at all.
 */
import type { ProbeStatus } from '@shared/surface'
import { type CompatibilityFacts, type DimensionVerdict, gradeOfScore, type ProtocolGeneration } from '@shared/verdict'

export interface CompatibilityInput {
  /** The latest probe per target. */
  probes: Array<{
    target: string
    transport: string | null
    protocolVersion: string | null
    status: ProbeStatus
    generations?: Partial<Record<ProtocolGeneration, boolean>>
  }>
  serverCard: boolean
  declared: { packageKinds: string[]; remoteTransports: string[] }
}

export function gradeCompatibility(input: CompatibilityInput): { facts: CompatibilityFacts | null; dimension: DimensionVerdict } {
  const read = input.probes.filter((p) => p.status === 'ok')
  if (read.length === 0) {
    const missing = 'a probe that read the server'
    return { facts: null, dimension: { dimension: 'compatibility', grade: null, score: null, reasons: [], missing, applies: true } }
  }
  const transports = [...new Set(read.map((p) => p.transport).filter((t) => t === 'stdio' || t === 'streamable-http' || t === 'sse'))]
  const protocolVersions = [...new Set(read.map((p) => p.protocolVersion).filter((v): v is string => v !== null))].sort().reverse()
  const facts: CompatibilityFacts = {
    generations: { stateless: null, initialize: true, sse: null },
    transports,
    protocolVersions,
    serverCard: input.serverCard,
    worksWith: [],
  }
  const score = 80
  const text = `A probe read the server over ${transports.join(', ') || 'a transport not recorded'}.`
  return {
    facts,
    dimension: {
      dimension: 'compatibility',
      grade: gradeOfScore(score),
      score,
      reasons: [{ effect: 'plus', text, points: score }],
      missing: null,
      applies: true,
    },
  }
}
