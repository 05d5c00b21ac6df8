/**
 * A check's versions scored: every version of the package in release order (the registry's own
 * version order, lib/supply/versions.ts; publish time, else the check's time, only where it cannot
 * tell), each new or re-read version scored against the versions released before it that are
 * still published, with the ages of its new dependencies where they are looked up (`ages`, the
 * check's registry reads). A version the registry never had (`missing`) is no one's history.
 */
import { bandOf } from '@shared/supply'
import type { KnownVersion, ScoredVersion } from '../../db/supply'
import { scoreVersion } from '../../lib/supply/score'
import { timeOf } from '../../lib/supply/signals'
import type { SignalContext, VersionInput } from '../../lib/supply/types'
import { inReleaseOrder } from '../../lib/supply/versions'
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

/** A version the registry does not have is not scored: nothing was read of it. */
const notScored = (): Pick<ScoredVersion, 'score' | 'band' | 'signals'> => ({ score: 0, band: 'none', signals: [] })

export async function scoreCheck(
  known: readonly KnownVersion[],
  found: { read: readonly ReadVersion[]; verified: readonly Verified[] },
  context: CheckContext,
  seenAt: string,
  ages: (names: readonly string[]) => Promise<Record<string, string>>,
): Promise<CheckScores> {
  // A pinned version not found before and found now (verified) takes its place among the releases.
  const foundAtLast = new Set(found.verified.filter((v) => v.known.missing && !v.missing).map((v) => v.known.version))
  const placedVersions: Placed[] = known
    .filter((v) => !v.missing || foundAtLast.has(v.version))
    .map((v) => ({ version: v.version, facts: v.facts, seenAt: v.seenAt, removed: v.removed }))
  placedVersions.push(
    ...found.read.filter((r) => !r.missing).map((r) => ({ version: r.version, facts: r.facts, seenAt, removed: r.removed })),
  )
  // Times only break ties: a mirror's times out of release order must not reorder the releases.
  const all = inReleaseOrder(context.registry, placedVersions, timeOf)
  const score = async (version: Placed, removed: boolean) => {
    const history = all.slice(0, all.indexOf(version)).filter((v) => !v.removed)
    const lookups = dependencyLookups(context.registry, version.facts, history.at(-1)?.facts, context.popularNames)
    const dependencyCreated = await ages(lookups)
    const s = scoreVersion(version, { ...context, history, dependencyCreated, removed })
    return { score: s.score, band: bandOf(s.score), signals: s.signals }
  }
  const placed = (version: string) => all.find((v) => v.version === version)!
  const added: ScoredVersion[] = []
  for (const r of found.read)
    added.push({ ...r, publishedAt: r.facts.publishedAt, ...(r.missing ? notScored() : await score(placed(r.version), r.removed)) })
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
      missing: false,
      history: false,
      ...(await score(entry, v.removed)),
    })
  }
  return { added, updated }
}
