/** The table of scheduled work: what the deploy triggers is exactly what the table runs. */
import { env } from 'cloudflare:test'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { QUEUES, runSchedule, SCHEDULES } from '../../../worker/jobs/schedule'
import wranglerToml from '../../../wrangler.toml?raw'
import { db } from '../helpers'

const config = parseToml(wranglerToml) as { triggers: { crons: string[] }; queues?: { consumers?: Array<{ queue: string }> } }

describe('the schedule table', () => {
  it('has the Cron Triggers of wrangler.toml as its keys, each with jobs to run', () => {
    expect(Object.keys(SCHEDULES).sort()).toEqual([...config.triggers.crons].sort())
    for (const jobs of Object.values(SCHEDULES)) expect(jobs.length).toBeGreaterThan(0)
  })

  it('has a consumer for each Queue wrangler.toml consumes, and none other', () => {
    expect(Object.keys(QUEUES).sort()).toEqual((config.queues?.consumers ?? []).map((c) => c.queue).sort())
  })

  it('refuses a schedule it does not know rather than running something else', async () => {
    await expect(runSchedule('0 0 1 1 *', { db: db(), env })).rejects.toThrow("No jobs for the schedule '0 0 1 1 *'")
  })
})
