/**
 * What a server offers an AI client (its surface), as read from the server itself by a probe, and
 * the answers that show it. Shared by the Worker (probing, storage, the APIs) and the SPA (the
 * Tools tab, cards, the admin screen). Every string here came from a stranger's server: it is
 * plain text, never HTML, and its sizes were capped before it was stored
 * (worker/lib/mcp-client/bounds.ts).
 */

import type { RiskLevel, StoredFinding } from './scan'

/** How a probe ended. */
export type ProbeStatus =
  /** The surface was read. */
  | 'ok'
  /** The server asks for credentials (401, or 403 with a challenge); we never send any. */
  | 'auth_required'
  /** The listing needs a value we do not have: a remote URL with {variables}, a package that exits for want of a declared variable. */
  | 'needs_config'
  /** No connection: DNS, refused, reset, TLS, a 404 or 5xx at the endpoint. */
  | 'unreachable'
  /** A step or the whole probe ran past its time limit. */
  | 'timeout'
  /** The server answered, but not as MCP: malformed JSON-RPC, an error to a required call, a list past the caps. */
  | 'protocol_error'
  /** The address is not one we may reach (not https, loopback, private, link-local, metadata), before or after a redirect. */
  | 'refused'

export const PROBE_STATUSES: readonly ProbeStatus[] = [
  'ok',
  'auth_required',
  'needs_config',
  'unreachable',
  'timeout',
  'protocol_error',
  'refused',
]

/** How the surface was reached. */
export type ProbeTransport = 'streamable-http' | 'sse' | 'stdio'

/** Where a surface came from: read from a remote, from a package run by the probe runner, or declared by the maintainer. */
export type SurfaceSource = 'remote' | 'package' | 'declared'

/** A JSON value as a server sent it (after the caps). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

export interface SurfaceTool {
  name: string
  title?: string
  description?: string
  inputSchema?: JsonValue
  outputSchema?: JsonValue
  annotations?: ToolAnnotations
}

export interface SurfacePromptArgument {
  name: string
  description?: string
  required?: boolean
}

export interface SurfacePrompt {
  name: string
  title?: string
  description?: string
  arguments?: SurfacePromptArgument[]
}

export interface SurfaceResource {
  uri: string
  name: string
  title?: string
  mimeType?: string
  description?: string
}

export interface SurfaceResourceTemplate {
  uriTemplate: string
  name: string
  title?: string
  mimeType?: string
  description?: string
}

/**
 * Everything a server declared about itself in one probe. Two surfaces are equal exactly when
 * their hashes are: the hash is over this object's canonical JSON (keys sorted, lists in the
 * order the server gave them), so a change anywhere in it changes the hash.
 */
export interface Surface {
  serverInfo: { name: string; version: string; title?: string } | null
  capabilities: JsonValue
  instructions: string | null
  tools: SurfaceTool[]
  prompts: SurfacePrompt[]
  resources: SurfaceResource[]
  resourceTemplates: SurfaceResourceTemplate[]
}

/** What one probe found, whatever its status. */
export interface ProbeOutcome {
  status: ProbeStatus
  /** The protocol version the server answered with (for example '2026-07-28' or '2025-06-18'). */
  protocolVersion: string | null
  transport: ProbeTransport | null
  /** The URL probed (a remote) or the package probed ('npm:@scope/name@1.2.3'). */
  target: string
  /** When the probe started (ISO 8601). */
  startedAt: string
  durationMs: number
  /** A person's sentence for a status other than 'ok' (the error, the missing variable...). */
  error: string | null
  /** For 'auth_required': the protected resource metadata URL the server named, when it named one. */
  authMetadataUrl: string | null
  /** For 'needs_config': the variable that was missing, when known. */
  missingVariable: string | null
  /** Present only for 'ok'. */
  surface: Surface | null
  /** The Server Card the server publishes at /.well-known/mcp.json, when it publishes one (capped JSON). */
  serverCard: JsonValue | null
}

/** One tool's hash and the whole surface's, as stored beside the surface. */
export interface SurfaceHashes {
  surface: string
  tools: Record<string, string>
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
  } | null
  /** The newest probes, newest first (at most 5): what 'could not be reached in 3 of the last 5 tries' counts. */
  recent: Array<{ status: ProbeStatus; startedAt: string; durationMs: number }>
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

/**
 * One package the probe runner is to read (POST /api/runner/claim): the listing, the version the
 * surface will belong to, and the package as the listing declares it (worker/shared/install).
 */
export interface RunnerJob {
  /** Names the lease: the result must carry it back. */
  jobId: string
  serverId: string
  version: string
  package: {
    /** 'npm', 'pypi' or 'oci'. */
    registryType: 'npm' | 'pypi' | 'oci'
    identifier: string
    /** The exact version to fetch; null only where the registry names none (then the runner reports needs_config). */
    version: string | null
    runtimeHint: string | null
    /** The listing's declared arguments, as the install generator reads them. */
    runtimeArguments: string[]
    packageArguments: string[]
    /** The variables the listing declares: the runner passes a placeholder for each, never a real value. */
    environmentVariables: Array<{ name: string; isRequired: boolean; isSecret: boolean; default: string | null }>
  }
  /** Until then no other runner is given this package. */
  leaseUntil: string
}

/** POST /api/runner/claim */
export interface RunnerClaimResponse {
  jobs: RunnerJob[]
}

/** POST /api/runner/results: one job's outcome, untrusted until the Worker has capped it. */
export interface RunnerResult {
  jobId: string
  serverId: string
  version: string
  outcome: ProbeOutcome
}

/** The answer to POST /api/runner/results: what the Worker stored, after its own caps (an 'ok' whose surface could not be kept is a 'protocol_error'). */
export interface RunnerResultResponse {
  status: ProbeStatus
  /** The hash the Worker computed of the stored surface; null without one. */
  surfaceHash: string | null
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
}
