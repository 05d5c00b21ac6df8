/**
 * The admin screen's coverage (worker/db/probes.ts, `probeOverview`): per kind of listed server,
 * how many have a surface read, only a declared one, or none and why. Storage is this file's own,
 * so the counts are exact.
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'
import type { SurfaceCoverage } from '@shared/surface'
import { probeOverview } from '../../../worker/db/probes'
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
    expect(coverage).toEqual<SurfaceCoverage[]>([
      { kind: 'remote', listings: 4, read: 1, declared: 0, none: 3, reasons: { auth_required: 1, never: 2 } },
      { kind: 'npm', listings: 4, read: 1, declared: 1, none: 2, reasons: { needs_config: 1, never: 1 } },
      { kind: 'pypi', listings: 1, read: 0, declared: 0, none: 1, reasons: { timeout: 1 } },
      { kind: 'oci', listings: 1, read: 0, declared: 0, none: 1, reasons: { never: 1 } },
      { kind: 'other', listings: 2, read: 0, declared: 0, none: 2, reasons: { never: 2 } },
    ])
  })

  it('counts package probes among the statuses and what is due', async () => {
    const overview = await probeOverview(db(), { enabled: true })
    // From the test above: remote ok + auth_required; packages ok, needs_config, timeout.
    expect(overview.counts).toMatchObject({ ok: 2, auth_required: 1, needs_config: 1, timeout: 1 })
    // Due now: the 2 remotes and the npm, OCI and declared npm listings never probed; the rest wait.
    expect(overview.due).toBe(5)
  })
})
