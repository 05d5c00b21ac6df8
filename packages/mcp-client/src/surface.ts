/**
 * What a probe returns (a server's surface, or a status and why) and what the probe runner and the
 * Worker say to each other about packages: types only, so the Worker's shared types
 * (worker/shared/surface.ts) re-export them for the SPA without a byte of the client. Every string
 * here came from a stranger's server: it is plain text, never HTML, and its sizes were capped
 * (bounds.ts, toSurface) before anyone stored it.
 */

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

/**
 * Why a probe ended without its whole surface, finer than its status: what a maintainer acts on,
 * and what the coverage figures and the admin screen group failures by. Null when the status
 * says it all (an 'ok' with every list read, a remote's HTTP answer...).
 */
export type FailureCause =
  /** The package registry has no package of that name. */
  | 'package_not_found'
  /** The package exists, but not the version the listing names. */
  | 'version_not_found'
  /** The package was found, but one of its dependencies (or their versions) did not resolve. */
  | 'dependency_not_found'
  /** The package registry asked for credentials, or refused the ones configured. */
  | 'registry_auth'
  /** The package registry's TLS certificate was not trusted (the runner's CA configuration). */
  | 'certificate'
  /** The package registry (or its proxy) could not be reached. */
  | 'network'
  /** The package names no single command to run. */
  | 'no_bin'
  /** Only a source distribution: building it would run its code outside the fence. */
  | 'no_wheel'
  /** The package client (npm, uv, docker) is not installed on the runner. */
  | 'client_missing'
  /** The listing names no exact version to fetch. */
  | 'no_exact_version'
  /** The name, version or reference is not plainly one: refused, never passed on. */
  | 'not_plain'
  /** The server stopped for want of a declared variable, or on a value of the wrong shape. */
  | 'missing_variable'
  /** The server exited before answering, for a reason of its own. */
  | 'crashed'
  /** The server wrote more than the runner's output cap. */
  | 'output_cap'
  /** The server answered, but one or more of the lists it announced failed (the rest was kept). */
  | 'list_failed'

/** The four lists of a surface, by the key they have in it. */
export type SurfaceList = 'tools' | 'prompts' | 'resources' | 'resourceTemplates'

/** The lists a server announced but did not give, each with its failure as one line; the others were read. */
export type ListErrors = Partial<Record<SurfaceList, string>>

/** How the surface was reached. */
export type ProbeTransport = 'streamable-http' | 'sse' | 'stdio'

/**
 * The protocol generations a probe can meet: the 2026-07-28 stateless exchange (`server/discover`,
 * every request carrying its own `_meta`), the `initialize` handshake of 2025 and before (over
 * Streamable HTTP or stdio), and the old HTTP+SSE transport (GET a stream, POST to the endpoint it
 * names; `initialize` inside it). worker/shared/verdict.ts names this same union.
 */
export type ProtocolGeneration = 'stateless' | 'initialize' | 'sse'

/** What a probe learnt of each generation: true answered, false tried and not answered; absent when not tried (or nothing told). */
export type ProtocolGenerations = Partial<Record<ProtocolGeneration, boolean>>

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
  /** Why the probe failed (or which lists it lost), when known; worker/shared/surface.ts lists the causes. */
  cause?: FailureCause | null
  /** For 'ok': the announced lists that failed, each empty in `surface`; absent or empty when every list was read. */
  listErrors?: ListErrors
  /**
   * The Server Card the server publishes, when it publishes one (capped JSON): read at the
   * endpoint's `/server-card` (the draft's location), else `/.well-known/mcp/server-card.json`,
   * else `/.well-known/mcp.json` (server-card.ts).
   */
  serverCard: JsonValue | null
  /** Where `serverCard` was read; absent or null when there is none (and from probes that do not read one). */
  serverCardUrl?: string | null
  /** Which protocol generations answered (probe.ts says how each is told); absent when nothing was told, as from a runner older than it. */
  generations?: ProtocolGenerations
}

/** One tool's hash and the whole surface's, as stored beside the surface. */
export interface SurfaceHashes {
  surface: string
  tools: Record<string, string>
}

// The probe runner's two calls to the Worker (docs/probe-runner-api.md): both sides name these, and
// neither imports the other.

/**
 * A value the listing declares (an environment variable, an argument, a variable inside one's
 * value), as the Worker reads it from either server.json shape (worker/services/probing/runner-job.ts):
 * what the runner needs to give it a value of the right shape, never a real one. Strings are
 * capped by the Worker (names 100 characters, texts 200, 8 choices and 8 variables).
 */
export interface RunnerInput {
  /** The variable's name, an argument's flag ('--root') or hint ('vaultPath'). */
  name: string
  isRequired: boolean
  isSecret: boolean
  /** The declared default; never a secret's. */
  default: string | null
  /**
   * Text fixed by the listing, used as given once its variables are filled: `{name}`,
   * `${input:name}`, `<name>`, `${NAME}`. Null when the runner supplies the whole value.
   */
  value?: string | null
  /** An example value (server.json's `placeholder`, or one the description gives, 'e.g. bolt://localhost:7687'); never a secret's, never one that reads as "your key here". */
  example?: string | null
  /** server.json's format: 'string', 'number', 'boolean' or 'filepath'. */
  format?: string | null
  choices?: string[]
  /** The start of its description: the runner reads whether it names a path or an address. */
  description?: string | null
  /** The declared variables of `value`, by their name. */
  variables?: RunnerInput[]
}

/** A package argument: positional, or a named flag ('--root') and its value. */
export interface RunnerArgument extends RunnerInput {
  type: 'positional' | 'named'
  /** A named one written as one word, '--flag=value'. */
  joined?: boolean
}

/**
 * One package the probe runner is to read (POST /api/runner/claim): the listing, the version the
 * surface will belong to, and the package as the listing declares it.
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
    /** The runtime's own arguments (uv's, docker's) as words, as the install generator reads them; the runner does not pass them. */
    runtimeArguments: string[]
    /** The package's arguments as declared: the runner gives each a value of its shape (probe-runner/src/values.ts). */
    packageArguments: RunnerArgument[]
    /** The variables the listing declares: the runner gives each a value of its shape, never a real secret. */
    environmentVariables: RunnerInput[]
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
