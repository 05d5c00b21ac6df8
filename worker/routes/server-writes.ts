import { type Context, Hono } from 'hono'
import { revisionListQuery, revisionParams, serverFormSchema, serverIdParam, serverUpdateSchema } from '@shared/schemas'
import type { ServerPermissions } from '@shared/types'
import type { ServerRow } from '../db/schema'
import {
  changesFromForm,
  createServer,
  diffServer,
  getRevision,
  listRevisions,
  type ServerChanges,
  setServerStatus,
  updateServer,
} from '../db/server-writes'
import { getServerDetail } from '../db/servers'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { assertMayChange, authorizeServer, requireUser, signedIn } from '../middleware/authz'
import { invalidate } from '../middleware/cache'
import { rateLimit } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { watchSettings } from '../services/watch/settings'

const idParam = validate('param', serverIdParam)

/** Registrations per user and hour: generous for a maintainer, a wall for a spam script. */
const CREATE_RULE = { limit: 30, windowSeconds: 3600 }

/** The server as the writer now sees it (admins also see a deleted one). */
async function detailAfterWrite(c: Context<AppEnv>, serverId: string) {
  const detail = await getServerDetail(c.var.db, serverId, requireUser(c).id, {
    includeDeleted: true,
    watching: watchSettings(c.env).enabled,
  })
  if (!detail) throw new ApiError('server_not_found', 'Server not found')
  return detail
}

/** Applies an edit or a revert: a restricted owner may change only the repository link. */
async function applyChanges(c: Context<AppEnv>, server: ServerRow, permissions: ServerPermissions, next: ServerChanges) {
  const changes = diffServer(server, next)
  assertMayChange(permissions, Object.keys(changes))
  await updateServer(c.var.db, server, changes, requireUser(c).id)
  await invalidate(c, server.id, { tags: 'tags' in changes, readme: 'readmeText' in changes || 'githubUrl' in changes })
}

/**
 * Write side of servers: register, edit, soft delete, restore, and the revision history with
 * revert. Every route is signed-in only, and every rule about who may do what is authz.ts's.
 */
export const serverWriteRoutes = new Hono<AppEnv>()
  .post('/', signedIn, validate('json', serverFormSchema), async (c) => {
    const user = requireUser(c)
    await rateLimit(c, 'server-create', CREATE_RULE)
    const input = c.req.valid('json')
    const author = input.author || user.firstName || user.email || user.username
    const id = await createServer(c.var.db, { ...input, author }, user.id)
    await invalidate(c, id, { tags: input.tags.length > 0 })
    return c.json(await detailAfterWrite(c, id), 201)
  })
  .put('/:id', signedIn, idParam, validate('json', serverUpdateSchema), async (c) => {
    const { server, permissions } = await authorizeServer(c, c.req.valid('param').id, 'edit')
    await applyChanges(c, server, permissions, changesFromForm(c.req.valid('json')))
    return c.json(await detailAfterWrite(c, server.id))
  })
  .delete('/:id', signedIn, idParam, async (c) => {
    const { server } = await authorizeServer(c, c.req.valid('param').id, 'delete')
    if (server.status !== 'deleted') {
      await setServerStatus(c.var.db, server.id, 'deleted')
      await invalidate(c, server.id, { tags: server.tags.length > 0 })
    }
    return c.body(null, 204)
  })
  .post('/:id/restore', signedIn, idParam, async (c) => {
    const { server } = await authorizeServer(c, c.req.valid('param').id, 'restore')
    // Also approves a 'pending' import: restore means 'listed again'.
    if (server.status !== 'active') {
      await setServerStatus(c.var.db, server.id, 'active')
      await invalidate(c, server.id, { tags: server.tags.length > 0 })
    }
    return c.json(await detailAfterWrite(c, server.id))
  })
  .get('/:id/revisions', signedIn, idParam, validate('query', revisionListQuery), async (c) => {
    const { server } = await authorizeServer(c, c.req.valid('param').id, 'edit')
    const { page, limit } = c.req.valid('query')
    return c.json(await listRevisions(c.var.db, server.id, page, limit))
  })
  .post('/:id/revisions/:revisionId/revert', signedIn, validate('param', revisionParams), async (c) => {
    const { id, revisionId } = c.req.valid('param')
    const { server, permissions } = await authorizeServer(c, id, 'edit')
    const revision = await getRevision(c.var.db, server.id, revisionId)
    if (!revision) throw new ApiError('revision_not_found', 'Revision not found')
    if (!revision.before) throw new ApiError('conflict', 'The registration cannot be reverted; delete the server instead')
    await applyChanges(c, server, permissions, revision.before as ServerChanges)
    return c.json(await detailAfterWrite(c, server.id))
  })
