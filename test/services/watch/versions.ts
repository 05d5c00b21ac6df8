/** Version facts and known versions for the watch's unit tests, over the empty facts every reader starts from. */
import type { VersionFacts } from '@shared/supply'
import type { KnownVersion } from '../../../worker/db/supply'
import { emptyFacts } from '../../../worker/lib/supply/facts'

/** A plain version's facts: published by alice, maintained by alice, no scripts, no dependencies. */
export const facts = (over: Partial<VersionFacts> = {}): VersionFacts => ({
  ...emptyFacts(),
  publisher: 'alice',
  maintainers: ['alice'],
  fileCount: 12,
  unpackedSize: 40_000,
  repository: 'acme/tool',
  ...over,
})

/** A stored version, published on `day` of January 2025. */
export const known = (id: number, version: string, day: number, over: Partial<VersionFacts> = {}, removed = false): KnownVersion => {
  const at = new Date(Date.UTC(2025, 0, day)).toISOString()
  return { id, version, publishedAt: at, seenAt: at, facts: facts({ publishedAt: at, ...over }), removed, missing: false, score: 0 }
}
