/**
 * Where a request's statements go (D1's Sessions API, worker/middleware/database.ts): a guest's
 * read to the nearest replica, never waiting on the primary; a write to the primary, which hands
 * the writer a bookmark; the writer's next reads at least as fresh as their write.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../worker/index'
import { BOOKMARK_COOKIE } from '../../../worker/middleware/database'
import { ADMIN_LOGIN, type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'

/** The Worker as deployed, over a D1 binding that records each session asked for. */
async function fetchRecording(path: string, init: RequestInit = {}) {
  const constraints: string[] = []
  const db = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop)
      if (prop === 'withSession')
        return (constraint: string) => {
          constraints.push(constraint)
          return value.call(target, constraint)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const ctx = createExecutionContext()
  const request = new Request(`https://catalogue.test${path}`, init) as Request<unknown, IncomingRequestCfProperties>
  const res = await worker.fetch(request, { ...env, DB: db }, ctx)
  const body = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, body, constraints }
}

const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(';')[0]
    .slice(BOOKMARK_COOKIE.length + 1)

const withoutBookmark = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => !c.startsWith(`${BOOKMARK_COOKIE}=`))
    .join('; ')

let alice: Client
let serverId: string
beforeAll(async () => {
  alice = await signIn('replica-alice')
  serverId = (await insertServer()).id
})

describe('reads from the nearest replica, writes on the primary', () => {
  it('sends a guest read to any replica and hands back no bookmark', async () => {
    const { res, constraints } = await fetchRecording(`/api/servers/${serverId}`)
    expect(res.status).toBe(200)
    expect(constraints).toEqual(['first-unconstrained'])
    expect(bookmarkOf(res)).toBeUndefined()
  })

  it('sends the registry API and the MCP endpoint to a replica too', async () => {
    expect((await fetchRecording('/v0.1/servers?limit=1')).constraints).toEqual(['first-unconstrained'])
  })

  it('writes on the primary and hands the writer a bookmark their next reads start from', async () => {
    const write = await fetchRecording(`/api/servers/${serverId}/like`, alice.write('POST'))
    expect(write.res.status).toBe(200)
    expect(write.constraints).toEqual(['first-primary'])
    const bookmark = bookmarkOf(write.res)
    expect(bookmark).toMatch(/^[0-9A-Za-z-]+$/)
    expect(write.res.headers.getSetCookie().find((c) => c.startsWith(BOOKMARK_COOKIE))).toMatch(/HttpOnly; Secure; SameSite=Lax/)

    // Her next read starts from her write: she sees her like. (Her browser keeps the newest
    // bookmark only: the one signing in gave her is replaced.)
    const cookie = `${withoutBookmark(alice.cookie)}; ${BOOKMARK_COOKIE}=${bookmark}`
    const read = await fetchRecording(`/api/servers/${serverId}`, { headers: { cookie } })
    expect(read.constraints).toEqual([bookmark])
    expect(JSON.parse(read.body)).toMatchObject({ id: serverId, isLiked: true, likeCount: 1 })
  })

  it('reads admin work on the primary: an admin acts on what is there now', async () => {
    const admin = await signIn(ADMIN_LOGIN)
    const { res, constraints } = await fetchRecording('/api/admin/review', { headers: { cookie: admin.cookie } })
    expect(res.status).toBe(200)
    expect(constraints).toEqual(['first-primary'])
  })

  it('ignores a bookmark cookie that is not one', async () => {
    const { constraints } = await fetchRecording(`/api/servers/${serverId}`, { headers: { cookie: `${BOOKMARK_COOKIE}=first-primary` } })
    expect(constraints).toEqual(['first-unconstrained'])
  })
})
