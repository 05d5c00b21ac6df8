/**
 * The registry API over the real snapshot (data/): a client paging with cursors reads every
 * servable listing exactly once, and every page of 2025 entries, converted to the current
 * server.json shape, validates against the registry's OpenAPI file.
 */
import { beforeAll, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { importEntries } from '../../../worker/db/imports'
import { servers } from '../../../worker/db/schema'
import { isRegistryName } from '../../../worker/lib/render/registry-api'
import { db, json } from '../helpers'
import { expectConforms } from '../registry-conformance'

beforeAll(async () => {
  await importEntries(db(), seed)
})

it('pages the whole imported catalogue once, every page conforming', async () => {
  const rows = await db().select({ name: servers.name, registryName: servers.registryName, status: servers.status }).from(servers)
  const expected = rows
    .filter((r) => r.status === 'active')
    .map((r) => r.registryName ?? r.name)
    .filter(isRegistryName)
    .sort()
  expect(expected.length).toBeGreaterThan(300)

  const seen: string[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const query = new URLSearchParams({ limit: String(LIMITS.registryMaxLimit), ...(cursor ? { cursor } : {}) })
    const { status, body } = await json(`/v0.1/servers?${query}`)
    expect(status).toBe(200)
    expectConforms(status, body, '/v0.1/servers')
    seen.push(...body.servers.map((s: { server: { name: string } }) => s.server.name))
    cursor = body.metadata.nextCursor
    pages++
  } while (cursor && pages < 50)
  expect(seen).toEqual(expected)
})
