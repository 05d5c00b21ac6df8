import { beforeAll, describe, expect, it } from 'vitest'
import { type RegistryPageOptions, registryListingQuery, registryPageQuery } from '../../../worker/db/registry'
import { insertServer } from '../factories'
import { db, planOf } from '../helpers'

beforeAll(async () => {
  for (let i = 0; i < 50; i++) await insertServer({ name: `io.github.plan/server-${i}`, status: i % 10 === 0 ? 'deleted' : 'active' })
})

describe('registryPageQuery', () => {
  const pages: Array<[string, Partial<RegistryPageOptions>]> = [
    ['the first page', {}],
    ['a page after a cursor', { after: 'io.github.plan/server-2' }],
    ['a page with deleted listings', { after: 'io.github.plan/server-2', includeDeleted: true }],
  ]

  it.each(pages)('walks the name index in order for %s, never sorting', async (_, opts) => {
    const plan = await planOf(registryPageQuery(db(), { limit: 30, includeDeleted: false, ...opts }))
    const outer = plan.find((d) => /^(SCAN|SEARCH) servers\b/.test(d))
    expect(outer).toMatch(/^(SCAN|SEARCH) servers USING INDEX servers_registry_api_idx/)
    // The listings sharing a name are looked up by the same index, not scanned.
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH other USING INDEX servers_registry_api_idx/))
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN other|SCAN featured/)
  })
})

describe('registryPageQuery for a search', () => {
  it('walks at most SEARCH_WALK names of the name index in order, looks each row up by key, never sorting', async () => {
    const plan = await planOf(
      registryPageQuery(db(), { limit: 30, includeDeleted: false, search: 'server-1', after: 'io.github.plan/server-2' }),
    )
    expect(plan).toContainEqual(expect.stringMatching(/^(SCAN|SEARCH) servers USING (COVERING )?INDEX servers_registry_api_idx/))
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH servers USING INTEGER PRIMARY KEY/))
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH other USING INDEX servers_registry_api_idx/))
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN other|SCAN featured/)
  })
})

describe('registryListingQuery', () => {
  it('finds a name by the name index', async () => {
    const plan = await planOf(registryListingQuery(db(), 'io.github.plan/server-7'))
    expect(plan[0]).toMatch(/^SEARCH servers USING INDEX servers_registry_api_idx \(<expr>=\? AND status=\?\)/)
    // No table is scanned; the one virtual table walked is the json_each of one surface's tool names.
    expect(plan.join('\n')).not.toMatch(/SCAN (?!t VIRTUAL TABLE)/)
  })
})

describe('registryPageQuery since a time', () => {
  it('is a valid statement the planner may start from any index', async () => {
    const plan = await planOf(registryPageQuery(db(), { limit: 30, includeDeleted: true, updatedSince: '2026-01-01T00:00:00.000Z' }))
    expect(plan.join('\n')).not.toMatch(/SCAN servers\b(?! USING)/)
  })
})
