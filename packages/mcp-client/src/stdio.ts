/**
 * The probe over stdio: the probe runner's (probe-runner/) way to read a package it started. It
 * spawns a process, so it runs on Node only: only the Node entry (node.ts) exports it, and nothing
 * the Worker bundles may import it.
 */
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError } from './bounds'
import {
  answersInitialize,
  blankOutcome,
  generationsOf,
  ListsFailedError,
  newClient,
  PastCapsError,
  readSurface,
  type Session,
  sentence,
  someGenerations,
} from './probe'
import type { FailureCause, ProbeOutcome, ProbeStatus } from './surface'

/** What to start and how far the probe may go. */
export interface ProbeStdioOptions {
  /**
   * The program and its arguments. The SDK's 'auto' handshake starts a short-lived sibling from the
   * same parameters for `server/discover`, so a fence must be the command itself, never a wrapper
   * around this call.
   */
  command: string
  args: string[]
  /** The whole environment the program gets beside the SDK's few defaults (HOME, PATH, USER...). */
  env: Record<string, string>
  cwd: string
  /** What the outcome names as probed ('npm:name@1.2.3'). */
  target: string
  bounds?: Partial<ProbeBounds>
  /** The variables the listing declares: a server whose stderr names one when it fails needs that value. */
  variables?: string[]
  /** The value each declared variable or argument was given, by its name: a server that quotes one when it fails wants that one. */
  given?: Record<string, string>
}

/** Characters of the server's stderr kept: enough for the message of a server that refuses to start. */
const STDERR_KEPT = 16 * 1024

/** Phrases of a server that wants a setting it was not given, when it does not name a declared variable. */
const WANTS_A_VALUE = /\b(api[ _-]?key|access[ _-]?token|is (required|missing|not set)|must be (set|provided)|environment variable)\b/i

/** The shortest given value read as quoted in a complaint: shorter ones ('1', 'false') say nothing of whose they are. */
const QUOTABLE = 4

/**
 * The variable a failed server asked for: the first declared name its stderr mentions, else the
 * one whose given value it quotes ("stat 'placeholder-vaultPath'", Node's `input: 'x'` of an
 * invalid URL), '' when it only says it wants a key or a setting, null when nothing says so.
 */
export function wantedVariable(stderr: string, variables: readonly string[], given: Record<string, string> = {}): string | null {
  const named = variables.find((name) => name && new RegExp(`\\b${name.replace(/[^\w]/g, '\\$&')}\\b`).test(stderr))
  if (named) return named
  const quoted = Object.entries(given).find(
    ([, value]) => value.length >= QUOTABLE && ["'", '"', '`'].some((quote) => stderr.includes(`${quote}${value}${quote}`)),
  )
  if (quoted) return quoted[0]
  return WANTS_A_VALUE.test(stderr) ? '' : null
}

/** An error's own line: 'Error: ...', 'TypeError [ERR_INVALID_URL]: ...', Python's 'ValueError: ...'. */
const ERROR_LINE = /^(?:Uncaught\s+)?(?:[A-Z]\w*(?:Error|Exception)|Error|error)(?:\s*\[[\w-]+\])?:\s*\S/
/** Lines that say nothing of why: Node's footer, stack frames, the source line's caret, a lone bracket, warnings, an error's properties. */
const NOISE = [
  /^Node\.js v\d/,
  /^at\s/,
  /^[\s{}[\](),;]*$/,
  /^\^+$/,
  /^throw\s/,
  /^(file:\/\/|node:|\/)\S*:\d+$/,
  /^\(node:\d+\)\s/,
  /^\(Use `node --trace/,
  /^\w+: ['"\d[{]/,
]

/**
 * The line of a stranger's stderr that says why it stopped, as a short sentence (text only,
 * capped): the error's own line (the first for Node, whose stack, properties and footer follow
 * it; the last of a Python traceback, which ends with it), else the last line that is not noise.
 * @example meaningfulLine('Error: boom\n    at main (file:///x.js:1:7)\n\nNode.js v22.18.0') // 'Error: boom'
 */
export function meaningfulLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !NOISE.some((noise) => noise.test(line)))
  const errors = lines.filter((line) => ERROR_LINE.test(line))
  const line = (stderr.includes('Traceback (most recent call last)') ? errors.at(-1) : errors[0]) ?? lines.at(-1) ?? ''
  return line.replace(/\p{Cc}/gu, ' ').slice(0, 200)
}

/** The one status a failed stdio probe gets, and its cause. */
function failure(
  error: unknown,
  stderr: string,
  options: ProbeStdioOptions,
  timedOut: boolean,
): { status: ProbeStatus; error: string; missingVariable?: string | null; cause: FailureCause | null } {
  if (timedOut) return { status: 'timeout', error: 'the probe ran past its time', cause: null }
  if (error instanceof PastCapsError || error instanceof SurfaceError)
    return { status: 'protocol_error', error: error.message, cause: null }
  if (error instanceof ListsFailedError) return { status: 'protocol_error', error: error.message, cause: 'list_failed' }
  const closed = error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.SendFailed)
  const spawnFailed =
    error instanceof Error && 'code' in error && typeof (error as { code: unknown }).code === 'string' && !(error instanceof SdkError)
  if (closed || spawnFailed) {
    const variable = wantedVariable(stderr, options.variables ?? [], options.given)
    const said = meaningfulLine(stderr)
    if (variable !== null) {
      const wanted = variable ? `the server stopped for want of ${variable}` : 'the server stopped for want of a setting'
      return {
        status: 'needs_config',
        missingVariable: variable || null,
        cause: 'missing_variable',
        error: said ? `${wanted}: ${said}` : wanted,
      }
    }
    return { status: 'unreachable', error: `the server exited before answering${said ? `: ${said}` : ''}`, cause: 'crashed' }
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return { status: 'timeout', error: sentence(error), cause: null }
  return { status: 'protocol_error', error: sentence(error), cause: null }
}

/** Ends a started server at the deadline: one that ignores the end of its stdin would hold the close for seconds. */
function terminate(transport: StdioClientTransport): void {
  const pid = transport.pid
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {}
  }
}

/**
 * Starts a stdio server and reads its surface with the remote probe's own client and bounds
 * (probe.ts): the 2026 `server/discover` first, `initialize` as fallback, every page of each list,
 * then close. Past `totalTimeoutMs` the process is signalled at once. Never throws: a server that
 * exits naming a declared variable (or asking for a key) is `needs_config`; one that exits before
 * answering is `unreachable`; silence is `timeout`; anything not MCP is `protocol_error`.
 *
 * @example await probeStdio({ command: 'node', args: ['server.js'], env: {}, cwd: '/tmp/w', target: 'npm:x@1.0.0' })
 */
export async function probeStdio(options: ProbeStdioOptions): Promise<ProbeOutcome> {
  const bounds: ProbeBounds = { ...DEFAULT_PROBE_BOUNDS, ...options.bounds }
  const started = Date.now()
  const params = { command: options.command, args: options.args, env: options.env, cwd: options.cwd, maxBufferSize: bounds.maxBytes }
  const transport = new StdioClientTransport({ ...params, stderr: 'pipe' })
  let stderr = ''
  const decoder = new TextDecoder()
  transport.stderr?.on('data', (chunk: Uint8Array) => {
    if (stderr.length < STDERR_KEPT) stderr += decoder.decode(chunk, { stream: true }).slice(0, STDERR_KEPT - stderr.length)
  })
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort()
    terminate(transport)
  }, bounds.totalTimeoutMs)
  const session: Session = { client: newClient(bounds), transport }
  const base = blankOutcome(options.target, started, 'stdio')
  /**
   * What the handshake told of the generations; when it was the stateless exchange, whether the
   * same command also answers `initialize`, started once more (its own fence, as every start is)
   * for that one handshake and closed, its stderr not kept.
   */
  const generations = async () => {
    const told = generationsOf(session, 'stdio')
    if (session.era !== 'modern') return someGenerations(told)
    const spare = new StdioClientTransport({ ...params, stderr: 'ignore' })
    const stop = () => terminate(spare)
    deadline.signal.addEventListener('abort', stop, { once: true })
    try {
      const initialize = await answersInitialize(spare, bounds, deadline.signal)
      return someGenerations(initialize === null ? told : { ...told, initialize })
    } finally {
      deadline.signal.removeEventListener('abort', stop)
    }
  }
  try {
    const read = await readSurface(session, bounds, deadline.signal)
    return { ...base, ...read, ...(await generations()), durationMs: Date.now() - started }
  } catch (error) {
    // The last words of a server that exits arrive on its stderr pipe just after the close.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const failed = failure(error, stderr, options, deadline.signal.aborted)
    return { ...base, missingVariable: null, ...failed, ...(await generations()), durationMs: Date.now() - started }
  } finally {
    clearTimeout(timer)
  }
}
