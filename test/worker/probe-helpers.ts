/**
 * Probe outcomes built by hand, for the tests of what is stored and shown (the probe itself is
 * tested against real servers in test/worker/lib/mcp-client and test/worker/jobs).
 *
 * @example await recordOutcome(server.id, '1.0.0', outcomeOf('ok', surfaceOf(['search'])))
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import type { ProbeOutcome, Surface } from '@shared/surface'
import { recordProbe } from '../../worker/db/probes'
import { db } from './helpers'

/** A surface of only what `parts` gives: no server info, capabilities or items besides. */
export const surfaceWith = (parts: Partial<Surface>): Surface => ({
  serverInfo: null,
  capabilities: {},
  instructions: null,
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
  ...parts,
})

/** A surface with these tools (each with a description and an input schema) and one prompt. */
export function surfaceOf(tools: string[]): Surface {
  return {
    serverInfo: { name: 'fixture', version: '1.0.0' },
    capabilities: { tools: {}, prompts: {} },
    instructions: null,
    tools: tools.map((name) => ({ name, description: `Does ${name}`, inputSchema: { type: 'object' } })),
    prompts: [{ name: 'greet' }],
    resources: [],
    resourceTemplates: [],
  }
}

/** An outcome as a probe would give it: with the surface for 'ok', else a failure with its error. */
export function outcomeOf(
  status: ProbeOutcome['status'],
  surface: Surface | null = null,
  startedAt = new Date(),
  durationMs = 120,
): ProbeOutcome {
  return {
    status,
    protocolVersion: status === 'ok' ? '2025-06-18' : null,
    transport: 'streamable-http',
    target: 'https://mcp.example.com/mcp',
    startedAt: startedAt.toISOString(),
    durationMs,
    error: status === 'ok' ? null : `failed: ${status}`,
    authMetadataUrl: status === 'auth_required' ? 'https://mcp.example.com/.well-known/oauth-protected-resource' : null,
    missingVariable: null,
    surface: status === 'ok' ? surface : null,
    serverCard: null,
  }
}

/** Stores an outcome as the consumer would, its hashes computed; `now` defaults to when it started. */
export async function recordOutcome(serverId: string, version: string, outcome: ProbeOutcome, now = new Date(outcome.startedAt)) {
  const hashes = outcome.surface ? await hashSurface(outcome.surface) : null
  await recordProbe(db(), { serverId, version, outcome, hashes, now })
}
