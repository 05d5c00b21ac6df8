/**
 * What the review queue names a package version by, and the bands it reviews. The watch writes its
 * review items with this key (worker/services/watch/), and the statements of worker/db/supply.ts
 * match dismissals and alerts against the same key written in SQL, so both read it from here.
 */
import type { SupplyBand } from '@shared/supply'

/** Review items, alerts and feed entries start at this band. */
export const REVIEWED_BANDS: readonly SupplyBand[] = ['medium', 'high']

/**
 * A version's review key: what the review queue names it by, per listing.
 * @example versionKey('npm', 'postmark-mcp', '1.0.16') // 'npm:postmark-mcp@1.0.16'
 */
export const versionKey = (registry: string, name: string, version: string) => `${registry}:${name}@${version}`
