import { featured, type NewServerRow, serverCategories, servers, serverTags } from '../../worker/db/schema'
import { db } from './helpers'

let counter = 0

/** Inserts an active server (and its tag and category rows) with sensible defaults; returns the row. */
export async function insertServer(overrides: Partial<NewServerRow> = {}) {
  counter++
  const row: NewServerRow = {
    id: crypto.randomUUID(),
    name: `io.github.test/server-${counter}`,
    displayName: `Server ${counter}`,
    description: `Test server number ${counter}`,
    author: 'acme',
    tags: [],
    ...overrides,
  }
  await db().insert(servers).values(row)
  if (row.tags?.length)
    await db()
      .insert(serverTags)
      .values(row.tags.map((tag) => ({ serverId: row.id!, tag })))
  if (row.categories?.length) {
    const source = row.localEdits?.includes('categories') ? 'human' : 'auto'
    await db()
      .insert(serverCategories)
      .values(row.categories.map((category) => ({ serverId: row.id!, category, source })))
  }
  return row as NewServerRow & { id: string }
}

export async function insertFeatured(serverId: string, values: Partial<typeof featured.$inferInsert> = {}) {
  await db()
    .insert(featured)
    .values({ serverId, commentHtml: '<p><b>Great</b> server</p>', ...values })
}
