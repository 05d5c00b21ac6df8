import { createExecutionContext, env } from 'cloudflare:test'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import type { AppEnv } from '../../../worker/env'
import { onError } from '../../../worker/middleware/errors'
import { assertMayChange, authorizeServer, type ServerAction, type ServerPermissions } from '../../../worker/middleware/authz'
import { sessionMiddleware } from '../../../worker/middleware/session'
import { ADMIN_LOGIN, guest, signIn, type Client } from '../auth-helpers'
import { insertServer } from '../factories'
import { json } from '../helpers'

type Actor = 'guest' | 'stranger' | 'creator' | 'loginOwner' | 'restricted' | 'admin'
type Server = 'created' | 'restrictedCreated' | 'restrictedLogin' | 'deleted'

const clients = {} as Record<Actor, Client>
const ids = {} as Record<Server, string>

beforeAll(async () => {
  clients.guest = await guest()
  clients.stranger = await signIn('perm-stranger')
  clients.creator = await signIn('perm-creator')
  clients.loginOwner = await signIn('Perm-Login-Owner')
  clients.restricted = await signIn('perm-restricted', { restricted: true })
  clients.admin = await signIn(ADMIN_LOGIN)
  // Owned by creation (createdBy) and, separately, by repository login.
  ids.created = (await insertServer({ createdBy: clients.creator.user!.id, repoOwner: 'perm-login-owner', githubUrl: 'https://github.com/perm-login-owner/x' })).id
  // Owned by the restricted account, once by creation and once by login.
  ids.restrictedCreated = (await insertServer({ createdBy: clients.restricted.user!.id, repoOwner: 'someone-else' })).id
  ids.restrictedLogin = (await insertServer({ repoOwner: 'perm-restricted' })).id
  ids.deleted = (await insertServer({ createdBy: clients.creator.user!.id, status: 'deleted' })).id
})

const NONE: ServerPermissions = { canEdit: false, canDelete: false, userRole: null, isAdmin: false }
const OWNER: ServerPermissions = { canEdit: true, canDelete: true, userRole: 'owner', isAdmin: false }
const RESTRICTED: ServerPermissions = { canEdit: true, canDelete: false, userRole: 'restricted', isAdmin: false }
const ADMIN: ServerPermissions = { canEdit: true, canDelete: true, userRole: 'admin', isAdmin: true }
const UNAUTHENTICATED = { status: 401, body: { error: 'Authentication required', code: 'auth_required' } }
const NOT_FOUND = { status: 404, body: { error: 'Server not found', code: 'server_not_found' } }

/** Expected answer of GET /api/servers/{id}/permissions per server and actor. */
const MATRIX: Record<Server, Record<Actor, ServerPermissions | { status: number; body: unknown }>> = {
  created: { guest: UNAUTHENTICATED, stranger: NONE, creator: OWNER, loginOwner: OWNER, restricted: NONE, admin: ADMIN },
  restrictedCreated: { guest: UNAUTHENTICATED, stranger: NONE, creator: NONE, loginOwner: NONE, restricted: RESTRICTED, admin: ADMIN },
  restrictedLogin: { guest: UNAUTHENTICATED, stranger: NONE, creator: NONE, loginOwner: NONE, restricted: RESTRICTED, admin: ADMIN },
  // A soft-deleted server exists only for admins, even for its owner.
  deleted: { guest: UNAUTHENTICATED, stranger: NOT_FOUND, creator: NOT_FOUND, loginOwner: NOT_FOUND, restricted: NOT_FOUND, admin: ADMIN },
}

const cases = Object.entries(MATRIX).flatMap(([server, row]) =>
  Object.entries(row).map(([actor, expected]) => ({ server: server as Server, actor: actor as Actor, expected })),
)

describe('GET /api/servers/{id}/permissions', () => {
  it.each(cases)('$server server, $actor', async ({ server, actor, expected }) => {
    const res = await json(`/api/servers/${ids[server]}/permissions`, clients[actor].read())
    if ('status' in expected) {
      expect(res.status).toBe(expected.status)
      expect(res.body).toEqual(expected.body)
    } else {
      expect(res.status).toBe(200)
      expect(res.body).toEqual(expected)
      expect(res.res.headers.get('Cache-Control')).toContain('private')
    }
  })

  it('answers 404 for a missing server and 400 for a malformed id', async () => {
    const missing = await json(`/api/servers/${crypto.randomUUID()}/permissions`, clients.stranger.read())
    expect(missing).toMatchObject(NOT_FOUND)
    const bad = await json('/api/servers/123/permissions', clients.stranger.read())
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Server ID must be a valid UUID')
  })

  it("ignores any user id the request names: only the session's user counts (no IDOR)", async () => {
    const creatorId = clients.creator.user!.id
    for (const query of [`?userId=${creatorId}`, `?user=${creatorId}&login=perm-creator`]) {
      const res = await json(`/api/servers/${ids.created}/permissions${query}`, {
        headers: { Cookie: clients.stranger.cookie, 'X-User-Id': creatorId },
      })
      expect(res.body).toEqual(NONE)
    }
  })
})

describe('likes act for the session user only (no IDOR)', () => {
  it("another user's like cannot be removed, whatever id the request names", async () => {
    const { id } = await insertServer()
    await json(`/api/servers/${id}/like`, clients.creator.write('POST'))
    const res = await json(`/api/servers/${id}/like`, clients.stranger.write('DELETE', { userId: clients.creator.user!.id }))
    expect(res.body).toEqual({ isLiked: false, likeCount: 1 })
    expect((await json(`/api/servers/${id}`, clients.creator.read())).body.isLiked).toBe(true)
  })
})

describe('authorizeServer', () => {
  // A probe route that does nothing but authorize, behind the same session middleware as the app.
  const probe = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('db', createDb(c.env.DB))
      await next()
    })
    .use('*', sessionMiddleware)
    .get('/probe/:id/:action', async (c) => {
      const { permissions, server } = await authorizeServer(c, c.req.param('id'), c.req.param('action') as ServerAction)
      return c.json({ permissions, serverId: server.id })
    })
  probe.onError(onError)

  const attempt = async (actor: Actor, server: Server, action: ServerAction) => {
    const res = await probe.request(`https://catalogue.test/probe/${ids[server]}/${action}`, clients[actor].read(), env, createExecutionContext())
    return { status: res.status, body: (await res.json()) as { error?: string; serverId?: string } }
  }

  const ALLOWED: Record<ServerAction, Actor[]> = {
    edit: ['creator', 'loginOwner', 'admin'],
    delete: ['creator', 'loginOwner', 'admin'],
    restore: ['admin'],
    feature: ['admin'],
    engage: ['stranger', 'creator', 'loginOwner', 'restricted', 'admin'],
    stats: ['creator', 'loginOwner', 'admin'],
  }
  const actors: Actor[] = ['stranger', 'creator', 'loginOwner', 'restricted', 'admin']

  it.each(Object.keys(ALLOWED) as ServerAction[])('%s: allowed exactly for the roles that may', async (action) => {
    for (const actor of actors) {
      const res = await attempt(actor, 'created', action)
      if (ALLOWED[action].includes(actor)) {
        expect(res, `${actor} ${action}`).toMatchObject({ status: 200, body: { serverId: ids.created } })
      } else {
        expect(res.status, `${actor} ${action}`).toBe(403)
      }
    }
    expect(await attempt('guest', 'created', action)).toEqual(UNAUTHENTICATED)
  })

  it('lets a restricted owner edit but not delete', async () => {
    expect((await attempt('restricted', 'restrictedCreated', 'edit')).status).toBe(200)
    expect(await attempt('restricted', 'restrictedCreated', 'delete')).toEqual({
      status: 403,
      body: { error: "You don't have permission to delete this MCP server.", code: 'forbidden' },
    })
  })

  it('hides a deleted server from everyone but admins, who may restore it', async () => {
    expect(await attempt('creator', 'deleted', 'edit')).toEqual(NOT_FOUND)
    expect(await attempt('creator', 'deleted', 'restore')).toEqual(NOT_FOUND)
    expect((await attempt('admin', 'deleted', 'restore')).status).toBe(200)
  })

  it('takes no engagement on a deleted server, not even from an admin who can see it', async () => {
    expect(await attempt('admin', 'deleted', 'engage')).toEqual(NOT_FOUND)
    expect(await attempt('creator', 'deleted', 'engage')).toEqual(NOT_FOUND)
    expect((await attempt('admin', 'created', 'engage')).status).toBe(200)
  })
})

describe('assertMayChange', () => {
  it('limits a restricted owner to githubUrl and nobody else', () => {
    expect(() => assertMayChange(RESTRICTED, ['githubUrl'])).not.toThrow()
    expect(() => assertMayChange(RESTRICTED, ['githubUrl', 'description'])).toThrow(
      expect.objectContaining({ status: 403, issues: [{ field: 'description', message: 'Not editable with restricted access' }] }),
    )
    expect(() => assertMayChange(OWNER, ['description', 'tags'])).not.toThrow()
    expect(() => assertMayChange(ADMIN, ['description'])).not.toThrow()
  })
})
