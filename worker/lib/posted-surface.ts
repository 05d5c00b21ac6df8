/**
 * A surface someone posted (the probe runner's result, a maintainer's declaration): untrusted
 * input read through the same door as a remote's answers (`toSurface`), with one difference: a
 * list longer than the probe keeps is refused rather than cut, as the remote probe refuses a
 * server listing more (a cut list would be stored as if it were the whole). And the runner's whole
 * outcome around it, as the Worker stores it.
 */
import { capJson, DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from '@mcp-catalogue/mcp-client'
import type { ProbeOutcome, Surface } from '@shared/surface'
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

/** What the Worker keeps of a runner's strings: enough for a sentence, a package name, a variable. */
export const POSTED_CAPS = { target: 512, error: 2000, protocolVersion: 64, url: 2048, variable: 256 }

/** A runner's outcome once its envelope is read (worker/routes/runner.ts): its strings cut, its surface and Server Card still untrusted. */
export type PostedOutcome = Omit<ProbeOutcome, 'transport' | 'surface' | 'serverCard'> & {
  transport: 'stdio' | null
  surface?: unknown
  serverCard?: unknown
}

/**
 * The outcome as the Worker stores it: for 'ok', the surface read through the same caps as a
 * remote's; a surface that cannot be kept makes the probe a protocol error, as it would for a
 * remote, with the reason. Nothing posted is kept as given but the capped strings. An 'ok'
 * without a surface is a 400.
 */
export function readPostedOutcome(posted: PostedOutcome): ProbeOutcome {
  const base: ProbeOutcome = {
    ...posted,
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
    return { ...base, surface: readPostedSurface(posted.surface) }
  } catch (error) {
    if (!(error instanceof SurfaceError)) throw error
    return { ...base, status: 'protocol_error', error: error.message.slice(0, POSTED_CAPS.error) }
  }
}
