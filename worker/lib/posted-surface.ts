/**
 * A surface someone posted (the probe runner's result, a maintainer's declaration): untrusted
 * input read through the same door as a remote's answers (`toSurface`), with one difference: a
 * list longer than the probe keeps is refused rather than cut, as the remote probe refuses a
 * server listing more (a cut list would be stored as if it were the whole).
 */
import { DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from '@mcp-catalogue/mcp-client'
import type { Surface } from '@shared/surface'

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
