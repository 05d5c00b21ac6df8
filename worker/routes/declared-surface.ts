import { hashSurface, SurfaceError } from '@mcp-catalogue/mcp-client'
import { Hono } from 'hono'
import { z } from 'zod'
import { serverIdParam } from '@shared/schemas'
import type { DeclaredSurface, Surface } from '@shared/surface'
import { removeDeclaredSurface } from '../db/probes'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { readPostedSurface } from '../lib/posted-surface'
import { assertMayChange, authorizeServer, signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'
import { declareSurface } from '../services/probing/declared'

const idParam = validate('param', serverIdParam)

const SHAPE_MESSAGE = 'Paste what tools/list returns: { "tools": [...] }, or { "surface": { "tools": [...], "prompts": [...] } }'

/**
 * A declaration: `{ surface: { tools, prompts?, resources?, resourceTemplates?, instructions? } }`,
 * or a tools/list result as it is (`{ tools: [...] }`, extra members such as nextCursor ignored).
 * Only the shape is checked here; what is in it is read by `readPostedSurface`, the same caps as
 * a probe's.
 */
const declareSchema = z
  .looseObject({ surface: z.looseObject({}).optional(), tools: z.array(z.unknown()).optional() })
  .refine((body) => body.surface !== undefined || body.tools !== undefined, { message: SHAPE_MESSAGE, path: ['surface'] })

/** The declared surface read through the probe's caps, or 400 naming what cannot be kept. */
function declaredSurface(body: z.output<typeof declareSchema>): Surface {
  let surface: Surface
  try {
    surface = readPostedSurface(body.surface ?? body)
  } catch (error) {
    if (!(error instanceof SurfaceError)) throw error
    const message = `The surface cannot be kept: ${error.message}.`
    throw new ApiError('invalid_input', message, [{ field: 'surface', message }])
  }
  if (surface.tools.length + surface.prompts.length + surface.resources.length + surface.resourceTemplates.length === 0) {
    const message = 'The surface declares no tool, prompt or resource.'
    throw new ApiError('invalid_input', message, [{ field: 'surface', message }])
  }
  return surface
}

/**
 * The surface a maintainer declares for a server nobody can read without a key: its owner or an
 * admin pastes what `tools/list` (and the other lists) return, for the listing's current version.
 * It is shown as declared, never as read (GET /api/servers/:id/tools: `declared`, and `comparison`
 * once a surface of that version is read); until one is read, its tools count for the listing
 * and its search. A restricted owner may not declare (only the repository address is theirs).
 */
export const declaredSurfaceRoutes = new Hono<AppEnv>()
  .put('/:id/surface', signedIn, idParam, validate('json', declareSchema), async (c) => {
    const { server, permissions } = await authorizeServer(c, c.req.valid('param').id, 'edit')
    assertMayChange(permissions, ['surface'])
    const surface = declaredSurface(c.req.valid('json'))
    const hashes = await hashSurface(surface)
    const now = new Date()
    await declareSurface(c.var.db, { serverId: server.id, version: server.version, surface, hashes, now, listing: server })
    return c.json<DeclaredSurface>({ version: server.version, hash: hashes.surface, declaredAt: now.toISOString(), surface })
  })
  .delete('/:id/surface', signedIn, idParam, async (c) => {
    const { server, permissions } = await authorizeServer(c, c.req.valid('param').id, 'edit')
    assertMayChange(permissions, ['surface'])
    if (!(await removeDeclaredSurface(c.var.db, server.id, server.version))) {
      throw new ApiError('not_found', 'No surface is declared for this version.')
    }
    return c.body(null, 204)
  })
