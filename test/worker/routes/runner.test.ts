/**
 * The probe runner's endpoints: the bearer token (and nothing else) lets a runner in; a claim
 * leases due packages so two runners never get the same one; a result is taken only under a
 * current lease, read as untrusted input, and stored as a 'package' surface the Tools tab shows.
 */
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RunnerClaimResponse, RunnerJob, RunnerResultResponse, ServerToolsResponse } from '@shared/surface'
import { MAX_BODY_BYTES } from '../../../worker/app'
import { packageProbeSchedule, serverProbes, servers } from '../../../worker/db/schema'
import { POSTED_CAPS } from '../../../worker/lib/posted-surface'
import { RUNNER_MAX_BODY_BYTES } from '../../../worker/routes/runner'
import { insertServer } from '../factories'
import { call, db, json } from '../helpers'
import { outcomeOf, surfaceOf } from '../probe-helpers'
import { bearer, RUNNER_TOKEN, runnerEnv, runnerPost } from '../runner-helpers'

const npmPackage = (name: string, version: string | undefined = '1.2.3') => ({
  registryType: 'npm',
  identifier: name,
  ...(version ? { version } : {}),
  transport: { type: 'stdio' },
})

/** A listed server whose only way in is an npm package. */
const packaged = (name = `@acme/pkg-${crypto.randomUUID().slice(0, 8)}`, overrides = {}) =>
  insertServer({ version: '1.2.3', packages: [npmPackage(name)], ...overrides })

async function claim(body: unknown = {}): Promise<RunnerJob[]> {
  const res = await runnerPost('/api/runner/claim', body)
  expect(res.status).toBe(200)
  return ((await res.json()) as RunnerClaimResponse).jobs
}

/** Claims until the job for `serverId` comes (earlier tests' listings may be due too). */
async function jobFor(serverId: string): Promise<RunnerJob> {
  for (let i = 0; i < 10; i++) {
    const job = (await claim({ limit: 20 })).find((j) => j.serverId === serverId)
    if (job) return job
  }
  throw new Error(`no job for ${serverId}`)
}

const resultOf = (job: RunnerJob, outcome: Record<string, unknown>) => ({
  jobId: job.jobId,
  serverId: job.serverId,
  version: job.version,
  outcome: { ...outcomeOf('ok', surfaceOf(['read_file'])), transport: 'stdio', target: `npm:${job.package.identifier}@1.2.3`, ...outcome },
})

const errorOf = async (res: Response) => ((await res.json()) as { error: string; code: string }).error

describe('the runner token', () => {
  it('is the only way in: without the secret set the endpoints do not exist', async () => {
    // The test Worker (like a deploy without a runner) has no PROBE_RUNNER_TOKEN.
    for (const path of ['/api/runner/claim', '/api/runner/results']) {
      const res = await call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...bearer() }, body: '{}' })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' })
    }
  })

  it('refuses a missing, wrong or malformed token with 401 and the spec’s error', async () => {
    const refused: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['wrong', bearer('not-the-token')],
      ['a prefix of it', bearer(RUNNER_TOKEN.slice(0, -1))],
      ['it with more', bearer(`${RUNNER_TOKEN}x`)],
      ['another scheme', { Authorization: `Basic ${RUNNER_TOKEN}` }],
      ['empty', { Authorization: 'Bearer ' }],
    ]
    for (const [why, headers] of refused) {
      const res = await runnerPost('/api/runner/claim', {}, headers)
      expect({ why, status: res.status, body: await res.json() }).toEqual({
        why,
        status: 401,
        body: { error: 'Authentication required', code: 'auth_required' },
      })
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer')
    }
  })

  it('needs no cookie and no CSRF token, and hands out nothing while probing is off', async () => {
    await packaged()
    const res = await runnerPost('/api/runner/claim', {}, bearer(), { ...runnerEnv, PROBE_ENABLED: 'false' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jobs: [] })
  })
})

describe('POST /api/runner/claim', () => {
  it('hands out a due package with its exact version, arguments and declared variables', async () => {
    const s = await insertServer({
      version: '2.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: '@acme/files',
          version: '2.0.0',
          runtimeHint: 'npx',
          transport: { type: 'stdio' },
          packageArguments: [
            { type: 'positional', value: '/data' },
            { type: 'named', name: '--root', isRequired: true },
            { type: 'named', name: '--verbose', isRequired: false },
          ],
          environmentVariables: [
            { name: 'ACME_TOKEN', isRequired: true, isSecret: true, default: 'leaked?' },
            { name: 'ACME_REGION', default: 'eu' },
          ],
        },
      ],
    })
    const job = await jobFor(s.id)
    expect(job).toEqual({
      jobId: expect.stringMatching(/^[0-9a-f]{32}$/),
      serverId: s.id,
      version: '2.0.0',
      package: {
        registryType: 'npm',
        identifier: '@acme/files',
        version: '2.0.0',
        runtimeHint: 'npx',
        runtimeArguments: [],
        packageArguments: [
          expect.objectContaining({ type: 'positional', value: '/data' }),
          expect.objectContaining({ type: 'named', name: '--root', isRequired: true, value: null }),
          expect.objectContaining({ type: 'named', name: '--verbose', isRequired: false, value: null }),
        ],
        environmentVariables: [
          // A secret's default is never handed out.
          expect.objectContaining({ name: 'ACME_TOKEN', isRequired: true, isSecret: true, default: null }),
          expect.objectContaining({ name: 'ACME_REGION', isRequired: false, isSecret: false, default: 'eu' }),
        ],
      },
      leaseUntil: expect.any(String),
    })
    expect(Date.parse(job.leaseUntil)).toBeGreaterThan(Date.now())
  })

  it('names no version where the listing pins none, and gives an image’s tag as its version', async () => {
    const unpinned = await insertServer({ packages: [npmPackage('@acme/latest', 'latest')] })
    const image = await insertServer({
      packages: [{ registry_name: 'docker', name: 'docker', package_arguments: [{ type: 'positional', value: 'ghcr.io/acme/srv:0.4.1' }] }],
    })
    const jobs = await claim({ limit: 20 })
    expect(jobs.find((j) => j.serverId === unpinned.id)?.package).toMatchObject({
      registryType: 'npm',
      identifier: '@acme/latest',
      version: null,
    })
    expect(jobs.find((j) => j.serverId === image.id)?.package).toMatchObject({
      registryType: 'oci',
      identifier: 'ghcr.io/acme/srv:0.4.1',
      version: '0.4.1',
    })
  })

  it('leaves out remotes (the Worker reads them), unknown registries, unlisted servers, and defers packages that serve HTTP', async () => {
    const remote = await insertServer({
      packages: [npmPackage('@acme/r')],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }],
    })
    const unknown = await insertServer({ packages: [{ registryType: 'cargo', identifier: 'acme', version: '1.0.0' }] })
    const deleted = await packaged(undefined, { status: 'deleted' })
    const http = await insertServer({
      packages: [{ ...npmPackage('@acme/http'), transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' } }],
    })
    const handed = (await claim({ limit: 20 })).concat(await claim({ limit: 20 })).map((j) => j.serverId)
    for (const s of [remote, unknown, deleted, http]) expect(handed).not.toContain(s.id)
    // The HTTP one was claimed, found not runnable and put off for a week.
    const [row] = await db().select().from(packageProbeSchedule).where(eq(packageProbeSchedule.serverId, http.id))
    expect(row.leaseUntil).toBeNull()
    expect(Date.parse(row.dueAt) - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000)
  })

  it('never gives two runners the same package', async () => {
    const ours = await Promise.all(Array.from({ length: 6 }, () => packaged()))
    const [a, b] = await Promise.all([claim({ limit: 20, runner: 'a' }), claim({ limit: 20, runner: 'b' })])
    const ids = [...a, ...b].map((j) => j.serverId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const s of ours) expect(ids).toContain(s.id)
    // Held: a third runner gets none of them.
    const c = (await claim({ limit: 20 })).map((j) => j.serverId)
    for (const s of ours) expect(c).not.toContain(s.id)
  })

  it('with a serverId leases that listing only, due or not, and leaves every other due package alone', async () => {
    const wanted = await packaged()
    const job = await jobFor(wanted.id)
    await runnerPost('/api/runner/results', resultOf(job, {}))
    // Probed a moment ago: not due until tomorrow, so a plain claim would not hand it out.
    expect((await claim({ limit: 20 })).map((j) => j.serverId)).not.toContain(wanted.id)
    const due = await packaged()
    const withRemote = await insertServer({
      packages: [npmPackage('@acme/both')],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }],
    })

    const jobs = await claim({ serverId: wanted.id })
    expect(jobs).toEqual([
      expect.objectContaining({
        serverId: wanted.id,
        version: '1.2.3',
        package: expect.objectContaining({ identifier: job.package.identifier }),
      }),
    ])
    const [held] = await db().select().from(packageProbeSchedule).where(eq(packageProbeSchedule.serverId, wanted.id))
    expect(held).toMatchObject({ jobId: jobs[0].jobId, jobVersion: '1.2.3' })
    expect(Date.parse(held.leaseUntil!)).toBeGreaterThan(Date.now())
    // The other due listing was not leased: no row, so the next plain claim hands it out.
    expect(await db().select().from(packageProbeSchedule).where(eq(packageProbeSchedule.serverId, due.id))).toEqual([])
    expect((await claim({ limit: 20 })).map((j) => j.serverId)).toContain(due.id)
    // A person may ask for the package of a listing that also has a remote.
    expect((await claim({ serverId: withRemote.id })).map((j) => j.package.identifier)).toEqual(['@acme/both'])
    // Held now: asked again, nothing is handed out twice; the result of the job is stored as usual.
    expect(await claim({ serverId: wanted.id })).toEqual([])
    expect((await runnerPost('/api/runner/results', resultOf(jobs[0], {}))).status).toBe(200)
  })

  it('with a serverId hands out nothing for a listing without a runnable package, or no listing', async () => {
    const remoteOnly = await insertServer({ remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }] })
    const deleted = await packaged(undefined, { status: 'deleted' })
    for (const serverId of [remoteOnly.id, deleted.id, 'no-such-listing']) expect(await claim({ serverId })).toEqual([])
    const res = await runnerPost('/api/runner/claim', { serverId: '' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ field: 'serverId' })] })
  })

  it('refuses a limit outside 1..20 with 400', async () => {
    for (const limit of [0, 21, 1.5, '5']) {
      const res = await runnerPost('/api/runner/claim', { limit })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ field: 'limit' })] })
    }
  })
})

describe('POST /api/runner/results', () => {
  it('stores a surface read under a current lease as the package’s, shown on the Tools tab', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const surface = surfaceOf(['read_file', 'write_file'])
    // A hash posted by the runner is not taken: the Worker computes its own.
    const body = { ...resultOf(job, { surface }), hashes: { surface: 'forged' } }
    const res = await runnerPost('/api/runner/results', body)
    expect(res.status).toBe(200)
    const hash = (await hashSurface(surface)).surface
    expect(await res.json()).toEqual<RunnerResultResponse>({ status: 'ok', surfaceHash: hash })

    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(tools.surface).toMatchObject({ source: 'package', version: '1.2.3', hash, transport: 'stdio' })
    expect(tools.surface?.surface.tools.map((t) => t.name)).toEqual(['read_file', 'write_file'])
    expect(tools.lastProbe).toMatchObject({ status: 'ok', transport: 'stdio', target: `npm:${job.package.identifier}@1.2.3` })
    const [row] = await db().select().from(servers).where(eq(servers.id, s.id))
    expect(row.toolCount).toBe(2)

    // The lease is spent: the same result again is refused, and the package is not due until tomorrow.
    const again = await runnerPost('/api/runner/results', body)
    expect(again.status).toBe(409)
    const [schedule] = await db().select().from(packageProbeSchedule).where(eq(packageProbeSchedule.serverId, s.id))
    expect(schedule).toMatchObject({ version: '1.2.3', lastStatus: 'ok', leaseUntil: null, jobId: null, failures: 0 })
    expect(Date.parse(schedule.dueAt) - Date.now()).toBeGreaterThan(23 * 3_600_000)
  })

  it('stores a failure with its status and missing variable, and keeps the package’s tools', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const res = await runnerPost(
      '/api/runner/results',
      resultOf(job, { status: 'needs_config', surface: null, error: 'ACME_TOKEN is not set', missingVariable: 'ACME_TOKEN' }),
    )
    expect(await res.json()).toEqual({ status: 'needs_config', surfaceHash: null })
    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(tools.surface).toBeNull()
    expect(tools.lastProbe).toMatchObject({ status: 'needs_config', missingVariable: 'ACME_TOKEN', error: 'ACME_TOKEN is not set' })
  })

  it('stores the lists a package lost with its surface, each one capped line of a known list; the cause follows', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const surface = { ...surfaceOf(['search_vault']), capabilities: { tools: {}, prompts: {}, resources: {} } }
    const listErrors = {
      resources: `resources/list failed: MCP error -32603: needs its API\n${'x'.repeat(50_000)}`,
      // Said to have failed, yet read: not lost.
      prompts: 'prompts/list failed: MCP error -32601: Method not found',
      // Not a list of a surface, and not text: dropped.
      secrets: 'resources/list failed',
      tools: 42,
    }
    const res = await runnerPost('/api/runner/results', resultOf(job, { surface, cause: 'list_failed', listErrors }))
    expect((await res.json()) as RunnerResultResponse).toMatchObject({ status: 'ok' })
    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    const kept = tools.surface?.listErrors ?? {}
    expect(Object.keys(kept)).toEqual(['resources'])
    expect(kept.resources).toHaveLength(POSTED_CAPS.listError)
    expect(kept.resources).toMatch(/^resources\/list failed: MCP error -32603: needs its API x+$/)
    expect(tools.lastProbe).toMatchObject({ status: 'ok', cause: 'list_failed', listErrors: kept })
    expect(tools.surface?.surface.tools.map((t) => t.name)).toEqual(['search_vault'])
  })

  it('keeps a failure’s known cause with its message, and makes an unknown cause null', async () => {
    const error = 'npm error code ETARGET: No matching version found'
    /** A listing whose package failed with `cause` posted, and its Tools tab's last probe. */
    const failedWith = async (cause: string) => {
      const s = await packaged()
      await runnerPost('/api/runner/results', resultOf(await jobFor(s.id), { status: 'unreachable', surface: null, error, cause }))
      return { id: s.id, lastProbe: (await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)).body.lastProbe }
    }
    const known = await failedWith('version_not_found')
    expect(known.lastProbe).toMatchObject({ status: 'unreachable', cause: 'version_not_found', error })
    expect((await failedWith('the_moon_was_full')).lastProbe).toMatchObject({ status: 'unreachable', cause: null, error })
    const [row] = await db().select().from(packageProbeSchedule).where(eq(packageProbeSchedule.serverId, known.id))
    expect(row).toMatchObject({ lastStatus: 'unreachable', lastCause: 'version_not_found' })
  })

  it('takes an ok without a cause or list errors, as a runner older than them posts it', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const { cause: _, listErrors: __, ...outcome } = resultOf(job, {}).outcome as Record<string, unknown>
    const res = await runnerPost('/api/runner/results', { ...resultOf(job, {}), outcome })
    expect(res.status).toBe(200)
    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(tools.lastProbe).toMatchObject({ status: 'ok', cause: null, listErrors: {} })
  })

  it('stores which generations answered over stdio, only the two stdio has and only as booleans; none posted is none stored', async () => {
    /** A listing's package result posted with `generations` (left out when undefined), and the probe row's column. */
    const stored = async (generations: unknown, status = 'ok') => {
      const s = await packaged()
      const job = await jobFor(s.id)
      const failed = status === 'ok' ? {} : { status, surface: null, error: 'failed' }
      const res = await runnerPost(
        '/api/runner/results',
        resultOf(job, { ...failed, ...(generations === undefined ? {} : { generations }) }),
      )
      expect(res.status).toBe(200)
      const [row] = await db().select({ generations: serverProbes.generations }).from(serverProbes).where(eq(serverProbes.serverId, s.id))
      return row.generations
    }
    // SSE is no stdio transport, and a string is no answer: both dropped.
    expect(await stored({ stateless: true, initialize: false, sse: true, stdio: 'yes' })).toBe('{"stateless":true,"initialize":false}')
    expect(await stored({ stateless: 'true', initialize: true })).toBe('{"initialize":true}')
    // A package that answered and then failed its lists still answered.
    expect(await stored({ stateless: false, initialize: true }, 'protocol_error')).toBe('{"stateless":false,"initialize":true}')
    expect(await stored(undefined)).toBeNull()
    expect(await stored(['stateless'])).toBeNull()
  })

  it('refuses a result whose lease expired, was never given, or is for another version, with 409', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    expect((await runnerPost('/api/runner/results', { ...resultOf(job, {}), jobId: 'f'.repeat(32) })).status).toBe(409)
    expect((await runnerPost('/api/runner/results', { ...resultOf(job, {}), version: '9.9.9' })).status).toBe(409)
    await db()
      .update(packageProbeSchedule)
      .set({ leaseUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(packageProbeSchedule.serverId, s.id))
    const late = await runnerPost('/api/runner/results', resultOf(job, {}))
    expect(late.status).toBe(409)
    expect(await errorOf(late)).toMatch(/lease/)
    // The expired lease is another runner's to take, under a new job id; the old one stays refused.
    const next = await jobFor(s.id)
    expect(next.jobId).not.toBe(job.jobId)
    expect((await runnerPost('/api/runner/results', resultOf(job, {}))).status).toBe(409)
    expect((await runnerPost('/api/runner/results', resultOf(next, {}))).status).toBe(200)
  })

  it('caps a hostile outcome: huge strings cut, deep schemas flattened, HTML kept as text', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 12; i++) deep = { type: 'object', properties: { a: deep } }
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const surface = {
      ...surfaceOf([]),
      tools: [{ name: 'x'.repeat(20_000), description: html, inputSchema: deep, extra: 'dropped' }],
    }
    const res = await runnerPost(
      '/api/runner/results',
      resultOf(job, { surface, error: 'e'.repeat(100_000), target: 't'.repeat(100_000), protocolVersion: 'p'.repeat(1000) }),
    )
    expect(res.status).toBe(200)
    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    const tool = tools.surface!.surface.tools[0] as unknown as Record<string, unknown>
    expect((tool.name as string).length).toBe(8192)
    expect(tool.description).toBe(html)
    expect(tool.extra).toBeUndefined()
    const depth = (v: unknown): number => (v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0)
    // Past 16 levels an object becomes {} ('anything'): the leaf 24 levels down is gone.
    expect(depth(tool.inputSchema)).toBe(17)
    expect(JSON.stringify(tool.inputSchema)).not.toContain('"string"')
    expect(tools.lastProbe!.target).toHaveLength(512)
    expect(tools.lastProbe!.protocolVersion).toHaveLength(64)
  })

  it('stores 10,000 tools as a protocol error rather than a cut list', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const surface = { ...surfaceOf([]), tools: Array.from({ length: 10_000 }, (_, i) => ({ name: `t${i}` })) }
    const res = await runnerPost('/api/runner/results', resultOf(job, { surface }))
    expect(await res.json()).toEqual({ status: 'protocol_error', surfaceHash: null })
    const { body: tools } = await json<ServerToolsResponse>(`/api/servers/${s.id}/tools`)
    expect(tools.surface).toBeNull()
    expect(tools.lastProbe).toMatchObject({ status: 'protocol_error', error: 'the surface lists 10000 tools, more than the 500 kept' })
  })

  it('refuses wrong types with 400 and the issues, leaving the lease to a correct result', async () => {
    const s = await packaged()
    const job = await jobFor(s.id)
    const wrong: Array<[string, Record<string, unknown>]> = [
      ['outcome.status', { status: 'great' }],
      ['outcome.transport', { transport: 'streamable-http' }],
      ['outcome.durationMs', { durationMs: '12' }],
      ['outcome.startedAt', { startedAt: 'yesterday' }],
      ['outcome.error', { error: 42 }],
      ['outcome.surface', { surface: null }],
    ]
    for (const [field, outcome] of wrong) {
      const res = await runnerPost('/api/runner/results', resultOf(job, outcome))
      expect({ field, status: res.status }).toEqual({ field, status: 400 })
      expect(await res.json()).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ field })] })
    }
    // A tool without a name is the server's fault, not the envelope's: a protocol error, stored.
    const nameless = await runnerPost('/api/runner/results', resultOf(job, { surface: { tools: [{ description: 'no name' }] } }))
    expect(await nameless.json()).toEqual({ status: 'protocol_error', surfaceHash: null })
  })

  it(`refuses JSON nested past the depth limit with 400, and a body over ${RUNNER_MAX_BODY_BYTES} bytes with 413`, async () => {
    const deep = `{"outcome":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`
    const res = await runnerPost('/api/runner/results', deep)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_json' })
    const big = await runnerPost('/api/runner/results', { padding: 'x'.repeat(RUNNER_MAX_BODY_BYTES) })
    expect(big.status).toBe(413)
    expect(await big.json()).toEqual({ error: 'Request body too large', code: 'payload_too_large' })
    // Past the browsers' limit but within the runner's: let through to the route.
    const large = await runnerPost('/api/runner/results', { padding: 'x'.repeat(MAX_BODY_BYTES * 2) })
    expect(large.status).toBe(400)
  })
})
