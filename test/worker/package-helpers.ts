import { count, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { PackageSummary } from '@shared/types'
import { packageLikes, packageServers, packages, packageViews } from '../../worker/db/schema'
import type { Client } from './auth-helpers'
import { db, json } from './helpers'

/** A package's row with its like, server and view rows counted, to compare the kept counts with. */
export async function storedPackage(id: string) {
  const [row] = await db().select().from(packages).where(eq(packages.id, id))
  const [likes] = await db().select({ n: count() }).from(packageLikes).where(eq(packageLikes.packageId, id))
  const [members] = await db().select({ n: count() }).from(packageServers).where(eq(packageServers.packageId, id))
  const [views] = await db().select({ n: count() }).from(packageViews).where(eq(packageViews.packageId, id))
  return { ...row, likeRows: likes.n, serverRows: members.n, viewRows: views.n }
}

export async function createCategory(client: Client, body: unknown) {
  return json<PackageSummary>('/api/users/me/categories', client.write('POST', body))
}

/** A category of `client` through the API, optionally published, with the given servers. */
export async function category(client: Client, name: string, opts: { public?: boolean; servers?: string[] } = {}) {
  const { body } = await createCategory(client, { name })
  for (const serverId of opts.servers ?? []) {
    expect((await json(`/api/users/me/categories/${body.id}/servers/${serverId}`, client.write('POST'))).status).toBe(200)
  }
  if (opts.public) expect((await json(`/api/packages/${body.id}/public-status`, client.write('PUT', { isPublic: true }))).status).toBe(200)
  return body.id
}
