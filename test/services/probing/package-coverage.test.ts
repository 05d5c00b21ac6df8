/**
 * The coverage figures' grouping (worker/services/probing/package-coverage.ts): per kind, listings,
 * fetched, read, needing configuration with the variables named, and the failures by cause in
 * FAILURE_CAUSES order, by status where no cause was given.
 */
import { describe, expect, it } from 'vitest'
import { type CoverageProbe, groupCoverage, wasFetched } from '../../../worker/services/probing/package-coverage'

const probe = (kind: CoverageProbe['kind'], outcome: CoverageProbe['outcome'], ran = false): CoverageProbe => ({ kind, outcome, ran })

describe('groupCoverage', () => {
  it('counts each kind apart, in the order npm, pypi, oci, leaving out kinds not tried', () => {
    const probes: CoverageProbe[] = [
      probe('oci', { status: 'ok' }, true),
      probe('npm', { status: 'ok' }, true),
      probe('npm', { status: 'ok', cause: 'list_failed', listErrors: { resources: 'MCP error -32601: Method not found' } }, true),
      probe('npm', { status: 'needs_config', cause: 'missing_variable', missingVariable: 'NEO4J_URI' }, true),
      probe('npm', { status: 'needs_config', cause: 'missing_variable', missingVariable: 'API_KEY' }, true),
      probe('npm', { status: 'needs_config', cause: 'missing_variable', missingVariable: 'API_KEY' }, true),
      probe('npm', { status: 'needs_config', cause: 'no_exact_version', missingVariable: null }),
      probe('npm', { status: 'unreachable', cause: 'version_not_found' }),
      probe('npm', { status: 'protocol_error', cause: 'crashed' }, true),
      probe('npm', { status: 'unreachable', cause: 'package_not_found' }),
      probe('npm', { status: 'unreachable', cause: 'package_not_found' }),
      probe('npm', { status: 'unreachable', cause: 'no_bin' }),
    ]
    expect(groupCoverage(probes)).toEqual([
      {
        kind: 'npm',
        listings: 11,
        // Both read, the three that ran and asked for a variable, the crash, and the one fetched without a command.
        fetched: 7,
        outcomes: {
          probed: 11,
          ok: 2,
          listFailed: 1,
          needsConfig: 4,
          variables: [
            { name: 'API_KEY', listings: 2 },
            { name: 'NEO4J_URI', listings: 1 },
          ],
          failures: [
            { cause: 'package_not_found', listings: 2 },
            { cause: 'version_not_found', listings: 1 },
            { cause: 'no_bin', listings: 1 },
            { cause: 'crashed', listings: 1 },
          ],
        },
      },
      {
        kind: 'oci',
        listings: 1,
        fetched: 1,
        outcomes: { probed: 1, ok: 1, listFailed: 0, needsConfig: 0, variables: [], failures: [] },
      },
    ])
  })

  it('groups a failure without a cause by its status, after every cause', () => {
    const [pypi] = groupCoverage([
      probe('pypi', { status: 'timeout' }, true),
      probe('pypi', { status: 'unreachable', cause: null }),
      probe('pypi', { status: 'unreachable', cause: 'certificate' }),
      probe('pypi', { status: 'timeout' }, true),
    ])
    expect(pypi.outcomes.failures).toEqual([
      { cause: 'certificate', listings: 1 },
      { cause: 'unreachable', listings: 1 },
      { cause: 'timeout', listings: 2 },
    ])
    expect(pypi.fetched).toBe(2)
  })

  it('is empty for no probes', () => {
    expect(groupCoverage([])).toEqual([])
  })
})

describe('wasFetched', () => {
  it('is true once the package ran, or failed after its fetch, and false for a failure of the fetch', () => {
    expect(wasFetched(probe('npm', { status: 'unreachable', cause: 'certificate' }))).toBe(false)
    expect(wasFetched(probe('npm', { status: 'unreachable', cause: 'dependency_not_found' }))).toBe(false)
    expect(wasFetched(probe('npm', { status: 'unreachable', cause: 'no_wheel' }))).toBe(true)
    expect(wasFetched(probe('npm', { status: 'unreachable', cause: null }))).toBe(false)
    expect(wasFetched(probe('npm', { status: 'timeout' }, true))).toBe(true)
  })
})
