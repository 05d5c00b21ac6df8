/**
 * The admin screen's coverage (worker/db/probes.ts, `probeOverview`): per kind of listed server,
 * how many have a surface read, only a declared one, or none and why. Storage is this file's own,
 * so the counts are exact.
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'
import type { ProbeOutcome, SurfaceCoverage } from '@shared/surface'
import { probeOverview, VARIABLES_SHOWN } from '../../../worker/db/probes'
import { declareSurface } from '../../../worker/services/probing/declared'
import { storeOutcome } from '../../../worker/services/probing/outcomes'
import { insertServer } from '../factories'
import { db } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'

const remote = { remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }] }
const pkg = (registryType: string) => ({ packages: [{ registryType, identifier: 'acme', version: '1.0.0' }] })

async function packageOutcome(serverId: string, status: Parameters<typeof outcomeOf>[0]) {
  const outcome = { ...outcomeOf(status, status === 'ok' ? surfaceOf(['a']) : null), transport: 'stdio' as const }
  await storeOutcome(db(), { serverId, version: '1.0.0', outcome, source: 'package' })
}

describe('probeOverview coverage', () => {
  it('counts listings read, declared and none per kind, with the reasons for none', async () => {
    // Remotes: one read, one failing, one never probed; a package beside a remote makes it a remote.
    const [r1, r2] = await Promise.all([insertServer(remote), insertServer(remote), insertServer(remote)])
    await insertServer({ ...remote, ...pkg('npm') })
    await recordOutcome(r1.id, '1.0.0', outcomeOf('ok', surfaceOf(['x'])))
    await recordOutcome(r2.id, '1.0.0', outcomeOf('auth_required'))
    // npm: read by the runner, needing a key, declared by its maintainer, never probed.
    const [n1, n2, n3] = await Promise.all([
      insertServer(pkg('npm')),
      insertServer(pkg('npm')),
      insertServer(pkg('npm')),
      insertServer(pkg('npm')),
    ])
    await packageOutcome(n1.id, 'ok')
    await packageOutcome(n2.id, 'needs_config')
    const surface = surfaceOf(['declared'])
    await declareSurface(db(), { serverId: n3.id, version: '1.0.0', surface, hashes: await hashSurface(surface) })
    // PyPI timing out; a 2025 Docker entry is OCI; what no runner reads is 'other'.
    const p1 = await insertServer(pkg('pypi'))
    await packageOutcome(p1.id, 'timeout')
    await insertServer({ packages: [{ registry_name: 'docker', name: 'mcp/acme', version: '1.0.0' }] })
    await insertServer(pkg('nuget'))
    await insertServer()
    // Unlisted servers are not counted.
    await insertServer({ ...pkg('npm'), status: 'deleted' })

    const { coverage } = await probeOverview(db(), { enabled: true })
    const none = { probed: 0, ok: 0, listFailed: 0, needsConfig: 0, variables: [], failures: [] }
    expect(coverage).toEqual<SurfaceCoverage[]>([
      {
        kind: 'remote',
        listings: 4,
        read: 1,
        declared: 0,
        none: 3,
        reasons: { auth_required: 1, never: 2 },
        outcomes: { ...none, probed: 2, ok: 1, failures: [{ cause: 'auth_required', listings: 1 }] },
      },
      {
        kind: 'npm',
        listings: 4,
        read: 1,
        declared: 1,
        none: 2,
        reasons: { needs_config: 1, never: 1 },
        outcomes: { ...none, probed: 2, ok: 1, needsConfig: 1 },
      },
      {
        kind: 'pypi',
        listings: 1,
        read: 0,
        declared: 0,
        none: 1,
        reasons: { timeout: 1 },
        outcomes: { ...none, probed: 1, failures: [{ cause: 'timeout', listings: 1 }] },
      },
      { kind: 'oci', listings: 1, read: 0, declared: 0, none: 1, reasons: { never: 1 }, outcomes: none },
      { kind: 'other', listings: 2, read: 0, declared: 0, none: 2, reasons: { never: 2 }, outcomes: none },
    ])
  })

  it('counts package probes among the statuses and what is due', async () => {
    const overview = await probeOverview(db(), { enabled: true })
    // From the test above: remote ok + auth_required; packages ok, needs_config, timeout.
    expect(overview.counts).toMatchObject({ ok: 2, auth_required: 1, needs_config: 1, timeout: 1 })
    // Due now: the 2 remotes and the npm, OCI and declared npm listings never probed; the rest wait.
    expect(overview.due).toBe(5)
  })

  it('groups each kind’s latest probes: read (and of those, lost a list), needs_config with the variables most wanted, failures by cause', async () => {
    const probed = async (outcome: Partial<ProbeOutcome>) => {
      const s = await insertServer(pkg('oci'))
      const base = outcomeOf(outcome.status ?? 'ok', outcome.status === 'ok' || !outcome.status ? surfaceOf(['a']) : null)
      await storeOutcome(db(), {
        serverId: s.id,
        version: '1.0.0',
        outcome: { ...base, transport: 'stdio', ...outcome },
        source: 'package',
      })
    }
    const wants = (missingVariable: string) => probed({ status: 'needs_config', missingVariable, cause: 'missing_variable' })
    const failed = (status: ProbeOutcome['status'], cause: ProbeOutcome['cause']) => probed({ status, cause })
    for (const name of ['API_KEY', 'API_KEY', 'API_KEY', 'TENANT', 'TENANT', 'A', 'B', 'C', 'D']) await wants(name)
    await failed('unreachable', 'crashed')
    await failed('unreachable', 'version_not_found')
    await failed('unreachable', 'version_not_found')
    await failed('protocol_error', null)
    await failed('unreachable', 'package_not_found')
    await probed({ cause: 'list_failed', listErrors: { resources: 'resources/list failed: MCP error -32601: Method not found' } })
    await probed({})
    // The latest probe counts: a listing that failed and then read is read.
    const again = await insertServer(pkg('oci'))
    await storeOutcome(db(), {
      serverId: again.id,
      version: '1.0.0',
      outcome: { ...outcomeOf('timeout'), transport: 'stdio' },
      source: 'package',
    })
    const ok = { ...outcomeOf('ok', surfaceOf(['b'])), transport: 'stdio' as const }
    await storeOutcome(db(), { serverId: again.id, version: '1.0.0', outcome: ok, source: 'package' })

    const oci = (await probeOverview(db(), { enabled: true })).coverage.find((c) => c.kind === 'oci')
    expect(oci?.outcomes).toEqual({
      probed: 17,
      ok: 3,
      listFailed: 1,
      needsConfig: 9,
      // Most wanted first, VARIABLES_SHOWN of them; ties by name.
      variables: [
        { name: 'API_KEY', listings: 3 },
        { name: 'TENANT', listings: 2 },
        { name: 'A', listings: 1 },
        { name: 'B', listings: 1 },
        { name: 'C', listings: 1 },
      ],
      // FAILURE_CAUSES order, then the status of a failure without a cause.
      failures: [
        { cause: 'package_not_found', listings: 1 },
        { cause: 'version_not_found', listings: 2 },
        { cause: 'crashed', listings: 1 },
        { cause: 'protocol_error', listings: 1 },
      ],
    })
    expect(VARIABLES_SHOWN).toBe(5)
  })
})
