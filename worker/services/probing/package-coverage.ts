/**
 * The coverage figures of the probe runner over real packages (scripts/package-coverage.ts,
 * docs/probe-runner.md#coverage-on-real-packages): per kind of package, how many listings were
 * tried, how many packages the package client fetched, how many surfaces were read, how many need
 * configuration (and which variables), and the failures grouped by their cause. Pure: the script
 * probes, this counts.
 */

import type { FailureCause, ProbeOutcome, ProbeStatus, RunnerJob } from '@shared/surface'
import { FAILURE_CAUSES, PROBE_STATUSES } from '@shared/surface'

export type PackageKind = RunnerJob['package']['registryType']

/** The kinds the runner reads, in the order the figures list them. */
export const PACKAGE_KINDS: readonly PackageKind[] = ['npm', 'pypi', 'oci']

/**
 * The causes that come after the package client got the package: no single command or no wheel in
 * it, or the package ran and stopped for its own reason. Every other cause (not found, a
 * dependency, the registry's auth, a certificate, the network, no client, no exact version, not
 * plain) means it never got it.
 */
export const AFTER_FETCH: readonly FailureCause[] = ['no_bin', 'no_wheel', 'missing_variable', 'crashed', 'output_cap', 'list_failed']

/** One listing tried: its kind, what the runner said, and whether the package's own process started. */
export interface CoverageProbe {
  kind: PackageKind
  outcome: Pick<ProbeOutcome, 'status' | 'cause' | 'listErrors'> & { missingVariable?: string | null }
  /** The package ran (the runner measured time in its fence): fetched, whatever the outcome says of its cause. */
  ran: boolean
}

/** One kind's figures. */
export interface KindCoverage {
  kind: PackageKind
  listings: number
  /** Packages the package client fetched. */
  fetched: number
  /** Surfaces read ('ok'), whole or not. */
  read: number
  /** Of those, surfaces with an announced list that failed (the rest kept). */
  partial: number
  needsConfig: number
  /** The variables the 'needs_config' ones named, most often first (then by name); unnamed ones are not listed. */
  variables: Array<{ name: string; n: number }>
  /** The rest (neither read nor needing configuration), by cause (FAILURE_CAUSES order), then, without one, by status (PROBE_STATUSES order). */
  failures: Array<{ cause: FailureCause | ProbeStatus; n: number }>
}

/** True when the package was fetched: it ran, or it failed for a cause after the fetch, or (without a cause) it was read. */
export function wasFetched(probe: CoverageProbe): boolean {
  const { cause, status } = probe.outcome
  if (probe.ran || status === 'ok') return true
  return cause ? AFTER_FETCH.includes(cause) : false
}

/**
 * The figures per kind, in PACKAGE_KINDS order, a kind listed only when tried.
 * @example groupCoverage([{ kind: 'npm', outcome: { status: 'ok' }, ran: true }])[0].read // 1
 */
export function groupCoverage(probes: readonly CoverageProbe[]): KindCoverage[] {
  return PACKAGE_KINDS.flatMap((kind) => {
    const ofKind = probes.filter((p) => p.kind === kind)
    if (ofKind.length === 0) return []
    const variables = new Map<string, number>()
    const failures = new Map<FailureCause | ProbeStatus, number>()
    let read = 0
    let partial = 0
    let needsConfig = 0
    for (const { outcome } of ofKind) {
      if (outcome.status === 'ok') {
        read++
        if (outcome.cause === 'list_failed' || Object.keys(outcome.listErrors ?? {}).length > 0) partial++
      } else if (outcome.status === 'needs_config') {
        needsConfig++
        if (outcome.missingVariable) variables.set(outcome.missingVariable, (variables.get(outcome.missingVariable) ?? 0) + 1)
      } else {
        const cause = outcome.cause ?? outcome.status
        failures.set(cause, (failures.get(cause) ?? 0) + 1)
      }
    }
    const order: ReadonlyArray<FailureCause | ProbeStatus> = [...FAILURE_CAUSES, ...PROBE_STATUSES]
    return [
      {
        kind,
        listings: ofKind.length,
        fetched: ofKind.filter(wasFetched).length,
        read,
        partial,
        needsConfig,
        variables: [...variables]
          .map(([name, n]) => ({ name, n }))
          .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        failures: order.filter((cause) => failures.has(cause)).map((cause) => ({ cause, n: failures.get(cause) ?? 0 })),
      },
    ]
  })
}
