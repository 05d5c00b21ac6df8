import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody, ServerDetail, ServerList, ServerRevisionList, TagCount } from '@shared/types'
import { serverRevisions, servers, serverTags } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, expectInvalidInput, json, roomInWindow } from '../helpers'

let admin: Client
let visitor: Client

beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  visitor = await guest()
})

/** The smallest valid registration. */
const minimal = () => ({ displayName: 'Minimal Server', description: 'Does the minimum.', version: '1.0.0' })

/** A server on success, an error body otherwise. */
type Answer = ServerDetail & Partial<ApiErrorBody>

const create = (client: Client, body: unknown) => json<Answer>('/api/servers', client.write('POST', body))
const update = (client: Client, id: string, body: unknown) => json<Answer>(`/api/servers/${id}`, client.write('PUT', body))
const remove = (client: Client, id: string) => call(`/api/servers/${id}`, client.write('DELETE'))
const restore = (client: Client, id: string) => json<Answer>(`/api/servers/${id}/restore`, client.write('POST'))
const revisions = (client: Client, id: string) => json<ServerRevisionList>(`/api/servers/${id}/revisions`, client.read())
const revert = (client: Client, id: string, revisionId: string) =>
  json<Answer>(`/api/servers/${id}/revisions/${revisionId}/revert`, client.write('POST'))

const row = async (id: string) => (await db().select().from(servers).where(eq(servers.id, id)))[0]
const tagRows = async (id: string) =>
  (await db().select().from(serverTags).where(eq(serverTags.serverId, id)).orderBy(asc(serverTags.tag))).map((r) => r.tag)
const revisionRows = async (id: string) => db().select().from(serverRevisions).where(eq(serverRevisions.serverId, id))
const listed = async (query: string, client?: Client) =>
  (await json<ServerList>(`/api/servers${query}`, client?.read())).body.servers.map((s) => s.id)
const tagCount = async (tag: string) => (await json<TagCount[]>('/api/tags')).body.find((t) => t.tag === tag)?.count ?? 0

describe('POST /api/servers', () => {
  let alice: Client
  beforeAll(async () => {
    alice = await signIn('writes-alice')
  })

  it('registers an active server (201) owned by its creator, with tags, a revision and the detail', async () => {
    const body = {
      displayName: 'Widget Server',
      description: 'Widgets over MCP.',
      version: '0.3.0',
      author: 'Acme Inc',
      githubUrl: 'https://github.com/Acme/widget',
      icon: 'https://example.com/icon.png',
      tags: [' Database ', 'ai', '', 'AI', 'reg-fresh-tag'],
      packages: [{ registry_type: 'npm', identifier: '@acme/widget', version: '0.3.0' }],
      remotes: [{ name: 'sse', url: 'https://widget.example.com/sse' }],
      metadata: { transport: 'stdio', nested: { a: 1 } },
      readmeText: '# Widget',
    }
    const before = await tagCount('reg-fresh-tag')
    const { status, body: detail } = await create(alice, body)
    expect(status).toBe(201)
    expect(detail).toMatchObject({
      displayName: 'Widget Server',
      description: 'Widgets over MCP.',
      version: '0.3.0',
      author: 'Acme Inc',
      name: 'io.github.acme/widget',
      githubUrl: 'https://github.com/Acme/widget',
      icon: 'https://example.com/icon.png',
      tags: ['database', 'ai', 'reg-fresh-tag'],
      packages: body.packages,
      remotes: body.remotes,
      metadata: body.metadata,
      readmeText: '# Widget',
      status: 'active',
      likeCount: 0,
      isLiked: false,
      // Its remote needs nothing installed, so the card adds that (Claude Code's command).
      installCommand: 'claude mcp add --transport sse widget https://widget.example.com/sse',
    })
    expect(detail.id).toMatch(/^[0-9a-f-]{36}$/)
    const stored = await row(detail.id)
    expect(stored).toMatchObject({ createdBy: alice.user!.id, repoOwner: 'acme', status: 'active' })
    expect(await tagRows(detail.id)).toEqual(['ai', 'database', 'reg-fresh-tag'])
    const [revision] = await revisionRows(detail.id)
    expect(revision).toMatchObject({ userId: alice.user!.id, before: null })
    expect(revision.after).toMatchObject({
      displayName: 'Widget Server',
      tags: ['database', 'ai', 'reg-fresh-tag'],
      githubUrl: body.githubUrl,
    })
    // Visible at once: list, search, tag filter, detail, and the (cached) tag counts.
    expect(await listed('?tags=reg-fresh-tag')).toEqual([detail.id])
    expect(await listed('/search?q=widget')).toContain(detail.id)
    expect((await json(`/api/servers/${detail.id}`)).status).toBe(200)
    expect(await tagCount('reg-fresh-tag')).toBe(before + 1)
  })

  it("defaults the author to the user's first name, the name to a slug, and empties to null", async () => {
    const { status, body } = await create(alice, { ...minimal(), displayName: 'Mini Ünïcode Server!', author: '', icon: '', githubUrl: '' })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      author: 'writes-alice',
      name: 'mini-unicode-server',
      version: '1.0.0',
      icon: null,
      githubUrl: null,
      readmeText: null,
      tags: [],
      packages: [],
      remotes: [],
      metadata: {},
    })
    expect((await row(body.id)).repoOwner).toBeNull()
  })

  it('ignores fields the form does not have (status, counts, owner)', async () => {
    const { status, body } = await create(alice, {
      ...minimal(),
      status: 'deleted',
      likeCount: 99,
      stars: 5000,
      createdBy: 'someone',
      id: crypto.randomUUID(),
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({ status: 'active', likeCount: 0, stars: 0 })
    expect((await row(body.id)).createdBy).toBe(alice.user!.id)
  })

  it('is refused for a guest (401) and without a CSRF token (403)', async () => {
    expect(await create(visitor, minimal())).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
    const noToken = await json('/api/servers', {
      ...alice.write('POST', minimal()),
      headers: { Cookie: alice.cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
    })
    expect(noToken).toMatchObject({ status: 403, body: { error: 'CSRF token invalid', code: 'csrf_invalid' } })
  })

  it('answers 400 invalid_input listing every issue, and invalid_json for a body that is not JSON', async () => {
    const { status, body } = await create(alice, {})
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'Display name is required',
      code: 'invalid_input',
      issues: [
        { field: 'displayName', message: 'Display name is required' },
        { field: 'description', message: 'Description is required' },
        { field: 'version', message: 'Version is required' },
      ],
    })
    const notJson = await json('/api/servers', { ...alice.write('POST'), body: '{"displayName":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
  })

  it('limits registrations per user (30 an hour)', async () => {
    const spammer = await signIn('writes-spammer')
    await roomInWindow(3600)
    for (let i = 0; i < 30; i++) expect((await create(spammer, minimal())).status).toBe(201)
    const { status, body } = await create(spammer, minimal())
    expect(status).toBe(429)
    expect(body.error).toMatch(/Too many requests/)
  })
})

describe('Server form validation, at each limit and one past it', () => {
  let validator: Client
  beforeAll(async () => {
    validator = await signIn('writes-validator')
  })

  const x = (n: number) => 'x'.repeat(n)
  const pkg = (over: Record<string, unknown> = {}) => ({ registry_type: 'npm', identifier: 'pkg', version: '1.0.0', ...over })
  const remote = (over: Record<string, unknown> = {}) => ({ name: 'sse', url: 'https://example.com/sse', ...over })
  // JSON.stringify({ k: 'x'.repeat(n) }) is n + 8 characters long.
  const metadataOf = (serialised: number) => ({ k: x(serialised - 8) })

  const accepted: Array<[string, Record<string, unknown>]> = [
    ['displayName of 100', { displayName: x(100) }],
    ['description of 1000', { description: x(1000) }],
    ['version of 50', { version: x(50) }],
    ['author of 100', { author: x(100) }],
    ['10 tags of 30 characters', { tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(30, 't')) }],
    [
      '20 packages with fields of 50 / 200 / 50',
      {
        packages: Array.from({ length: 20 }, (_, i) => pkg({ registry_type: x(50), identifier: `${i}`.padEnd(200, 'i'), version: x(50) })),
      },
    ],
    ['10 remotes', { remotes: Array.from({ length: 10 }, (_, i) => remote({ name: `r${i}` })) }],
    ['metadata of 10000 serialised characters', { metadata: metadataOf(10000) }],
    ['an empty icon', { icon: '' }],
    ['an icon URL', { icon: 'https://example.com/i.png' }],
    ['a githubUrl', { githubUrl: 'https://github.com/acme/validated' }],
    ['repeated and blank tags beyond 10, folded to 10', { tags: [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0', ' t1 ', ''] }],
  ]

  it.each(accepted)('accepts %s', async (_, patch) => {
    const { status, body } = await create(validator, { ...minimal(), ...patch })
    expect(status).toBe(201)
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'tags') expect(body.tags).toHaveLength(10)
      else if (key === 'icon' && value === '') expect(body.icon).toBeNull()
      else expect(body[key as keyof ServerDetail]).toEqual(value)
    }
  })

  const refused: Array<[string, Record<string, unknown>, string, string]> = [
    ['displayName of 101', { displayName: x(101) }, 'displayName', 'Display name too long'],
    ['an empty displayName', { displayName: '   ' }, 'displayName', 'Display name is required'],
    ['a missing displayName', { displayName: undefined }, 'displayName', 'Display name is required'],
    ['description of 1001', { description: x(1001) }, 'description', 'Description too long'],
    ['an empty description', { description: '' }, 'description', 'Description is required'],
    ['version of 51', { version: x(51) }, 'version', 'Version too long'],
    ['an empty version', { version: '' }, 'version', 'Version is required'],
    ['author of 101', { author: x(101) }, 'author', 'Author too long'],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'Too many tags'],
    ['a tag of 31', { tags: ['ok', x(31)] }, 'tags.1', 'Tag too long'],
    ['21 packages', { packages: Array.from({ length: 21 }, () => pkg()) }, 'packages', 'Too many packages'],
    ['a registry type of 51', { packages: [pkg({ registry_type: x(51) })] }, 'packages.0.registry_type', 'Registry type too long'],
    ['an identifier of 201', { packages: [pkg({ identifier: x(201) })] }, 'packages.0.identifier', 'Identifier too long'],
    ['a package version of 51', { packages: [pkg({ version: x(51) })] }, 'packages.0.version', 'Package version too long'],
    [
      'a package without registry type',
      { packages: [pkg({ registry_type: undefined })] },
      'packages.0.registry_type',
      'Registry type is required',
    ],
    ['a package without identifier', { packages: [pkg({ identifier: ' ' })] }, 'packages.0.identifier', 'Identifier is required'],
    ['a package without version', { packages: [pkg(), pkg({ version: '' })] }, 'packages.1.version', 'Package version is required'],
    ['11 remotes', { remotes: Array.from({ length: 11 }, (_, i) => remote({ name: `r${i}` })) }, 'remotes', 'Too many remotes'],
    ['a remote without name', { remotes: [remote({ name: '' })] }, 'remotes.0.name', 'Remote name is required'],
    ['a remote with a bad URL', { remotes: [remote({ url: 'not a url' })] }, 'remotes.0.url', 'Must be a valid URL'],
    ['a remote with a javascript: URL', { remotes: [remote({ url: 'javascript:alert(1)' })] }, 'remotes.0.url', 'Must be a valid URL'],
    ['metadata of 10001 serialised characters', { metadata: metadataOf(10001) }, 'metadata', 'Metadata too large'],
    ['metadata that is not an object', { metadata: ['a'] }, 'metadata', 'Metadata must be a JSON object'],
    ['an icon that is not a URL', { icon: 'icon.png' }, 'icon', 'Must be a valid URL'],
    ['a data: icon', { icon: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'icon', 'Must be a valid URL'],
    ['a githubUrl that is not a URL', { githubUrl: 'github.com/acme/widget' }, 'githubUrl', 'Must be a valid URL'],
  ]

  it.each(refused)('refuses %s with 400 and the message', async (_, patch, field, message) => {
    const { status, body } = await create(validator, { ...minimal(), ...patch })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: message })
    expect(body.issues).toContainEqual({ field, message })
  })

  it('applies the same rules to an edit', async () => {
    const { body: server } = await create(validator, minimal())
    for (const [, patch, field, message] of refused.filter(([, p]) => !Object.values(p).includes(undefined))) {
      const { status, body } = await update(validator, server.id, patch)
      expect(status).toBe(400)
      expect(body.issues).toContainEqual({ field, message })
    }
    expect(await revisionRows(server.id)).toHaveLength(1)
  })
})

describe('PUT /api/servers/{id}', () => {
  let owner: Client
  let stranger: Client
  let maintainer: Client
  let restricted: Client
  beforeAll(async () => {
    owner = await signIn('writes-owner')
    stranger = await signIn('writes-stranger')
    maintainer = await signIn('Writes-Maintainer')
    restricted = await signIn('writes-restricted', { restricted: true })
  })

  it('saves changed fields, keeps the others, records the revision and keeps server_tags in step', async () => {
    const { body: created } = await create(owner, {
      ...minimal(),
      tags: ['edit-old', 'edit-kept'],
      githubUrl: 'https://github.com/acme/widget',
    })
    await tagCount('edit-new') // fills the tag-count cache, which the edit must invalidate
    await db()
      .update(servers)
      .set({ stars: 1234, ownerAvatarUrl: 'https://avatars.example.com/acme.png' })
      .where(eq(servers.id, created.id))
    const { status, body } = await update(owner, created.id, {
      description: 'A better description.',
      tags: ['edit-new', 'EDIT-KEPT'],
      githubUrl: 'https://github.com/newowner/widget',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      displayName: 'Minimal Server',
      description: 'A better description.',
      tags: ['edit-new', 'edit-kept'],
      githubUrl: 'https://github.com/newowner/widget',
    })
    // Facts of the old repository are cleared; the next repository lookup fills them again.
    expect(await row(created.id)).toMatchObject({ repoOwner: 'newowner', stars: 0, ownerAvatarUrl: null })
    expect(await tagRows(created.id)).toEqual(['edit-kept', 'edit-new'])
    expect(await listed('?tags=edit-new')).toEqual([created.id])
    expect(await listed('?tags=edit-old')).toEqual([])
    expect(await tagCount('edit-new')).toBe(1)
    expect(await tagCount('edit-old')).toBe(0)
    const all = await revisionRows(created.id)
    expect(all).toHaveLength(2)
    const edit = all.find((r) => r.before)!
    expect(edit).toMatchObject({
      userId: owner.user!.id,
      before: { description: 'Does the minimum.', tags: ['edit-old', 'edit-kept'], githubUrl: 'https://github.com/acme/widget' },
      after: { description: 'A better description.', tags: ['edit-new', 'edit-kept'], githubUrl: 'https://github.com/newowner/widget' },
    })
  })

  it('drops the cached README when the repository link changes', async () => {
    const { body: created } = await create(owner, { ...minimal(), githubUrl: 'https://github.com/acme/widget' })
    const readme = async () => (await json<{ html: string }>(`/api/servers/${created.id}/readme`)).body.html
    expect(await readme()).toContain('Widget MCP')
    await update(owner, created.id, { githubUrl: 'https://github.com/acme/fallback' })
    expect(await readme()).toContain('Fallback')
  })

  it('writes no revision when nothing changed', async () => {
    const { body: created } = await create(owner, { ...minimal(), tags: ['same'] })
    const { status } = await update(owner, created.id, { ...minimal(), tags: ['SAME'], icon: '', author: created.author })
    expect(status).toBe(200)
    expect(await revisionRows(created.id)).toHaveLength(1)
  })

  it('lets the owner by repository (GitHub login), and an admin, edit', async () => {
    const server = await insertServer({ repoOwner: 'writes-maintainer', githubUrl: 'https://github.com/Writes-Maintainer/tool' })
    expect((await update(maintainer, server.id, { version: '2.0.0' })).body.version).toBe('2.0.0')
    expect((await update(admin, server.id, { version: '3.0.0' })).body.version).toBe('3.0.0')
    const users = (await revisionRows(server.id)).map((r) => r.userId).sort()
    expect(users).toEqual([maintainer.user!.id, admin.user!.id].sort())
  })

  it('refuses a guest (401) and a stranger (403), changing nothing', async () => {
    const server = await insertServer({ createdBy: owner.user!.id })
    expect(await update(visitor, server.id, { version: '9.0.0' })).toMatchObject({
      status: 401,
      body: { error: 'Authentication required', code: 'auth_required' },
    })
    expect(await update(stranger, server.id, { version: '9.0.0' })).toMatchObject({
      status: 403,
      body: { error: "You don't have permission to edit this MCP server.", code: 'forbidden' },
    })
    expect((await row(server.id)).version).toBe('1.0.0')
    expect(await revisionRows(server.id)).toHaveLength(0)
  })

  it('answers 404 for an unknown server and 400 for a malformed id', async () => {
    expect(await update(owner, crypto.randomUUID(), { version: '2.0.0' })).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect(await update(owner, 'nope', { version: '2.0.0' })).toMatchObject({
      status: 400,
      body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
    })
  })

  it('answers 400 invalid_json for a body that is not JSON, changing nothing', async () => {
    const server = await insertServer({ createdBy: owner.user!.id })
    const notJson = await json(`/api/servers/${server.id}`, { ...owner.write('PUT'), body: '{"version":' })
    expect(notJson).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body', code: 'invalid_json' } })
    expect(await revisionRows(server.id)).toHaveLength(0)
  })

  describe('a restricted owner', () => {
    // An imported listing: packages in the registry's camelCase with extra keys, owned by login.
    const imported = () =>
      insertServer({
        displayName: 'Imported',
        description: 'Imported server.',
        author: 'writes-restricted',
        version: '1.2.3',
        githubUrl: 'https://github.com/writes-restricted/tool',
        repoOwner: 'writes-restricted',
        tags: ['imported'],
        packages: [{ registryType: 'npm', identifier: '@wr/tool', version: '1.2.3', transport: { type: 'stdio' } }],
        remotes: [{ name: 'sse', url: 'https://tool.example.com/sse' }],
        metadata: { b: 1, a: { y: 2, x: 1 } },
      })

    const otherValues: Record<string, unknown> = {
      name: 'io.github.writes-restricted/renamed',
      displayName: 'Renamed',
      description: 'Changed description.',
      author: 'someone-else',
      version: '9.9.9',
      icon: 'https://example.com/icon.png',
      readmeText: '# Changed',
      tags: ['changed'],
      packages: [{ registry_type: 'npm', identifier: 'other', version: '1.0.0' }],
      remotes: [{ name: 'other', url: 'https://example.com/other' }],
      metadata: { changed: true },
    }

    it.each(Object.entries(otherValues))('may not change %s (403)', async (field, value) => {
      const server = await imported()
      const before = await row(server.id)
      const { status, body } = await update(restricted, server.id, { [field]: value })
      expect(status).toBe(403)
      expect(body).toEqual({
        error: 'Your account may change only the GitHub repository URL',
        code: 'forbidden',
        issues: [{ field, message: 'Not editable with restricted access' }],
      })
      expect(await row(server.id)).toEqual(before)
      expect(await revisionRows(server.id)).toHaveLength(0)
    })

    it('may change githubUrl alone (200)', async () => {
      const server = await imported()
      const { status, body } = await update(restricted, server.id, { githubUrl: 'https://github.com/writes-restricted/tool-v2' })
      expect(status).toBe(200)
      expect(body.githubUrl).toBe('https://github.com/writes-restricted/tool-v2')
      expect(await revisionRows(server.id)).toHaveLength(1)
    })

    it('may send the whole form as loaded with only githubUrl changed; stored shapes are kept', async () => {
      const server = await imported()
      const { status } = await update(restricted, server.id, {
        displayName: 'Imported',
        description: 'Imported server.',
        author: 'writes-restricted',
        version: '1.2.3',
        name: '',
        icon: '',
        githubUrl: 'https://github.com/writes-restricted/tool-next',
        tags: ['imported'],
        packages: [{ registry_type: 'npm', identifier: '@wr/tool', version: '1.2.3' }],
        remotes: [{ name: 'sse', url: 'https://tool.example.com/sse' }],
        metadata: { a: { x: 1, y: 2 }, b: 1 },
      })
      expect(status).toBe(200)
      const stored = await row(server.id)
      expect(stored.githubUrl).toBe('https://github.com/writes-restricted/tool-next')
      expect(stored.packages).toEqual([{ registryType: 'npm', identifier: '@wr/tool', version: '1.2.3', transport: { type: 'stdio' } }])
      const [revision] = await revisionRows(server.id)
      expect(Object.keys(revision.before!)).toEqual(['githubUrl'])
    })

    it('may not change githubUrl together with another field', async () => {
      const server = await imported()
      const { status, body } = await update(restricted, server.id, {
        githubUrl: 'https://github.com/writes-restricted/x',
        version: '2.0.0',
      })
      expect(status).toBe(403)
      expect(body.issues).toEqual([{ field: 'version', message: 'Not editable with restricted access' }])
      expect((await row(server.id)).githubUrl).toBe('https://github.com/writes-restricted/tool')
    })
  })
})

describe('soft delete and restore', () => {
  let owner: Client
  let stranger: Client
  let maintainer: Client
  let restricted: Client
  beforeAll(async () => {
    owner = await signIn('delete-owner')
    stranger = await signIn('delete-stranger')
    maintainer = await signIn('delete-maintainer')
    restricted = await signIn('delete-restricted', { restricted: true })
  })

  describe('DELETE /api/servers/{id}', () => {
    it('refuses a guest (401), a stranger and a restricted owner (403)', async () => {
      const server = await insertServer({ createdBy: restricted.user!.id, repoOwner: 'delete-restricted' })
      expect((await remove(visitor, server.id)).status).toBe(401)
      for (const client of [stranger, restricted]) {
        const res = await remove(client, server.id)
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ error: "You don't have permission to delete this MCP server.", code: 'forbidden' })
      }
      expect((await row(server.id)).status).toBe('active')
    })

    it.each([
      ['the owner by creation', () => ({ client: owner, server: insertServer({ createdBy: owner.user!.id }) })],
      ['the owner by GitHub login', () => ({ client: maintainer, server: insertServer({ repoOwner: 'delete-maintainer' }) })],
      ['an admin', () => ({ client: admin, server: insertServer() })],
    ])('lets %s delete (204), keeping the row', async (_, setup) => {
      const { client, server: pending } = setup()
      const server = await pending
      const res = await remove(client, server.id)
      expect(res.status).toBe(204)
      expect(await res.text()).toBe('')
      expect(await row(server.id)).toMatchObject({ status: 'deleted', displayName: server.displayName })
    })

    it('hides a deleted server from list, search, tags and detail for everyone but admins; restore brings it back', async () => {
      const { body: server } = await create(owner, { ...minimal(), displayName: 'Zanzibar Gateway', tags: ['soft-delete-tag'] })
      expect(await tagCount('soft-delete-tag')).toBe(1)
      expect((await remove(owner, server.id)).status).toBe(204)

      expect(await listed('?tags=soft-delete-tag')).toEqual([])
      expect(await listed('/search?q=zanzibar')).toEqual([])
      expect(await listed('?limit=50', admin)).not.toContain(server.id)
      expect(await tagCount('soft-delete-tag')).toBe(0)
      for (const client of [undefined, owner, stranger]) {
        expect(await json(`/api/servers/${server.id}`, client?.read())).toMatchObject({
          status: 404,
          body: { error: 'Server not found', code: 'server_not_found' },
        })
      }
      // The owner can no longer edit or see it; an admin can.
      expect((await update(owner, server.id, { version: '2.0.0' })).status).toBe(404)
      expect(await json(`/api/servers/${server.id}`, admin.read())).toMatchObject({ status: 200, body: { status: 'deleted' } })

      // Restore: admins only.
      expect((await restore(visitor, server.id)).status).toBe(401)
      for (const client of [stranger, restricted]) expect((await restore(client, server.id)).status).toBe(404)
      expect((await restore(owner, server.id)).status).toBe(404)
      const restored = await restore(admin, server.id)
      expect(restored).toMatchObject({ status: 200, body: { id: server.id, status: 'active', displayName: 'Zanzibar Gateway' } })

      expect(await listed('?tags=soft-delete-tag')).toEqual([server.id])
      expect(await listed('/search?q=zanzibar')).toEqual([server.id])
      expect(await tagCount('soft-delete-tag')).toBe(1)
      expect((await json(`/api/servers/${server.id}`)).status).toBe(200)
    })

    it('takes a deleted server out of package counts, and puts it back on restore', async () => {
      const server = await insertServer({ createdBy: owner.user!.id })
      const { body: category } = await json<{ id: string }>('/api/users/me/categories', owner.write('POST', { name: 'Soft delete' }))
      await call(`/api/users/me/categories/${category.id}/servers/${server.id}`, owner.write('POST'))
      const count = async () => (await json<{ serverCount: number }>(`/api/packages/${category.id}`, owner.read())).body.serverCount
      expect(await count()).toBe(1)
      expect((await remove(owner, server.id)).status).toBe(204)
      expect(await count()).toBe(0)
      await restore(admin, server.id)
      expect(await count()).toBe(1)
    })

    it('answers 404 for an unknown server and 400 for a malformed id', async () => {
      expect(await json(`/api/servers/${crypto.randomUUID()}`, owner.write('DELETE'))).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
      expect(await json('/api/servers/nope', owner.write('DELETE'))).toMatchObject({
        status: 400,
        body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
      })
    })

    it('is 404 to the owner once deleted, and a no-op (204) for an admin', async () => {
      const server = await insertServer({ createdBy: owner.user!.id, status: 'deleted' })
      expect(await json(`/api/servers/${server.id}`, owner.write('DELETE'))).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
      expect((await remove(admin, server.id)).status).toBe(204)
      expect((await row(server.id)).status).toBe('deleted')
    })
  })

  describe('POST /api/servers/{id}/restore', () => {
    it('refuses restore of an active server to its owner (403 Access denied); an admin restore is idempotent', async () => {
      const server = await insertServer({ createdBy: owner.user!.id })
      expect(await restore(owner, server.id)).toMatchObject({ status: 403, body: { error: 'Access denied', code: 'forbidden' } })
      expect(await restore(admin, server.id)).toMatchObject({ status: 200, body: { status: 'active' } })
    })

    it('lets an admin approve a pending import with restore', async () => {
      const server = await insertServer({ status: 'pending' })
      expect((await restore(admin, server.id)).body.status).toBe('active')
    })

    it('refuses a guest (401), and answers 404 for an unknown server and 400 for a malformed id', async () => {
      const server = await insertServer({ status: 'deleted' })
      expect(await restore(visitor, server.id)).toMatchObject({
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
      expect(await restore(admin, crypto.randomUUID())).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
      expect(await restore(admin, 'nope')).toMatchObject({
        status: 400,
        body: { error: 'Server ID must be a valid UUID', code: 'invalid_input' },
      })
      expect((await row(server.id)).status).toBe('deleted')
    })
  })
})

describe('revisions', () => {
  let owner: Client
  let stranger: Client
  let restricted: Client
  beforeAll(async () => {
    owner = await signIn('rev-owner')
    stranger = await signIn('rev-stranger')
    restricted = await signIn('rev-restricted', { restricted: true })
  })

  describe('GET /api/servers/{id}/revisions', () => {
    it('lists revisions newest first with author, kind and changed fields, for owners and admins only', async () => {
      const { body: server } = await create(owner, { ...minimal(), tags: ['rev-a'] })
      await update(owner, server.id, { description: 'Second.' })
      await update(owner, server.id, { tags: ['rev-b'], version: '2.0.0' })
      const { status, body } = await revisions(owner, server.id)
      expect(status).toBe(200)
      expect(body).toMatchObject({ total: 3, currentPage: 1, totalPages: 1 })
      expect(body.revisions.map((r) => [r.kind, r.changedFields.sort()])).toEqual([
        ['update', ['tags', 'version']],
        ['update', ['description']],
        ['create', expect.arrayContaining(['displayName', 'description', 'tags'])],
      ])
      expect(body.revisions[0]).toMatchObject({
        user: { username: 'rev-owner' },
        before: { tags: ['rev-a'], version: '1.0.0' },
        after: { tags: ['rev-b'], version: '2.0.0' },
      })
      expect(body.revisions[2].before).toBeNull()
      expect((await revisions(admin, server.id)).status).toBe(200)
      expect((await revisions(stranger, server.id)).status).toBe(403)
      expect((await json(`/api/servers/${server.id}/revisions`)).status).toBe(401)
      const paged = await json<ServerRevisionList>(`/api/servers/${server.id}/revisions?limit=1&page=3`, owner.read())
      expect(paged.body).toMatchObject({ total: 3, totalPages: 3, currentPage: 3 })
      expect(paged.body.revisions.map((r) => r.kind)).toEqual(['create'])
    })

    it('answers 400 for a malformed id or page, 404 for an unknown server, 401 for a guest and 403 for a stranger', async () => {
      const { body: server } = await create(owner, minimal())
      expectInvalidInput(await json('/api/servers/nope/revisions', owner.read()), 'id', 'Server ID must be a valid UUID')
      expectInvalidInput(await json(`/api/servers/${server.id}/revisions?page=0`, owner.read()), 'page')
      expect(await revisions(owner, crypto.randomUUID())).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
      expect(await revisions(visitor, server.id)).toMatchObject({
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
      expect(await revisions(stranger, server.id)).toMatchObject({
        status: 403,
        body: { error: "You don't have permission to edit this MCP server.", code: 'forbidden' },
      })
    })
  })

  describe('POST /api/servers/{id}/revisions/{revisionId}/revert', () => {
    it('reverts a bad edit: its fields go back, a new revision is written, tags stay in step', async () => {
      const { body: server } = await create(owner, { ...minimal(), description: 'Good text.', tags: ['rev-good'] })
      await update(owner, server.id, { description: 'Vandalised!', tags: ['rev-bad'] })
      await update(owner, server.id, { version: '1.1.0' })
      const bad = (await revisions(owner, server.id)).body.revisions.find(
        (r) => r.changedFields.includes('description') && r.kind === 'update',
      )!
      const { status, body } = await revert(owner, server.id, bad.id)
      expect(status).toBe(200)
      // Only the reverted revision's fields change; the later version edit stays.
      expect(body).toMatchObject({ description: 'Good text.', tags: ['rev-good'], version: '1.1.0' })
      expect(await tagRows(server.id)).toEqual(['rev-good'])
      expect(await listed('?tags=rev-good')).toEqual([server.id])
      expect(await listed('?tags=rev-bad')).toEqual([])
      const after = (await revisions(owner, server.id)).body.revisions
      expect(after).toHaveLength(4)
      expect(after[0]).toMatchObject({
        kind: 'update',
        before: { description: 'Vandalised!', tags: ['rev-bad'] },
        after: { description: 'Good text.', tags: ['rev-good'] },
      })
    })

    it('refuses to revert the registration (409), an unknown revision or one of another server (404), and a stranger (403)', async () => {
      const { body: server } = await create(owner, minimal())
      const { body: other } = await create(owner, minimal())
      await update(owner, other.id, { version: '5.0.0' })
      const [createdRevision] = (await revisions(owner, server.id)).body.revisions
      const [otherRevision] = (await revisions(owner, other.id)).body.revisions
      expect((await revert(owner, server.id, createdRevision.id)).status).toBe(409)
      expect(await revert(owner, server.id, crypto.randomUUID())).toMatchObject({
        status: 404,
        body: { error: 'Revision not found', code: 'revision_not_found' },
      })
      expect((await revert(owner, server.id, otherRevision.id)).status).toBe(404)
      expect((await revert(stranger, other.id, otherRevision.id)).status).toBe(403)
      expect((await revert(visitor, other.id, otherRevision.id)).status).toBe(401)
      expect((await row(other.id)).version).toBe('5.0.0')
    })

    it('lets a restricted owner revert only a repository-link change', async () => {
      const server = await insertServer({ repoOwner: 'rev-restricted', githubUrl: 'https://github.com/rev-restricted/a', version: '1.0.0' })
      await update(admin, server.id, { version: '6.6.6' })
      await update(restricted, server.id, { githubUrl: 'https://github.com/rev-restricted/b' })
      const list = (await revisions(restricted, server.id)).body.revisions
      const versionEdit = list.find((r) => r.changedFields.includes('version'))!
      const linkEdit = list.find((r) => r.changedFields.includes('githubUrl'))!
      expect((await revert(restricted, server.id, versionEdit.id)).status).toBe(403)
      expect((await row(server.id)).version).toBe('6.6.6')
      expect((await revert(restricted, server.id, linkEdit.id)).body.githubUrl).toBe('https://github.com/rev-restricted/a')
    })

    it('answers each refusal with its error and code', async () => {
      const { body: server } = await create(owner, minimal())
      await update(owner, server.id, { version: '3.0.0' })
      const [edit, registration] = (await revisions(owner, server.id)).body.revisions
      expect(await revert(owner, server.id, registration.id)).toMatchObject({
        status: 409,
        body: { error: 'The registration cannot be reverted; delete the server instead', code: 'conflict' },
      })
      expectInvalidInput(await revert(owner, server.id, 'nope'), 'revisionId', 'Revision ID must be a valid UUID')
      expectInvalidInput(await revert(owner, 'nope', edit.id), 'id', 'Server ID must be a valid UUID')
      expect(await revert(owner, crypto.randomUUID(), edit.id)).toMatchObject({
        status: 404,
        body: { error: 'Server not found', code: 'server_not_found' },
      })
      expect(await revert(visitor, server.id, edit.id)).toMatchObject({
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
      expect(await revert(stranger, server.id, edit.id)).toMatchObject({
        status: 403,
        body: { error: "You don't have permission to edit this MCP server.", code: 'forbidden' },
      })
      expect((await row(server.id)).version).toBe('3.0.0')
    })
  })
})
