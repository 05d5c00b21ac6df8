import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PackageList } from '@shared/types'
import { packages } from '../../../worker/db/schema'
import { signIn } from '../auth-helpers'
import { db, json } from '../helpers'
import { category } from '../package-helpers'

/** The list's total, which the kept count answers, and the public packages a full list shows. */
async function listed() {
  const { body } = await json<PackageList>('/api/packages')
  return { total: body.total, shown: body.packages.length }
}

describe('the kept count of public packages (migrations/0024_package_counts.sql)', () => {
  it('follows publishing, unpublishing and deleting, so the list total is the number of public packages', async () => {
    const alice = await signIn('count-alice')
    const before = await listed()
    expect(before.total).toBe(before.shown)
    const one = await category(alice, 'One', { public: true })
    const two = await category(alice, 'Two', { public: true })
    await category(alice, 'Private')
    expect(await listed()).toEqual({ total: before.total + 2, shown: before.shown + 2 })

    expect((await json(`/api/packages/${two}/public-status`, alice.write('PUT', { isPublic: false }))).status).toBe(200)
    expect(await listed()).toEqual({ total: before.total + 1, shown: before.shown + 1 })
    // Publishing what is already public changes nothing.
    expect((await json(`/api/packages/${one}/public-status`, alice.write('PUT', { isPublic: true }))).status).toBe(200)
    expect(await listed()).toEqual({ total: before.total + 1, shown: before.shown + 1 })

    // No route deletes a package; deleting its owner does (the rows cascade).
    await db().delete(packages).where(eq(packages.id, one))
    expect(await listed()).toEqual(before)
  })
})
