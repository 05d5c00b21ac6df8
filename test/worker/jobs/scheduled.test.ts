import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { cardInstallCommand, INSTALL_REV } from '@shared/install'
import { servers, syncRuns } from '../../../worker/db/schema'
import worker from '../../../worker/index'
import { installSummary } from '../../../worker/lib/render/registry-api'
import { db } from '../helpers'

/** One invocation of a Cron Trigger through the Worker's own scheduled handler. */
async function fireCron(cron: string, bindings: Env = env) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), bindings, ctx)
  await waitOnExecutionContext(ctx)
}

describe('the Cron Trigger', () => {
  it("with the registry sync off (REGISTRY_SYNC_ENABLED=false, npm start's default) starts no run (a run is recorded before the registry is asked)", async () => {
    await fireCron('* * * * *', { ...env, REGISTRY_SYNC_ENABLED: 'false' })
    await fireCron('* * * * *', { ...env, REGISTRY_SYNC_ENABLED: 'false' })
    expect(await db().select().from(syncRuns)).toEqual([])
  })

  it('fills an empty catalogue from the registry: the first invocation starts a full run, the next ones continue it', async () => {
    const fire = () => fireCron('* * * * *')
    await fire()
    const [first] = await db().select().from(syncRuns)
    expect(first).toMatchObject({ kind: 'full', status: 'running', pages: 2, invocations: 1 })
    await fire()
    await fire()
    const [done] = await db().select().from(syncRuns)
    expect(done).toMatchObject({ id: first.id, status: 'completed', pages: 4, invocations: 2, added: 7 })
    const synced = await db().select().from(servers)
    expect(synced.length).toBe(7)
    // The same invocations generated and kept every synced server's card command and registry install options.
    for (const s of synced) {
      const listing = { name: s.name, version: s.version, packages: s.packages, remotes: s.remotes }
      expect(s.installRev).toBe(INSTALL_REV)
      expect(s.cardInstall).toBe(cardInstallCommand(listing))
      expect(s.registryInstall).toBe(JSON.stringify(installSummary({ ...listing, name: s.registryName ?? s.name })))
    }
    // Completed within the hour: the next minute's invocation starts nothing.
    expect((await db().select().from(syncRuns)).length).toBe(1)
  })
})
