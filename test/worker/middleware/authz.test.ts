import { createExecutionContext, env } from 'cloudflare:test'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import type { AppEnv } from '../../../worker/env'
import { assertMayChange, authorizeServer, type ServerAction } from '../../../worker/middleware/authz'
import { onError } from '../../../worker/middleware/errors'
import { sessionMiddleware } from '../../../worker/middleware/session'
import type { Client } from '../auth-helpers'
import { type Actor, ADMIN, NOT_FOUND, OWNER, RESTRICTED, type RoleServer, seedServerRoles, UNAUTHENTICATED } from '../server-roles'

const clients = {} as Record<Actor, Client>
const ids = {} as Record<RoleServer, string>

beforeAll(async () => {
  const seeded = await seedServerRoles()
  Object.assign(clients, seeded.clients)
  Object.assign(ids, seeded.ids)
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

  const attempt = async (actor: Actor, server: RoleServer, action: ServerAction) => {
    const res = await probe.request(
      `https://catalogue.test/probe/${ids[server]}/${action}`,
      clients[actor].read(),
      env,
      createExecutionContext(),
    )
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
