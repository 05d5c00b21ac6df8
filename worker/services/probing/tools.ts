/**
 * What the Tools tab (GET /api/servers/:id/tools) and the MCP endpoint's tools answer say of a
 * listing: read in one round trip by db/probes.ts `readServerTools`, then made into the answer
 * here: a remote's health over each window (how many probes, how many ok, the median latency of
 * those the server answered) and the declared surface compared with the one read.
 */
import type { FailureCause, ProbeHealthWindow, ProbeStatus, ServerToolsResponse, SurfaceComparison } from '@shared/surface'
import type { DB } from '../../db/client'
import { REACHED_STATUSES, readServerTools, type ServerToolsRead } from '../../db/probes'
import { storedListErrors } from '../../db/scans'
import { probingBy } from './enrolment'

/** The health windows of the tools answer, in days. */
export const HEALTH_WINDOWS = [7, 30] as const

const DAY_MS = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** Median of a list of numbers (the mean of the middle two, rounded, for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2)
}

/**
 * A remote's health over each of HEALTH_WINDOWS ending `now`, from its probes (any order); none
 * when it was never probed in the longest window.
 */
export function healthWindows(
  probes: ServerToolsRead['window'],
  now: Date,
  windows: readonly number[] = HEALTH_WINDOWS,
): ProbeHealthWindow[] {
  if (probes.length === 0) return []
  return windows.map((days) => {
    const from = iso(now.getTime() - days * DAY_MS)
    const inWindow = probes.filter((p) => p.startedAt >= from)
    return {
      days,
      probes: inWindow.length,
      ok: inWindow.filter((p) => p.status === 'ok').length,
      medianMs: median(inWindow.filter((p) => REACHED_STATUSES.includes(p.status as ProbeStatus)).map((p) => p.durationMs)),
    }
  })
}

/**
 * The declared surface against one read, by tool name and per-tool hash: which tools were read
 * but not declared, declared but not read, and declared differently from what was read.
 */
export function compareSurfaces(
  declared: { hash: string; toolHashes: string },
  read: { hash: string; toolHashes: string },
): SurfaceComparison {
  const said = JSON.parse(declared.toolHashes) as Record<string, string>
  const found = JSON.parse(read.toolHashes) as Record<string, string>
  return {
    declaredHash: declared.hash,
    readHash: read.hash,
    equal: declared.hash === read.hash,
    added: Object.keys(found).filter((name) => !Object.hasOwn(said, name)),
    removed: Object.keys(said).filter((name) => !Object.hasOwn(found, name)),
    changed: Object.keys(said).filter((name) => Object.hasOwn(found, name) && said[name] !== found[name]),
  }
}

/** The tools answer made from what was read; `probing`: whether probing is on (PROBE_ENABLED). */
export function toolsAnswer(read: ServerToolsRead, now: Date, probing: boolean): ServerToolsResponse {
  const last = read.recent[0]
  const { declared } = read
  return {
    summary: read.summary,
    surface: read.shown,
    lastProbe: last
      ? {
          status: last.status as ProbeStatus,
          startedAt: last.startedAt,
          durationMs: last.durationMs,
          transport: last.transport as NonNullable<ServerToolsResponse['lastProbe']>['transport'],
          protocolVersion: last.protocolVersion,
          error: last.error,
          authMetadataUrl: last.authMetadataUrl,
          missingVariable: last.missingVariable,
          target: last.target,
          cause: last.cause as FailureCause | null,
          listErrors: storedListErrors(last.listErrors),
        }
      : null,
    recent: read.recent.map((p) => ({ status: p.status as ProbeStatus, startedAt: p.startedAt, durationMs: p.durationMs })),
    probing: probingBy({ enabled: probing, remotes: read.remotes, packages: read.packages }),
    // Remotes only: a listing whose remote was never probed has no health to show.
    health: healthWindows(read.window, now),
    declared: declared
      ? { version: declared.version, hash: declared.hash, declaredAt: declared.lastSeenAt, surface: JSON.parse(declared.surface) }
      : null,
    comparison: declared && read.read ? compareSurfaces(declared, read.read) : null,
  }
}

/**
 * Everything `GET /api/servers/:id/tools` answers, in one round trip; null for a missing server.
 * `probing`: whether probing is on here (probeSettings(env).enabled).
 * The caller decides who may see it from `status` (deleted listings are admins').
 */
export async function serverTools(
  db: DB,
  serverId: string,
  probing: boolean,
  now = new Date(),
): Promise<{ status: string; answer: ServerToolsResponse } | null> {
  const since = iso(now.getTime() - Math.max(...HEALTH_WINDOWS) * DAY_MS)
  const read = await readServerTools(db, serverId, since)
  return read && { status: read.status, answer: toolsAnswer(read, now, probing) }
}
