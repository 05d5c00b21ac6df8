/**
 * What the package-version scanner reads and gives: one version's facts, the history before it,
 * and what the catalogue knows around it (the listings' repositories, the other listed package
 * names, dependencies' ages). Pure types; the rules are signals.ts, the sum score.ts,
 * the registry documents read into facts facts.ts.
 */
import type { SupplySignal, VersionFacts, WatchedRegistry } from '@shared/supply'

/** One version as the scanner reads it. */
export interface VersionInput {
  version: string
  facts: VersionFacts
  /** When the watch first read it (ISO); the time a version is placed by when the registry gives no publish time. */
  seenAt: string
}

/** What a version is scored against. */
export interface SignalContext {
  registry: WatchedRegistry
  /** The package's name. */
  name: string
  /** Earlier versions of the package that the watch has read, oldest first (by publish time, else seen time): the history a version is compared with. Empty for the first version read. */
  history: readonly VersionInput[]
  /** The repositories of the listings that use the package, as 'owner/name' (github.com), lower-cased; empty when no listing names one. */
  listingRepositories: readonly string[]
  /** Names of the other listed packages of the same registry that the catalogue watched before this one: a name one edit from one of them is a look-alike. */
  earlierListedNames: ReadonlySet<string>
  /** Well-known package names of the registry (popular.ts): a new dependency one edit from one is a look-alike. */
  popularNames: ReadonlySet<string>
  /** When each dependency new in this version was first published, where the watch looked it up (name -> ISO time); a name absent is established or unknown. */
  dependencyCreated: Readonly<Record<string, string>>
  /** The version is gone from the registry (unpublished). */
  removed: boolean
}

/** A rule's example: a history (oldest first), the version scored, and what the context adds. */
export interface SupplyExample {
  /** Earlier versions (their facts over a plain base version, see signals.test.ts). */
  history: Array<{ version: string; facts?: Partial<VersionFacts> }>
  version: { version: string; facts?: Partial<VersionFacts> }
  context?: Partial<Omit<SignalContext, 'history' | 'earlierListedNames' | 'popularNames'>> & {
    earlierListedNames?: string[]
    popularNames?: string[]
  }
}

/** One signal, as data: its id, weight, the line a person reads, its test, and examples it must fire on and stay quiet on. */
export interface SupplyRule {
  id: string
  weight: number
  /** One line a person understands. */
  reason: string
  /** The evidence when the rule fires on the version, else null. */
  test: (version: VersionInput, context: SignalContext) => string | null
  fires: SupplyExample[]
  quiet: SupplyExample[]
}

/** A version's score: the sum of its signals' weights, its band, and the signals. */
export interface VersionScore {
  score: number
  signals: SupplySignal[]
}
