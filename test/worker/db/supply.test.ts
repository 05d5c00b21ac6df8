/**
 * The watch's two reads that run every minute whatever the catalogue's size: the listings to enrol
 * and the due packages. Each must go by its index, never scanning or sorting the table.
 */
import { describe, expect, it } from 'vitest'
import { dueWatchesQuery, toEnrolQuery } from '../../../worker/db/supply'
import { db, planOf } from '../helpers'

describe('the watch reads by index', () => {
  it('finds listings to enrol by the partial index of rows not enrolled', async () => {
    const plan = await planOf(toEnrolQuery(db(), 100))
    expect(plan[0]).toMatch(/^SCAN servers USING INDEX servers_supply_rev_idx/)
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
  })

  it('finds due packages by the due index, in its order', async () => {
    const plan = await planOf(dueWatchesQuery(db(), new Date(), 25))
    expect(plan[0]).toMatch(/^(SCAN|SEARCH) watched_packages USING INDEX watched_packages_due_idx/)
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
  })
})
