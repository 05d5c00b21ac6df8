/**
 * A surface someone posted (the probe runner's result, a maintainer's declaration): untrusted
 * input read through the same door as a remote's answers (`toSurface`), with one difference: a
 * list longer than the probe keeps is refused rather than cut, as the remote probe refuses a
 * server listing more (a cut list would be stored as if it were the whole). And the runner's whole
 * outcome around it, as the Worker stores it.
 */
import { capJson, DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from '@mcp-catalogue/mcp-client'
import {
  FAILURE_CAUSES,
  type FailureCause,
  type ListErrors,
  PROTOCOL_GENERATIONS,
  type ProbeOutcome,
  type ProtocolGeneration,
  type ProtocolGenerations,
  type Surface,
} from '@shared/surface'
import { ApiError } from '../errors'

const LISTS = [
  ['tools', 'tools'],
  ['prompts', 'prompts'],
  ['resources', 'resources'],
  ['resourceTemplates', 'resource templates'],
] as const

/**
 * The capped surface, or SurfaceError naming what cannot be kept (a list past `maxItems`, an item
 * without a name, a surface past `maxSurfaceChars`...).
 * @example const surface = readPostedSurface(body.surface) // throws SurfaceError for 10,000 tools
 */
export function readPostedSurface(untrusted: unknown, bounds: ProbeBounds = DEFAULT_PROBE_BOUNDS): Surface {
  if (typeof untrusted === 'object' && untrusted !== null) {
    for (const [key, what] of LISTS) {
      const list = (untrusted as Record<string, unknown>)[key]
      if (Array.isArray(list) && list.length > bounds.maxItems) {
        throw new SurfaceError(`the surface lists ${list.length} ${what}, more than the ${bounds.maxItems} kept`)
      }
    }
  }
  return toSurface(untrusted, bounds)
}

/** What the Worker keeps of a runner's strings: enough for a sentence, a package name, a variable, a failed list's line. */
export const POSTED_CAPS = { target: 512, error: 2000, protocolVersion: 64, url: 2048, variable: 256, listError: 300 }

/** A posted cause: one of FAILURE_CAUSES, anything else (or nothing) null. */
export const readPostedCause = (untrusted: unknown): FailureCause | null =>
  FAILURE_CAUSES.includes(untrusted as FailureCause) ? (untrusted as FailureCause) : null

/**
 * Posted list errors: only the four lists' keys, each a string made one line of text (control
 * characters and line breaks become spaces) and capped; anything else is dropped.
 */
export function readPostedListErrors(untrusted: unknown): ListErrors {
  const kept: ListErrors = {}
  if (typeof untrusted !== 'object' || untrusted === null || Array.isArray(untrusted)) return kept
  for (const [key] of LISTS) {
    const line = (untrusted as Record<string, unknown>)[key]
    if (typeof line !== 'string') continue
    const text = line
      .replace(/[\s\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, POSTED_CAPS.listError)
    if (text) kept[key] = text
  }
  return kept
}

/**
 * Posted (or stored) generations: only the keys of `allowed`, each a boolean; anything else is
 * dropped, and nothing left is an empty object. A runner probes over stdio, where the old SSE
 * transport does not exist, so its posts keep only the stateless exchange and `initialize`.
 * @example readPostedGenerations({ stateless: true, sse: 'yes', x: 1 }) // { stateless: true }
 */
export function readPostedGenerations(
  untrusted: unknown,
  allowed: readonly ProtocolGeneration[] = PROTOCOL_GENERATIONS,
): ProtocolGenerations {
  const kept: ProtocolGenerations = {}
  if (typeof untrusted !== 'object' || untrusted === null || Array.isArray(untrusted)) return kept
  for (const key of allowed) {
    const answered = (untrusted as Record<string, unknown>)[key]
    if (typeof answered === 'boolean') kept[key] = answered
  }
  return kept
}

/** The generations a stdio probe can meet. */
export const STDIO_GENERATIONS: readonly ProtocolGeneration[] = ['stateless', 'initialize']

/** A runner's outcome once its envelope is read (worker/routes/runner.ts): its strings cut, its surface and Server Card still untrusted. */
export type PostedOutcome = Omit<ProbeOutcome, 'transport' | 'surface' | 'serverCard' | 'cause' | 'listErrors' | 'generations'> & {
  transport: 'stdio' | null
  /** Read by readPostedCause, readPostedListErrors and readPostedGenerations (worker/routes/runner.ts). */
  cause: FailureCause | null
  listErrors: ListErrors
  /** Absent where nothing told them (a surface shipped in the catalogue's data). */
  generations?: ProtocolGenerations
  surface?: unknown
  serverCard?: unknown
}

/**
 * The outcome as the Worker stores it: for 'ok', the surface read through the same caps as a
 * remote's; a surface that cannot be kept makes the probe a protocol error, as it would for a
 * remote, with the reason. Nothing posted is kept as given but the capped strings. An 'ok'
 * without a surface is a 400. List errors are an 'ok' one's only, for lists empty in its surface,
 * and its cause is 'list_failed' exactly when it has some; a failure keeps its posted cause.
 */
export function readPostedOutcome(posted: PostedOutcome): ProbeOutcome {
  const { listErrors, generations = {}, ...rest } = posted
  const base: ProbeOutcome = {
    ...rest,
    // Whatever the status: a server that answered and then failed its lists still answered.
    ...(Object.keys(generations).length > 0 ? { generations } : {}),
    transport: 'stdio',
    durationMs: Math.round(posted.durationMs),
    surface: null,
    serverCard:
      posted.serverCard === undefined || posted.serverCard === null ? null : (capJson(posted.serverCard, DEFAULT_PROBE_BOUNDS) ?? null),
  }
  if (posted.status !== 'ok') return base
  if (posted.surface === undefined || posted.surface === null) {
    const message = 'An ok outcome needs its surface'
    throw new ApiError('invalid_input', message, [{ field: 'outcome.surface', message }])
  }
  try {
    const surface = readPostedSurface(posted.surface)
    // A list said to have failed but read after all was not lost.
    const lost = Object.fromEntries(Object.entries(listErrors).filter(([key]) => surface[key as keyof ListErrors].length === 0))
    const some = Object.keys(lost).length > 0
    return { ...base, surface, cause: some ? 'list_failed' : null, ...(some ? { listErrors: lost } : {}) }
  } catch (error) {
    if (!(error instanceof SurfaceError)) throw error
    return { ...base, status: 'protocol_error', error: error.message.slice(0, POSTED_CAPS.error), cause: null }
  }
}
