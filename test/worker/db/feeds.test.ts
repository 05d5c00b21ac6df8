import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { latestServers, taggedServers } from '../../../worker/db/feeds'
import { FEED_ITEMS } from '../../../worker/lib/render/feeds/render'
import { db } from '../helpers'

/** Servers 1..n with tag `tag` (every seventh deleted), updated in an order unlike their insertion. */
async function bulkTagged(tag: string, n: number) {
  await env.DB.prepare(
    `INSERT INTO servers (id, name, display_name, description, status, updated_at)
     WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2)
     SELECT printf('%s-%05d', ?1, i), printf('io.github.t/%s-%d', ?1, i), printf('%s %d', ?1, i), 'Bulk', 
       CASE WHEN i % 7 = 0 THEN 'deleted' ELSE 'active' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', (i * 7919) % ?2))
     FROM k`,
  )
    .bind(tag, n)
    .run()
  await env.DB.prepare(`INSERT INTO server_tags (server_id, tag) SELECT id, ?1 FROM servers WHERE id LIKE ?1 || '-%'`).bind(tag).run()
}

/** What either plan must return: the tag's active servers, most recently updated first. */
async function expected(tag: string) {
  const rows = await env.DB.prepare(
    `SELECT s.id FROM servers s JOIN server_tags t ON t.server_id = s.id WHERE t.tag = ? AND s.status = 'active'
     ORDER BY s.updated_at DESC, s.id DESC LIMIT ?`,
  )
    .bind(tag, FEED_ITEMS)
    .all<{ id: string }>()
  return rows.results.map((r) => r.id)
}

beforeAll(async () => {
  await bulkTagged('rare', 120)
  await bulkTagged('common', 2500)
})

describe('taggedServers', () => {
  it('reads a rare tag by its rows and a common one by the update order, with the same answer either way', async () => {
    for (const tag of ['rare', 'common']) {
      const ids = (await taggedServers(db(), tag)).map((s) => s.id)
      expect(ids).toHaveLength(FEED_ITEMS)
      expect(ids).toEqual(await expected(tag))
    }
    expect(await taggedServers(db(), 'absent')).toEqual([])
  })
})

describe('latestServers', () => {
  it('lists active servers newest first, at most a feed of them', async () => {
    const rows = await latestServers(db(), 'updated')
    expect(rows).toHaveLength(FEED_ITEMS)
    expect(rows.map((r) => r.updatedAt)).toEqual(
      rows
        .map((r) => r.updatedAt)
        .sort()
        .reverse(),
    )
  })
})
