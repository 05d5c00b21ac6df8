/**
 * The runner's settings as its command makes them, shared by the runner (main.ts) and the
 * coverage script (scripts/package-coverage.ts) so both fetch through the operator's registries
 * the same way: the strongest fence the machine allows (refused without one unless unfenced),
 * the package clients' configuration (client-config.ts), npm's cache and the probe's bounds.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client/node'
import { type ClientConfig, operatorNpmConfig, readClientConfig } from './client-config'
import { detectFence, type FenceKind } from './fence'
import type { ProbeSettings } from './probe-package'

/** The fence to run packages in; throws, saying why, when there is none and `unfenced` was not asked for. */
export function chooseFence(unfenced: boolean, warn: (line: string) => void): FenceKind {
  const fence = detectFence()
  if (fence === 'none' && !unfenced) {
    throw new Error(
      'No fence is available (bubblewrap or unshare with user namespaces): refusing to run packages. --unfenced is for development only.',
    )
  }
  if (fence === 'unshare') warn('bubblewrap is not usable here: packages run in a network namespace only (the filesystem is not fenced).')
  if (unfenced && fence === 'none') warn('UNFENCED: packages run with the network and the filesystem of this machine.')
  return fence
}

/** One line saying where packages come from (never the token itself). */
export function describeClients(clients: ClientConfig): string {
  const npm = [
    clients.npm.registry,
    clients.npm.cafile && `CA ${clients.npm.cafile}`,
    clients.extraCaCerts && `extra CA ${clients.extraCaCerts}`,
    clients.npm.token && 'a token',
    (clients.npm.httpsProxy || clients.npm.proxy) && 'a proxy',
  ].filter(Boolean)
  return `npm: ${npm.join(', ')}; uv: ${clients.uv.index ?? 'PyPI'}`
}

/** The runner's settings from its environment and flags: `timeoutMs` is one run's limit. */
export function runnerSettings(options: { fence: FenceKind; timeoutMs: number; outputCap: number }): ProbeSettings {
  const { timeoutMs } = options
  return {
    fence: options.fence,
    clients: readClientConfig(process.env, operatorNpmConfig()),
    npmCache: process.env.NPM_CACHE || join(tmpdir(), 'probe-runner-npm-cache'),
    bounds: { ...DEFAULT_PROBE_BOUNDS, totalTimeoutMs: timeoutMs, stepTimeoutMs: Math.min(DEFAULT_PROBE_BOUNDS.stepTimeoutMs, timeoutMs) },
    outputCap: options.outputCap,
    fetchTimeoutMs: 120_000,
    path: process.env.PATH ?? '/usr/bin:/bin',
  }
}
