import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '@shared/categories'
import type { CategoryCount, ServerDetail, ServerList } from '@shared/types'
import { serverCategories } from '../../../worker/db/schema'
import { signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'
import { seedServerRoles } from '../server-roles'

// Counts are cached in KV for minutes, so the catalogue the counts read is written first.
const ids: Record<string, string> = {}
beforeAll(async () => {
  const specs = {
    pg: { displayName: 'Postgres Pilot', categories: ['databases'], tags: ['sql'] },
    mongo: { displayName: 'Mongo Mate', categories: ['databases', 'cloud-infrastructure'], tags: ['nosql'] },
    grafana: { displayName: 'Grafana Glance', categories: ['monitoring', 'data-analytics'], tags: ['sql'] },
    slack: { displayName: 'Slack Sender', categories: ['communication'] },
    gone: { displayName: 'Postgres Gone', categories: ['databases'], status: 'deleted' },
    waiting: { displayName: 'Postgres Waiting', categories: ['databases'], status: 'pending' },
  } as const
  for (const [key, spec] of Object.entries(specs)) {
    const tags = 'tags' in spec ? [...spec.tags] : []
    ids[key] = (await insertServer({ ...spec, tags, categories: [...spec.categories] })).id
  }
})

describe('GET /api/categories', () => {
  it('lists every category of the taxonomy in its order, with the count of active servers', async () => {
    const { status, body } = await json<CategoryCount[]>('/api/categories')
    expect(status).toBe(200)
    expect(body.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS])
    const count = (slug: string) => body.find((c) => c.slug === slug)?.count
    expect(count('databases')).toBe(2)
    expect(count('monitoring')).toBe(1)
    expect(count('email')).toBe(0)
    expect(body.find((c) => c.slug === 'databases')).toMatchObject({ name: 'Databases', description: expect.stringMatching(/\.$/) })
  })

  it('counts exactly the rows the filter lists, category by category', async () => {
    const { body } = await json<CategoryCount[]>('/api/categories')
    for (const c of body) {
      const list = await json<ServerList>(`/api/servers?category=${c.slug}&limit=50`)
      expect(list.body.total, c.slug).toBe(c.count)
      expect(list.body.servers.every((s) => s.categories.includes(c.slug))).toBe(true)
    }
  })

  it('lets shared caches keep the guest answer', async () => {
    const { res } = await json('/api/categories')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300')
  })
})

describe('GET /api/servers?category=', () => {
  const names = (list: ServerList) => list.servers.map((s) => s.displayName).sort()

  it('lists the servers of a category, each card carrying its categories', async () => {
    const { status, body } = await json<ServerList>('/api/servers?category=databases')
    expect(status).toBe(200)
    expect(names(body)).toEqual(['Mongo Mate', 'Postgres Pilot'])
    expect(body.servers.find((s) => s.displayName === 'Mongo Mate')?.categories).toEqual(['databases', 'cloud-infrastructure'])
  })

  it('widens with several categories (any of them)', async () => {
    const { body } = await json<ServerList>('/api/servers?category=databases,monitoring')
    expect(names(body)).toEqual(['Grafana Glance', 'Mongo Mate', 'Postgres Pilot'])
    expect(body.total).toBe(3)
  })

  it('narrows with tags (every tag) and with search', async () => {
    const tagged = await json<ServerList>('/api/servers?category=databases,monitoring&tags=sql')
    expect(names(tagged.body)).toEqual(['Grafana Glance', 'Postgres Pilot'])
    expect(tagged.body.total).toBe(2)
    const searched = await json<ServerList>('/api/servers/search?q=postgres&category=databases')
    // What was typed first; the rest of the category follows (Postgres is a database), saying so.
    expect(searched.body.servers.map((s) => s.displayName)).toEqual(['Postgres Pilot', 'Mongo Mate'])
    expect(searched.body.servers.map((s) => s.matchedBy ?? null)).toEqual([null, { kind: 'category', term: 'Databases' }])
    const none = await json<ServerList>('/api/servers/search?q=postgres&category=monitoring')
    expect(none.body).toMatchObject({ servers: [], total: 0 })
  })

  it('refuses an unknown category and too many at once', async () => {
    expectInvalidInput(await json('/api/servers?category=databases,nope'), 'category.1', 'Unknown category')
    expectInvalidInput(await json(`/api/servers?category=${CATEGORY_SLUGS.slice(0, 6).join(',')}`), 'category', 'Too many categories')
  })
})

describe('categories on the edit form (PUT /api/servers/{id})', () => {
  let roles: Awaited<ReturnType<typeof seedServerRoles>>
  beforeAll(async () => {
    roles = await seedServerRoles()
  })

  it("lets an owner choose them; the choice is recorded as a person's", async () => {
    const { clients, ids: roleIds } = roles
    const res = await json<ServerDetail>(
      `/api/servers/${roleIds.created}`,
      clients.creator.write('PUT', { categories: ['email', 'calendar', 'email'] }),
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ categories: ['email', 'calendar'], categorySource: 'human' })
    const rows = await db().select().from(serverCategories).where(eq(serverCategories.serverId, roleIds.created))
    expect(rows.map((r) => [r.category, r.source]).sort()).toEqual([
      ['calendar', 'human'],
      ['email', 'human'],
    ])
    const listed = await json<ServerList>('/api/servers?category=calendar')
    expect(listed.body.servers.map((s) => s.id)).toContain(roleIds.created)
  })

  it('lets an admin and an owner by repository login change them too', async () => {
    const { clients, ids: roleIds } = roles
    const byAdmin = await json<ServerDetail>(`/api/servers/${roleIds.created}`, clients.admin.write('PUT', { categories: ['security'] }))
    expect(byAdmin.body.categories).toEqual(['security'])
    const byLogin = await json<ServerDetail>(`/api/servers/${roleIds.created}`, clients.loginOwner.write('PUT', { categories: ['design'] }))
    expect(byLogin.body.categories).toEqual(['design'])
  })

  it('refuses guests, strangers and restricted owners', async () => {
    const { clients, ids: roleIds } = roles
    const body = { categories: ['databases'] }
    expect((await json(`/api/servers/${roleIds.created}`, clients.guest.write('PUT', body))).status).toBe(401)
    expect((await json(`/api/servers/${roleIds.created}`, clients.stranger.write('PUT', body))).status).toBe(403)
    const restricted = await json(`/api/servers/${roleIds.restrictedCreated}`, clients.restricted.write('PUT', body))
    expect(restricted.status).toBe(403)
    expect(restricted.body.issues).toEqual([{ field: 'categories', message: 'Not editable with restricted access' }])
  })

  it("validates with the form's messages: one to three known categories, Other alone", async () => {
    const { clients, ids: roleIds } = roles
    const put = (categories: unknown) => json(`/api/servers/${roleIds.created}`, clients.creator.write('PUT', { categories }))
    expectInvalidInput(await put([]), 'categories', 'Choose at least one category')
    expectInvalidInput(await put(['email', 'calendar', 'design', 'media']), 'categories', 'Choose at most 3 categories')
    expectInvalidInput(await put(['email', 'no-such']), 'categories.1', 'Unknown category')
    expectInvalidInput(await put(['other', 'email']), 'categories', 'Other cannot be combined with another category')
    expectInvalidInput(await put('email'), 'categories', 'Categories must be a list')
  })
})

describe('categories on registration and automatic edits', () => {
  it('classifies a registration without categories, and keeps the ones a registrant chose', async () => {
    const alice = await signIn('cat-registrant')
    const form = { displayName: 'Gmail Helper', description: 'Read and send Gmail messages from your inbox', version: '1.0.0', author: 'a' }
    const auto = await json<ServerDetail>('/api/servers', alice.write('POST', form))
    expect(auto.status).toBe(201)
    expect(auto.body).toMatchObject({ categories: ['email'], categorySource: 'auto' })
    const chosen = await json<ServerDetail>('/api/servers', alice.write('POST', { ...form, categories: ['productivity'] }))
    expect(chosen.body).toMatchObject({ categories: ['productivity'], categorySource: 'human' })

    // Automatic categories follow an edit of the words; chosen ones stay.
    const edited = await json<ServerDetail>(
      `/api/servers/${auto.body.id}`,
      alice.write('PUT', { displayName: 'Kube Helper', description: 'Manage Kubernetes clusters' }),
    )
    // The technical name made at registration ('gmail-helper') still says Gmail.
    expect(edited.body).toMatchObject({ categories: ['cloud-infrastructure', 'email'], categorySource: 'auto' })
    const kept = await json<ServerDetail>(
      `/api/servers/${chosen.body.id}`,
      alice.write('PUT', { description: 'Manage Kubernetes clusters' }),
    )
    expect(kept.body).toMatchObject({ categories: ['productivity'], categorySource: 'human' })
  })
})
