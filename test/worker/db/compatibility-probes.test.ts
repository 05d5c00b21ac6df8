/**
 * What the compatibility grade reads from D1 (worker/db/probes.ts `readCompatibilityProbes`): the
 * latest probe per target at the listing's version, its stored generations, and the Server Card,
 * stored through the one door every probe takes (services/probing/outcomes.ts).
 */
import { describe, expect, it } from 'vitest'
import { readCompatibilityProbes } from '../../../worker/db/probes'
import { gradeCompatibility } from '../../../worker/lib/verdict/compatibility'
import { storeOutcome } from '../../../worker/services/probing/outcomes'
import { insertServer } from '../factories'
import { db } from '../helpers'
import { outcomeOf, surfaceOf } from '../probe-helpers'

const URL = 'https://mcp.example.com/mcp'
const PACKAGE = 'npm:@example/weather@1.0.0'
const T0 = Date.parse('2026-06-01T12:00:00.000Z')
const at = (hours: number) => new Date(T0 + hours * 3_600_000)

describe('readCompatibilityProbes', () => {
  it('reads the latest probe of each target at the current version with its generations, and the card', async () => {
    const s = await insertServer({ version: '1.0.0', remotes: [{ type: 'streamable-http', url: URL }] })
    const store = (version: string, outcome: ReturnType<typeof outcomeOf>, source: 'remote' | 'package' = 'remote') =>
      storeOutcome(db(), { serverId: s.id, version, outcome, source, now: new Date(outcome.startedAt) })
    // An older version's probe, and an older probe of the same remote: neither is read.
    await store('0.9.0', { ...outcomeOf('ok', surfaceOf(['a']), at(0)), generations: { stateless: false, initialize: true } })
    await store('1.0.0', { ...outcomeOf('ok', surfaceOf(['a']), at(1)), generations: { stateless: false, initialize: true } })
    await store('1.0.0', {
      ...outcomeOf('ok', surfaceOf(['a']), at(2)),
      protocolVersion: '2026-07-28',
      serverCard: { name: 'io.example/weather' },
      generations: { stateless: true, initialize: true },
    })
    await store(
      '1.0.0',
      {
        ...outcomeOf('needs_config', null, at(3)),
        target: PACKAGE,
        transport: 'stdio',
        generations: { stateless: false, initialize: true },
      },
      'package',
    )
    const never = await insertServer()

    const reads = await readCompatibilityProbes(db(), [s.id, never.id])
    expect(reads.get(never.id)).toEqual({ probes: [], serverCard: false })
    const read = reads.get(s.id)!
    expect(read.serverCard).toBe(true)
    // In target order.
    expect(read.probes).toEqual([
      {
        target: URL,
        kind: 'remote',
        transport: 'streamable-http',
        protocolVersion: '2026-07-28',
        status: 'ok',
        generations: { stateless: true, initialize: true },
      },
      {
        target: PACKAGE,
        kind: 'package',
        transport: 'stdio',
        protocolVersion: null,
        status: 'needs_config',
        generations: { stateless: false, initialize: true },
      },
    ])
    // Graded as the verdict will: the remote answering both with its card, the package beside it.
    const { dimension } = gradeCompatibility({
      ...read,
      declared: { packageKinds: ['npm'], remotes: [{ url: URL, transport: 'streamable-http' }] },
    })
    expect([dimension.grade, dimension.score]).toEqual(['A', 100])
  })
})
