/**
 * The coverage figures of the probe runner over real packages (scripts/package-coverage.ts,
 * docs/probe-runner.md#coverage-on-real-packages): per kind of package, how many listings were
 * tried, how many packages the package client fetched, how many surfaces were read, how many need
 * configuration (and which variables), and the failures grouped by their cause. Pure: the script
 * probes, this counts.
 */

import type { FailureCause, ProbeOutcome, ProbeOutcomeGroups, RunnerJob } from '@shared/surface'
import { countOutcome, emptyOutcomeGroups, orderOutcomeGroups } from '../../lib/probe-outcome-groups'

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

/** One kind's figures: listings tried, packages fetched, and how the probes ended (grouped as the admin screen groups them). */
export interface KindCoverage {
  kind: PackageKind
  listings: number
  /** Packages the package client fetched. */
  fetched: number
  /** Read ('ok', and how many lost a list), needing configuration with every variable named, the rest by cause. */
  outcomes: ProbeOutcomeGroups
}

/** True when the package was fetched: it ran, or it failed for a cause after the fetch, or (without a cause) it was read. */
export function wasFetched(probe: CoverageProbe): boolean {
  const { cause, status } = probe.outcome
  if (probe.ran || status === 'ok') return true
  return cause ? AFTER_FETCH.includes(cause) : false
}

/**
 * The figures per kind, in PACKAGE_KINDS order, a kind listed only when tried.
 * @example groupCoverage([{ kind: 'npm', outcome: { status: 'ok' }, ran: true }])[0].outcomes.ok // 1
 */
export function groupCoverage(probes: readonly CoverageProbe[]): KindCoverage[] {
  return PACKAGE_KINDS.flatMap((kind) => {
    const ofKind = probes.filter((p) => p.kind === kind)
    if (ofKind.length === 0) return []
    const outcomes = emptyOutcomeGroups()
    for (const { outcome } of ofKind) countOutcome(outcomes, outcome)
    return [{ kind, listings: ofKind.length, fetched: ofKind.filter(wasFetched).length, outcomes: orderOutcomeGroups(outcomes) }]
  })
}
