/**
 * A registry search looks through at most SEARCH_WALK names a page (worker/db/registry.ts): a
 * fragment few names hold no longer walks the whole catalogue for one page, and following the
 * cursors still finds every match, each once, in name order.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_WALK } from '../../../worker/db/registry'
import { measure } from '../cost-measure'
import { json } from '../helpers'
import { seedScale } from '../scale-seed'

interface Page {
  servers: Array<{ server: { name: string } }>
  metadata: { count: number; nextCursor?: string }
}

const COUNT = 2_500

async function pages(search: string, limit = 100) {
  const found: Page[] = []
  let cursor: string | undefined
  for (let i = 0; i < 20; i++) {
    const params = new URLSearchParams({ search, limit: String(limit), ...(cursor ? { cursor } : {}) })
    const { status, body } = await json<Page>(`/v0.1/servers?${params}`)
    expect(status).toBe(200)
    expect(body.metadata.count).toBe(body.servers.length)
    found.push(body)
    cursor = body.metadata.nextCursor
    if (!cursor) return found
  }
  throw new Error('more than 20 pages')
}

const names = (found: Page[]) => found.flatMap((p) => p.servers.map((s) => s.server.name))

describe('a registry search walks a bounded stretch of names a page', () => {
  beforeAll(() => seedScale(1, COUNT))

  it('ends a page after SEARCH_WALK names with what it found, and its cursor walks on', async () => {
    const found = await pages('server-2222')
    // The names sort as text (server-1, server-10, server-100, ...): server-2222 is past the first
    // SEARCH_WALK, so the first page is empty and says where the walk goes on.
    expect(found[0].servers).toEqual([])
    expect(found[0].metadata.nextCursor).toBeTruthy()
    expect(names(found)).toEqual(['io.github.scale/server-2222'])
    expect(found.length).toBe(Math.ceil(COUNT / SEARCH_WALK))
  })

  it('still fills a page at once when the fragment is common, and pages on from its last listing', async () => {
    const found = await pages('server-1')
    expect(found[0].servers).toHaveLength(100)
    const all = names(found)
    const expected = Array.from({ length: COUNT }, (_, i) => `io.github.scale/server-${i + 1}`)
      .filter((n) => n.includes('server-1'))
      .sort()
    expect(all).toEqual(expected)
  })

  it('reads about twice SEARCH_WALK index entries for a fragment no name holds, not the catalogue', async () => {
    // The page walks SEARCH_WALK names; finding too few, it reads where the walk ended, for the cursor.
    const cost = await measure('/v0.1/servers?search=nothing-here')
    expect(cost.roundTrips).toBe(2)
    expect(cost.rowsRead).toBeGreaterThanOrEqual(2 * SEARCH_WALK)
    expect(cost.rowsRead).toBeLessThanOrEqual(2 * SEARCH_WALK + 10)
  })

  it('reads only as far as a common fragment fills the page, in one round trip', async () => {
    const cost = await measure('/v0.1/servers?search=server-1&limit=10')
    expect(cost.roundTrips).toBe(1)
    expect(cost.rowsRead).toBeLessThan(SEARCH_WALK / 4)
  })
})
