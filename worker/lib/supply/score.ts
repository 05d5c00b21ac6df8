/**
 * A version's supply-chain score: every rule of signals.ts run on it, the weights of those
 * that fire summed. The band follows from the score (@shared/supply's bandOf). Deterministic: the
 * same version and context give the same signals, in the rules' order.
 */
import type { SupplySignal } from '@shared/supply'
import { SUPPLY_RULES } from './signals'
import type { SignalContext, VersionInput, VersionScore } from './types'

/** Bump when a rule or weight changes: stored with each version, so one scored by older rules can be told apart. */
export const SUPPLY_SCORER_VERSION = 1

/** Evidence kept per signal. */
export const MAX_EVIDENCE = 300

const cut = (s: string) => (s.length > MAX_EVIDENCE ? `${s.slice(0, MAX_EVIDENCE - 1)}…` : s)

/** The signals that fire on a version against its context, and their sum. */
export function scoreVersion(version: VersionInput, context: SignalContext): VersionScore {
  const signals: SupplySignal[] = []
  for (const rule of SUPPLY_RULES) {
    const evidence = rule.test(version, context)
    if (evidence === null) continue
    signals.push({ rule: rule.id, weight: rule.weight, reason: rule.reason, evidence: cut(evidence) })
  }
  return { score: signals.reduce((sum, s) => sum + s.weight, 0), signals }
}

/**
 * Each version of a history (oldest first) scored against the ones before it: how a package's
 * versions score as the watch reads them one by one.
 */
export function scoreHistory(
  versions: readonly VersionInput[],
  base: Omit<SignalContext, 'history'>,
): Array<VersionScore & { version: string }> {
  return versions.map((version, i) => ({ version: version.version, ...scoreVersion(version, { ...base, history: versions.slice(0, i) }) }))
}
