/**
 * Which listings the Worker probes and where: a listed server with a remote at an http(s) address
 * is probed by the Worker at that remote; one with only packages is the probe runner's
 * (services/probing/runner-job.ts says which package). The claim's own statement applies the same
 * rule in SQL (db/probes.ts `HAS_HTTP_REMOTE`, the rule of `readRemote`), since it must choose
 * among every listing at once; these decide for the one listing in hand.
 */
import { readRemote, TEMPLATED_URL_RE } from '@shared/install/source'
import type { ProbingBy } from '@shared/surface'
import { runnerJobPackage } from './runner-job'

/**
 * The remote a listing is probed at: its first Streamable HTTP one, else its first SSE one; null
 * when it has none the probe can use. A remote whose URL begins with a variable (`{baseUrl}/mcp`,
 * the registry draft's) is where each user deploys the server, not an address: it is not probed,
 * as `HAS_HTTP_REMOTE` does not count it.
 * @example probedRemote([{ type: 'sse', url: 'https://a.example/sse' }])?.type // 'sse'
 */
export function probedRemote(remotes: readonly unknown[]) {
  const usable = remotes
    .map(readRemote)
    .filter((r) => r !== null)
    .filter((r) => !TEMPLATED_URL_RE.test(r.url))
  return usable.find((r) => r.type === 'streamable-http') ?? usable[0] ?? null
}

/** What an admin's 'probe now' needs to know of the listing. */
export interface ProbeNowListing {
  status: string
  remotes: readonly unknown[]
}

/**
 * Why a listing cannot be probed now, as the admin is told, or null when it can: probing must be
 * on, the listing listed, and one of its remotes usable.
 */
export function probeNowRefusal(listing: ProbeNowListing, enabled: boolean): string | null {
  if (!enabled) return 'Probing is off on this deployment (PROBE_ENABLED).'
  if (listing.status !== 'active') return 'Only a listed server is probed.'
  if (!probedRemote(listing.remotes)) return 'This server has no remote to probe.'
  return null
}

/**
 * Who reads a listing's surface next (the Tools tab says so rather than promising a read that
 * will not come): the Worker's probe when probing is on and it has a usable remote, else a probe
 * runner when it has a package the runner can run; nobody when probing is off or it has neither.
 * @example probingBy({ enabled: true, remotes: [], packages: [{ registryType: 'npm' }] }) // 'runner'
 */
export function probingBy(listing: { enabled: boolean; remotes: readonly unknown[]; packages: readonly unknown[] }): ProbingBy {
  if (!listing.enabled) return 'off'
  if (probedRemote(listing.remotes)) return 'remote'
  return runnerJobPackage(listing.packages) ? 'runner' : 'none'
}
