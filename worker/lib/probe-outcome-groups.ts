/**
 * Listings grouped by how their probe ended, as the coverage figures (scripts/package-coverage.ts)
 * and the admin screen (db/probes.ts probeOverview) both show them: read (and how many lost a
 * list), needing configuration with the variables wanted, and the other failures by cause in
 * FAILURE_CAUSES order, by status where no known cause was given. One counting for both, so the
 * script's table and the screen cannot drift apart.
 */
import { FAILURE_CAUSES, type FailureCause, PROBE_STATUSES, type ProbeOutcomeGroups, type ProbeStatus } from '@shared/surface'

/** Groups with nothing counted. */
export const emptyOutcomeGroups = (): ProbeOutcomeGroups => ({
  probed: 0,
  ok: 0,
  listFailed: 0,
  needsConfig: 0,
  variables: [],
  failures: [],
})

/** How one probe ended, as far as the grouping looks. */
export interface CountedOutcome {
  status: ProbeStatus
  /** A cause this catalogue no longer knows counts under its status. */
  cause?: string | null
  missingVariable?: string | null
  listErrors?: Record<string, string> | null
}

/** Adds `n` listings that asked for `name`. */
export function countVariable(groups: ProbeOutcomeGroups, name: string, n = 1): void {
  const found = groups.variables.find((v) => v.name === name)
  if (found) found.listings += n
  else groups.variables.push({ name, listings: n })
}

/** Adds `n` listings whose latest probe ended as `outcome` says. */
export function countOutcome(groups: ProbeOutcomeGroups, outcome: CountedOutcome, n = 1): void {
  const { status, cause } = outcome
  groups.probed += n
  if (status === 'ok') {
    groups.ok += n
    if (cause === 'list_failed' || Object.keys(outcome.listErrors ?? {}).length > 0) groups.listFailed += n
  } else if (status === 'needs_config') {
    groups.needsConfig += n
    if (outcome.missingVariable) countVariable(groups, outcome.missingVariable, n)
  } else {
    const key = cause && FAILURE_CAUSES.includes(cause as FailureCause) ? (cause as FailureCause) : status
    const group = groups.failures.find((f) => f.cause === key)
    if (group) group.listings += n
    else groups.failures.push({ cause: key, listings: n })
  }
}

/** The order failures are listed in: by cause as FAILURE_CAUSES orders them, then by status. */
const FAILURE_ORDER: readonly string[] = [...FAILURE_CAUSES, ...PROBE_STATUSES]

/** The groups in the order they are shown: failures by FAILURE_ORDER, variables most wanted first, then by name. */
export function orderOutcomeGroups(groups: ProbeOutcomeGroups): ProbeOutcomeGroups {
  groups.failures.sort((a, b) => FAILURE_ORDER.indexOf(a.cause) - FAILURE_ORDER.indexOf(b.cause))
  groups.variables.sort((a, b) => b.listings - a.listings || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return groups
}
