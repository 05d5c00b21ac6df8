/**
 * What the Tools tab says of a surface shipped with the catalogue's data (data/package-surfaces-*.json,
 * loaded on the first start) rather than read by this catalogue's own runner: who read it, in which
 * fence, on which day. Its own module: the status line (surface-view.ts) only calls it.
 */
import type { RunnerFence, ShippedProvenance } from '@shared/surface'

const FENCES: Record<RunnerFence, string> = { bwrap: 'bubblewrap', unshare: 'a network namespace', none: 'no fence' }

/**
 * 'Read by the probe runner 0.1.0 in bubblewrap on 2026-11-28, shipped with the catalogue's data'.
 * @example shippedSentence({ runnerVersion: '0.1.0', fence: 'bwrap' }, '2026-11-28T18:40:00Z')
 */
export function shippedSentence(shipped: ShippedProvenance, readAt: string): string {
  return `Read by the probe runner ${shipped.runnerVersion} in ${FENCES[shipped.fence] ?? shipped.fence} on ${readAt.slice(0, 10)}, shipped with the catalogue's data`
}
