/**
 * A check's versions scored: every version of the package in time order (the known ones, and the
 * new ones placed by their publish time, else the check's time), each new or re-read version scored
 * against the versions before it that are still published, with the ages of its new dependencies
 * where they are looked up (`ages`, the check's registry reads).
 */
import { bandOf } from '@shared/supply'
import type { KnownVersion, ScoredVersion } from '../../db/supply'
import { scoreVersion } from '../../lib/supply/score'
import { timeOf } from '../../lib/supply/signals'
import type { SignalContext, VersionInput } from '../../lib/supply/types'
import type { ReadVersion, Verified } from './read'
import { dependencyLookups } from './targets'

/** What a version is scored against, less what each version brings itself. */
export type CheckContext = Omit<SignalContext, 'history' | 'dependencyCreated' | 'removed'>

/** The check's scored versions: the new ones, and the known ones read again (by their stored id). */
export interface CheckScores {
  added: ScoredVersion[]
  updated: Array<ScoredVersion & { id: number }>
}

type Placed = VersionInput & { removed: boolean }

export async function scoreCheck(
  known: readonly KnownVersion[],
  found: { read: readonly ReadVersion[]; verified: readonly Verified[] },
  context: CheckContext,
  seenAt: string,
  ages: (names: readonly string[]) => Promise<Record<string, string>>,
): Promise<CheckScores> {
  const all: Placed[] = known.map((v) => ({ version: v.version, facts: v.facts, seenAt: v.seenAt, removed: v.removed }))
  all.push(...found.read.map((r) => ({ version: r.version, facts: r.facts, seenAt, removed: r.removed })))
  all.sort((a, b) => timeOf(a) - timeOf(b))
  const score = async (version: Placed, removed: boolean) => {
    const history = all.slice(0, all.indexOf(version)).filter((v) => !v.removed)
    const lookups = dependencyLookups(context.registry, version.facts, history.at(-1)?.facts, context.popularNames)
    const dependencyCreated = await ages(lookups)
    const s = scoreVersion(version, { ...context, history, dependencyCreated, removed })
    return { score: s.score, band: bandOf(s.score), signals: s.signals }
  }
  const placed = (version: string) => all.find((v) => v.version === version)!
  const added: ScoredVersion[] = []
  for (const r of found.read) added.push({ ...r, publishedAt: r.facts.publishedAt, ...(await score(placed(r.version), r.removed)) })
  const updated: CheckScores['updated'] = []
  for (const v of found.verified) {
    const entry = placed(v.known.version)
    // Later versions are compared with what this one says now.
    entry.facts = v.facts
    updated.push({
      id: v.known.id,
      version: v.known.version,
      publishedAt: v.known.publishedAt,
      facts: v.facts,
      removed: v.removed,
      history: false,
      ...(await score(entry, v.removed)),
    })
  }
  return { added, updated }
}
