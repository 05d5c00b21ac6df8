/**
 * What a server offers an AI client (its surface), as read from the server itself by a probe, and
 * the answers that show it. Shared by the Worker (probing, storage, the APIs) and the SPA (the
 * Tools tab, cards, the admin screen). The surface itself, a probe's outcome and the probe runner's
 * job and result are the probe's own types (packages/mcp-client/src/surface.ts), named here in
 * types only: erased from both bundles.
 */

import type { FailureCause, ListErrors, ProbeStatus, ProbeTransport, ProtocolGeneration, Surface } from '@mcp-catalogue/mcp-client/surface'
import type { RiskLevel, StoredFinding } from './scan'

export type * from '@mcp-catalogue/mcp-client/surface'

export const PROBE_STATUSES: readonly ProbeStatus[] = [
  'ok',
  'auth_required',
  'needs_config',
  'unreachable',
  'timeout',
  'protocol_error',
  'refused',
]

/**
 * A probe that reached the server: it answered, or asked for credentials (reachable, its tools not
 * read). The verdict's health and the registry API's signals count the same.
 */
export const reachedServer = (status: string) => status === 'ok' || status === 'auth_required'

/** Every protocol generation a probe records, newest first: the 2026-07-28 stateless exchange, `initialize`, the old SSE transport. */
export const PROTOCOL_GENERATIONS: readonly ProtocolGeneration[] = ['stateless', 'initialize', 'sse']

/** Every failure cause, in the order the coverage figures and the admin screen list them. */
export const FAILURE_CAUSES: readonly FailureCause[] = [
  'package_not_found',
  'version_not_found',
  'dependency_not_found',
  'registry_auth',
  'certificate',
  'network',
  'no_bin',
  'no_wheel',
  'client_missing',
  'no_exact_version',
  'not_plain',
  'missing_variable',
  'crashed',
  'output_cap',
  'list_failed',
]

/** Where a surface came from: read from a remote, from a package run by the probe runner, or declared by the maintainer. */
export type SurfaceSource = 'remote' | 'package' | 'declared'

/** The fences the probe runner runs a package in (probe-runner/src/fence.ts): bubblewrap, a network namespace only, or none. */
export const RUNNER_FENCES = ['bwrap', 'unshare', 'none'] as const
export type RunnerFence = (typeof RUNNER_FENCES)[number]

/**
 * Who read a surface shipped with the catalogue's data (data/package-surfaces-*.json) rather than
 * by this catalogue's own probes: the probe runner's version and the fence it ran the package in.
 * When it was read is the surface's `readAt`.
 */
export interface ShippedProvenance {
  runnerVersion: string
  fence: RunnerFence
}

/** The health of a server's probes over a window of days. */
export interface ProbeHealthWindow {
  days: number
  probes: number
  ok: number
  /** Median time of the probes that reached the server, in milliseconds; null without one. */
  medianMs: number | null
}

/** The short form carried by the detail answer and the cards. */
export interface SurfaceSummary {
  /** The newest probe's status; null when the server was never probed. */
  status: ProbeStatus | null
  toolCount: number | null
  promptCount: number | null
  resourceCount: number | null
  /** When the surface shown was read. */
  readAt: string | null
  /** The version of the listing the surface shown belongs to. */
  version: string | null
  surfaceHash: string | null
}

/** Who reads a listing's surface next: see ServerToolsResponse.probing. */
export type ProbingBy = 'remote' | 'runner' | 'off' | 'none'

/** GET /api/servers/:id/tools */
export interface ServerToolsResponse {
  summary: SurfaceSummary
  /** The newest surface read (for the listing's current version when there is one, else the newest); null when none was ever read. */
  surface: {
    source: SurfaceSource
    version: string
    hash: string
    protocolVersion: string | null
    transport: ProbeTransport | null
    readAt: string
    surface: Surface
    /** The scanner's risk level for this surface (open findings only). */
    risk: RiskLevel
    /** Every finding on this surface, dismissed ones with their review; findings of one tool carry its name in `item`. */
    findings: StoredFinding[]
    /** Each tool's hash (SHA-256 of its canonical JSON, docs/surface-hash.md), by name: what a client pins. */
    toolHashes: Record<string, string>
    /** Set when the surface shipped with the catalogue's data, read by the probe runner elsewhere; null (or absent) when read here. */
    shipped?: ShippedProvenance | null
    /** The lists the server announced but refused or failed when this surface was read (each empty in `surface`), each one line; empty when every list was read. */
    listErrors: ListErrors
  } | null
  /** The newest probe, whatever its status. */
  lastProbe: {
    status: ProbeStatus
    startedAt: string
    durationMs: number
    transport: ProbeTransport | null
    protocolVersion: string | null
    error: string | null
    authMetadataUrl: string | null
    missingVariable: string | null
    target: string
    /** Why it failed, finer than its status (or 'list_failed' for an ok that lost a list); null when the status says it all. */
    cause: FailureCause | null
    /** For 'ok': the announced lists it could not read, each one line; empty when every list was read. */
    listErrors: ListErrors
  } | null
  /** The newest probes, newest first (at most 5): what 'could not be reached in 3 of the last 5 tries' counts. */
  recent: Array<{ status: ProbeStatus; startedAt: string; durationMs: number }>
  /**
   * Who reads the listing's surface next, as this catalogue is set up: 'remote', the Worker's
   * probe (queued by the every-minute cron); 'runner', a probe runner running its package (only
   * when one runs); 'off', nobody (probing is off: PROBE_ENABLED); 'none', nobody (no remote or
   * package to read).
   */
  probing: ProbingBy
  /** Uptime and latency over 7 and 30 days (remotes only; empty otherwise). */
  health: ProbeHealthWindow[]
  /** The surface the maintainer declared for the listing's current version; null when none. */
  declared: DeclaredSurface | null
  /** The declared surface against the newest surface read for the same version; null unless both exist. */
  comparison: SurfaceComparison | null
}

/** The admin screen's view of probing. */
export interface ProbeOverview {
  enabled: boolean
  counts: Record<ProbeStatus, number>
  due: number
  lastErrors: Array<{
    serverId: string
    serverName: string
    status: ProbeStatus
    error: string | null
    target: string
    startedAt: string
  }>
  /** Per kind of listing (remote, npm, pypi, oci, other): surfaces read, declared, none and why. */
  coverage: SurfaceCoverage[]
}

/** POST /api/admin/probes/:id ('probe now'): the probe is queued, never made in the request. */
export interface ProbeNowResponse {
  serverId: string
  /** True: this request put it on the queue; false: a probe of it was on the queue already (the cron's or another admin's), so it is not queued twice. */
  queued: boolean
  /** When it became due (now). */
  dueAt: string
}
/** A surface the maintainer (or an admin) declared, shown as such and compared with what is read. */
export interface DeclaredSurface {
  version: string
  hash: string
  declaredAt: string
  surface: Surface
}

/** What differs between the declared surface and the newest surface read, by tool name. */
export interface SurfaceComparison {
  declaredHash: string
  readHash: string
  equal: boolean
  /** Tools read but not declared. */
  added: string[]
  /** Tools declared but not read. */
  removed: string[]
  /** Tools in both whose definitions differ. */
  changed: string[]
}

/** Per kind of listing: how many have a surface read, one declared, or none and why. */
export interface SurfaceCoverage {
  kind: 'remote' | 'npm' | 'pypi' | 'oci' | 'other'
  listings: number
  read: number
  declared: number
  none: number
  /** Why listings have none: the latest probe's status, or 'never' when none was made. */
  reasons: Partial<Record<ProbeStatus | 'never', number>>
  /** The latest probe of each listing of this kind, grouped as the coverage figures group them. */
  outcomes: ProbeOutcomeGroups
}

/** Listings by their latest probe: read, needing configuration (and which variables), failed by cause. */
export interface ProbeOutcomeGroups {
  /** Listings probed at least once. */
  probed: number
  /** Their latest probe read a surface. */
  ok: number
  /** Of those, how many lost an announced list (cause 'list_failed'): read, but not whole. */
  listFailed: number
  needsConfig: number
  /** The variables the needs_config listings asked for, most wanted first (VARIABLES_SHOWN at most). */
  variables: Array<{ name: string; listings: number }>
  /** The other failures, by cause in FAILURE_CAUSES order, then by status where the probe named no cause. */
  failures: Array<{ cause: FailureCause | ProbeStatus; listings: number }>
}
