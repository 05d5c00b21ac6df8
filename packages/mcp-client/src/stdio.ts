/**
 * The probe over stdio: the probe runner's (probe-runner/) way to read a package it started. It
 * spawns a process, so it runs on Node only: only the Node entry (node.ts) exports it, and nothing
 * the Worker bundles may import it.
 */
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError } from './bounds'
import { blankOutcome, newClient, PastCapsError, readSurface, type Session, sentence } from './probe'
import type { ProbeOutcome, ProbeStatus } from './surface'

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
}

/** Characters of the server's stderr kept: enough for the message of a server that refuses to start. */
const STDERR_KEPT = 16 * 1024

/** Phrases of a server that wants a setting it was not given, when it does not name a declared variable. */
const WANTS_A_VALUE = /\b(api[ _-]?key|access[ _-]?token|is (required|missing|not set)|must be (set|provided)|environment variable)\b/i

/**
 * The variable a failed server asked for: the first declared name its stderr mentions, '' when it
 * only says it wants a key or a setting, null when nothing says so.
 */
export function wantedVariable(stderr: string, variables: readonly string[]): string | null {
  const named = variables.find((name) => name && new RegExp(`\\b${name.replace(/[^\w]/g, '\\$&')}\\b`).test(stderr))
  if (named) return named
  return WANTS_A_VALUE.test(stderr) ? '' : null
}

/** The last non-empty line of a stranger's stderr, as a short sentence (text only, capped). */
function lastLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((line) => line.trim())
  return (lines.findLast((line) => line.length > 0) ?? '').replace(/\p{Cc}/gu, ' ').slice(0, 200)
}

/** The one status a failed stdio probe gets. */
function failure(
  error: unknown,
  stderr: string,
  variables: readonly string[],
  timedOut: boolean,
): { status: ProbeStatus; error: string; missingVariable?: string | null } {
  if (timedOut) return { status: 'timeout', error: 'the probe ran past its time' }
  if (error instanceof PastCapsError || error instanceof SurfaceError) return { status: 'protocol_error', error: error.message }
  const closed = error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.SendFailed)
  const spawnFailed =
    error instanceof Error && 'code' in error && typeof (error as { code: unknown }).code === 'string' && !(error instanceof SdkError)
  if (closed || spawnFailed) {
    const variable = wantedVariable(stderr, variables)
    const said = lastLine(stderr)
    if (variable !== null) {
      return {
        status: 'needs_config',
        missingVariable: variable || null,
        error: variable ? `the server stopped for want of ${variable}` : `the server stopped for want of a setting: ${said}`,
      }
    }
    return { status: 'unreachable', error: `the server exited before answering${said ? `: ${said}` : ''}` }
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return { status: 'timeout', error: sentence(error) }
  return { status: 'protocol_error', error: sentence(error) }
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
  const transport = new StdioClientTransport({
    command: options.command,
    args: options.args,
    env: options.env,
    cwd: options.cwd,
    stderr: 'pipe',
    maxBufferSize: bounds.maxBytes,
  })
  let stderr = ''
  const decoder = new TextDecoder()
  transport.stderr?.on('data', (chunk: Uint8Array) => {
    if (stderr.length < STDERR_KEPT) stderr += decoder.decode(chunk, { stream: true }).slice(0, STDERR_KEPT - stderr.length)
  })
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort()
    // A server that ignores the end of its stdin would hold the close for seconds.
    const pid = transport.pid
    if (pid) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {}
    }
  }, bounds.totalTimeoutMs)
  const session: Session = { client: newClient(bounds), transport }
  const base = blankOutcome(options.target, started, 'stdio')
  try {
    const read = await readSurface(session, bounds, deadline.signal)
    return { ...base, ...read, durationMs: Date.now() - started }
  } catch (error) {
    // The last words of a server that exits arrive on its stderr pipe just after the close.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const failed = failure(error, stderr, options.variables ?? [], deadline.signal.aborted)
    return { ...base, missingVariable: null, ...failed, durationMs: Date.now() - started }
  } finally {
    clearTimeout(timer)
  }
}
