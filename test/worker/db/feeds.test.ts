import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { authorServers, latestServers, taggedServers } from '../../../worker/db/feeds'
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

describe('authorServers', () => {
  /**
   * An author with more servers than a feed, both ways a listing names its author: repositories
   * the login owns, and listings without a repository whose author field is the login in any
   * case; with deleted and pending ones, same-time ties, and a listing of another owner that
   * carries the login as author field (not the author's). Update times interleave the two kinds.
   */
  beforeAll(async () => {
    await env.DB.prepare(
      `INSERT INTO servers (id, name, display_name, description, author, status, github_url, repo_owner, updated_at)
       WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300)
       SELECT printf('author-%05d', i), printf('io.github.a/author-%d', i), printf('Author %d', i), 'Bulk',
         CASE i % 3 WHEN 0 THEN 'BulkAuthor' WHEN 1 THEN 'bulkauthor' ELSE 'BULKAUTHOR' END,
         CASE WHEN i % 11 = 0 THEN 'deleted' WHEN i % 13 = 0 THEN 'pending' ELSE 'active' END,
         CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN printf('https://github.com/someone/x-%d', i) ELSE printf('https://github.com/BulkAuthor/x-%d', i) END,
         CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN 'someone' ELSE 'bulkauthor' END,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', (i * 7919) % 97))
       FROM k`,
    ).run()
  })

  /** What the feed showed when it read every server of the author and sorted them. */
  async function expected(login: string) {
    const rows = await env.DB.prepare(
      `SELECT id FROM servers WHERE status = 'active' AND (repo_owner = lower(?1) OR (repo_owner IS NULL AND author = ?1 COLLATE NOCASE))
       ORDER BY updated_at DESC, id DESC LIMIT ?2`,
    )
      .bind(login, FEED_ITEMS)
      .all<{ id: string }>()
    return rows.results.map((r) => r.id)
  }

  it('holds the newest of both kinds of listing, in the same order as sorting every one of them', async () => {
    for (const login of ['bulkauthor', 'BulkAuthor', 'someone']) {
      const ids = (await authorServers(db(), login)).map((s) => s.id)
      expect(ids, login).toEqual(await expected(login))
    }
    const ids = (await authorServers(db(), 'BulkAuthor')).map((s) => s.id)
    expect(ids).toHaveLength(FEED_ITEMS)
    // Both kinds made the feed, so the merge was tested.
    const noRepo = (await env.DB.prepare("SELECT id FROM servers WHERE id LIKE 'author-%' AND repo_owner IS NULL").all<{ id: string }>())
      .results
    expect(ids.some((id) => noRepo.some((r) => r.id === id))).toBe(true)
    expect(ids.some((id) => !noRepo.some((r) => r.id === id))).toBe(true)
    expect(await authorServers(db(), 'nobody-here')).toEqual([])
  })
})
