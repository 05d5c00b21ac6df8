/**
 * The probe runner end to end on this machine: packages fetched from a stand-in npm registry
 * (test/fixtures/runner/npm-registry.ts), run in bubblewrap with no network, listed over stdio
 * with the probe's client, posted to a stand-in of the catalogue's runner endpoints. Hostile
 * packages (test/fixtures/runner/hostile) are stopped or refused with the right status; PyPI and
 * OCI go through stand-in `uv` and `docker` commands, which this machine does not have.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  DEFAULT_PROBE_BOUNDS,
  type ProbeOutcome,
  type RunnerArgument,
  type RunnerJob,
  wantedVariable,
} from '@mcp-catalogue/mcp-client/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readClientConfig } from '../../probe-runner/src/client-config'
import { detectFence, type FenceKind } from '../../probe-runner/src/fence'
import { type ProbeSettings, probePackage } from '../../probe-runner/src/probe-package'
import { runRunner } from '../../probe-runner/src/runner'
import { runnerJobPackage } from '../../worker/services/probing/runner-job'
import { startCatalogue } from '../fixtures/runner/catalogue'
import { type NpmRegistryStandIn, startNpmRegistry } from '../fixtures/runner/npm-registry'
import { makeCertificates, type TestCertificates } from '../fixtures/runner/tls'

const TOKEN = 'runner-secret-token-never-in-a-fence'
const VERSION = '2026.8.31'
const FAKE_TOOLS = resolve('test/fixtures/runner/bin')

let registry: NpmRegistryStandIn
let cache: string

beforeAll(async () => {
  registry = await startNpmRegistry({ extra: ['test/fixtures/runner/hostile', 'test/fixtures/runner/broken-dependency'] })
  cache = mkdtempSync(join(tmpdir(), 'runner-test-cache-'))
  // What a runner has in its own environment, which no package may see.
  process.env.PROBE_RUNNER_TOKEN = TOKEN
  process.env.CATALOGUE_URL = 'https://catalogue.invalid'
})

afterAll(async () => {
  await registry.close()
  rmSync(cache, { recursive: true, force: true })
})

/** Words of a command line as the listing's fixed positional arguments. */
const fixed = (words: string[]): RunnerArgument[] =>
  words.map((value, i) => ({ type: 'positional', name: `argument_${i + 1}`, value, isRequired: true, isSecret: false, default: null }))

function job(identifier: string, version: string | null, more: Partial<RunnerJob['package']> = {}): RunnerJob {
  return {
    jobId: `job-${identifier}`,
    serverId: `server-${identifier}`,
    version: version ?? 'unversioned',
    leaseUntil: new Date(Date.now() + 600_000).toISOString(),
    package: {
      registryType: 'npm',
      identifier,
      version,
      runtimeHint: null,
      runtimeArguments: [],
      packageArguments: [],
      environmentVariables: [],
      ...more,
    },
  }
}

/** The hostile fixture misbehaving as `args` say. */
const hostile = (args: string[], more: Partial<RunnerJob['package']> = {}) =>
  job('probe-runner-hostile', '1.0.0', { packageArguments: fixed(args), ...more })

function settings(more: Partial<ProbeSettings> = {}): ProbeSettings {
  return {
    fence: 'bwrap',
    clients: readClientConfig({ NPM_REGISTRY: registry.url }),
    npmCache: cache,
    bounds: { ...DEFAULT_PROBE_BOUNDS, stepTimeoutMs: 2000, totalTimeoutMs: 4000 },
    outputCap: 1024 * 1024,
    fetchTimeoutMs: 60_000,
    path: process.env.PATH ?? '/usr/bin:/bin',
    ...more,
  }
}

const toolNames = (outcome: ProbeOutcome) => outcome.surface?.tools.map((tool) => tool.name) ?? []

it('finds bubblewrap usable on this machine (CI installs it)', () => {
  expect(detectFence()).toBe('bwrap')
})

describe('real stdio servers, through the whole path', () => {
  it('claims, fetches from the registry, runs fenced, lists and posts each', async () => {
    const jobs = [
      job('@modelcontextprotocol/server-memory', VERSION),
      job('@modelcontextprotocol/server-everything', VERSION, { packageArguments: fixed(['stdio']) }),
      // Its allowed directory, declared as an argument to fill in: the runner gives its working directory.
      job('@modelcontextprotocol/server-filesystem', VERSION, { packageArguments: fixed(['{allowed_directory}']) }),
    ]
    const catalogue = await startCatalogue(jobs, TOKEN)
    try {
      const records = await runRunner({
        api: { url: catalogue.url, token: TOKEN, runner: 'test-runner' },
        settings: settings({ bounds: DEFAULT_PROBE_BOUNDS }),
        batch: 2,
        concurrency: 2,
        once: false,
      })
      expect(records.map((r) => r.postError)).toEqual([null, null, null])
      // Two rounds of two, then one that found nothing due.
      expect(catalogue.claims).toEqual([
        { limit: 2, runner: 'test-runner' },
        { limit: 2, runner: 'test-runner' },
        { limit: 2, runner: 'test-runner' },
      ])
      expect(catalogue.refused).toBe(0)
      const posted = Object.fromEntries(catalogue.results.map((r) => [r.serverId, r]))
      const memory = posted['server-@modelcontextprotocol/server-memory']
      expect(memory).toMatchObject({ jobId: 'job-@modelcontextprotocol/server-memory', version: VERSION })
      expect(memory.outcome).toMatchObject({
        status: 'ok',
        transport: 'stdio',
        target: `npm:@modelcontextprotocol/server-memory@${VERSION}`,
      })
      expect(toolNames(memory.outcome)).toEqual(expect.arrayContaining(['create_entities', 'read_graph', 'search_nodes']))
      const everything = posted['server-@modelcontextprotocol/server-everything'].outcome
      expect(toolNames(everything)).toEqual(expect.arrayContaining(['echo', 'get-sum']))
      // Built on the v1 SDK: the fenced package answered initialize once the discover probe fell back, and the post says so.
      expect(everything.generations).toEqual({ stateless: false, initialize: true })
      expect(everything.surface?.prompts.length).toBeGreaterThan(0)
      expect(everything.surface?.resources.length).toBeGreaterThan(0)
      const filesystem = posted['server-@modelcontextprotocol/server-filesystem'].outcome
      expect(toolNames(filesystem)).toEqual(expect.arrayContaining(['read_text_file', 'list_allowed_directories']))
      // Dependencies came from the stand-in too: the registry was the only network.
      expect(registry.requests).toContain('/@modelcontextprotocol/sdk')
      for (const record of records) expect(record.metrics.peakRssKb).toBeGreaterThan(10_000)
    } finally {
      await catalogue.close()
    }
  }, 120_000)

  it('posts nothing and throws when the catalogue refuses the token', async () => {
    const catalogue = await startCatalogue([job('@modelcontextprotocol/server-memory', VERSION)], TOKEN)
    try {
      const run = runRunner({
        api: { url: catalogue.url, token: 'wrong', runner: 'r' },
        settings: settings(),
        batch: 1,
        concurrency: 1,
        once: true,
      })
      await expect(run).rejects.toThrow(/HTTP 401/)
      expect(catalogue.results).toEqual([])
    } finally {
      await catalogue.close()
    }
  })
})

describe('one listing (--server ID)', () => {
  it('claims that listing by its id, once, however many jobs the catalogue would hand out', async () => {
    // No exact version: the runner answers at once without fetching anything.
    const jobs = [job('@acme/first', null), job('@acme/second', null)]
    const catalogue = await startCatalogue(jobs, TOKEN)
    try {
      const records = await runRunner({
        api: { url: catalogue.url, token: TOKEN, runner: 'r' },
        settings: settings(),
        batch: 1,
        concurrency: 1,
        once: false,
        serverId: 'server-@acme/first',
      })
      expect(catalogue.claims).toEqual([{ limit: 1, runner: 'r', serverId: 'server-@acme/first' }])
      expect(records.map((r) => r.job.serverId)).toEqual(['server-@acme/first'])
    } finally {
      await catalogue.close()
    }
  })
})

describe('hostile packages', () => {
  it('stops a server that never answers: timeout, and leaves nothing of it running', async () => {
    const { outcome } = await probePackage(hostile(['hang']), settings())
    expect(outcome.status).toBe('timeout')
    expect(descendants(process.pid)).toEqual([])
  })

  it('stops a server that floods its stdout at the output cap', async () => {
    const { outcome } = await probePackage(hostile(['flood']), settings())
    expect(outcome).toMatchObject({
      status: 'protocol_error',
      error: `the server wrote more than ${1024 * 1024} bytes: stopped`,
      cause: 'output_cap',
    })
  })

  it('reports a server that exits at once as unreachable', async () => {
    const { outcome } = await probePackage(hostile(['exit']), settings())
    expect(outcome).toMatchObject({ status: 'unreachable', error: 'the server exited before answering', cause: 'crashed' })
  })

  it('names the declared variable a server stops for: needs_config', async () => {
    const variables = [{ name: 'EXAMPLE_API_KEY', isRequired: true, isSecret: true, default: null }]
    const { outcome } = await probePackage(hostile(['needs-key'], { environmentVariables: variables }), settings())
    expect(outcome).toMatchObject({ status: 'needs_config', missingVariable: 'EXAMPLE_API_KEY', cause: 'missing_variable' })
  })

  describe('the network', () => {
    let listener: Server
    let connections = 0
    beforeAll(async () => {
      listener = createServer((socket) => {
        connections++
        socket.destroy()
      })
      await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done))
    })
    afterAll(() => new Promise<void>((done) => listener.close(() => done())))
    const port = () => String((listener.address() as { port: number }).port)

    it.each(['bwrap', 'unshare'] satisfies FenceKind[])('is out of reach in the %s fence', async (fence) => {
      const { outcome } = await probePackage(hostile(['network', port()]), settings({ fence }))
      expect(outcome.status).toBe('ok')
      expect(toolNames(outcome).find((name) => name.startsWith('network-'))).toMatch(/^network-failed-E[A-Z]+$/)
      expect(connections).toBe(0)
    })

    it('is reached by the same package unfenced (so the fence is what stops it)', async () => {
      const { outcome } = await probePackage(hostile(['network', port()]), settings({ fence: 'none' }))
      expect(toolNames(outcome)).toContain('network-connected')
      // Once from the SDK's discover sibling, once from the session's process.
      expect(connections).toBeGreaterThan(0)
    })
  })

  it('may write only its HOME and working directory: the rest of the system is read-only', async () => {
    // A folder the runner's own user may write, outside /tmp (which the fence replaces): the package may not.
    const outside = `/var/tmp/probe-runner-escape-${process.pid}`
    const { outcome } = await probePackage(hostile(['write', outside]), settings())
    expect(toolNames(outcome)).toEqual(expect.arrayContaining(['write-outside-EROFS', 'write-home-ok', 'write-cwd-ok']))
    expect(existsSync(outside)).toBe(false)
  })

  it('gets nothing of the runner: only PATH, a temporary HOME and dummies or defaults for the declared variables', async () => {
    const variables = [
      { name: 'EXAMPLE_API_KEY', isRequired: true, isSecret: true, default: 'a-secret-default-is-not-sent' },
      { name: 'EXAMPLE_REGION', isRequired: false, isSecret: false, default: 'eu' },
      { name: 'BAD NAME=x', isRequired: false, isSecret: false, default: null },
    ]
    const { outcome } = await probePackage(hostile(['env'], { environmentVariables: variables }), settings())
    const env = JSON.parse(outcome.surface?.tools.find((tool) => tool.name === 'env')?.description ?? '{}')
    // PWD is bubblewrap's, for --chdir.
    expect(Object.keys(env).sort()).toEqual(['EXAMPLE_API_KEY', 'EXAMPLE_REGION', 'HOME', 'PATH', 'PWD'])
    expect(env).toMatchObject({ EXAMPLE_API_KEY: 'placeholder-EXAMPLE_API_KEY', EXAMPLE_REGION: 'eu' })
    expect(env.HOME).toMatch(/^\/tmp\/probe-runner-\w+\/home$/)
    expect(env.PWD).toMatch(/^\/tmp\/probe-runner-\w+\/work$/)
    expect(JSON.stringify(env)).not.toContain(TOKEN)
  })

  it('never runs install scripts', async () => {
    rmSync('/tmp/probe-runner-postinstall-ran', { force: true })
    const { outcome } = await probePackage(hostile([]), settings())
    expect(toolNames(outcome)).toEqual(['echo'])
    expect(existsSync('/tmp/probe-runner-postinstall-ran')).toBe(false)
  })

  it('refuses a name or version that is not plainly one, and a package the registry lacks', async () => {
    expect((await probePackage(job('--registry=http://evil', '1.0.0'), settings())).outcome).toMatchObject({ status: 'refused' })
    expect((await probePackage(job('probe-runner-hostile', '^1.0.0'), settings())).outcome).toMatchObject({ status: 'refused' })
    expect((await probePackage(job('probe-runner-hostile', null), settings())).outcome).toMatchObject({
      status: 'needs_config',
      cause: 'no_exact_version',
    })
  })
})

/** The processes under `pid` (not itself), through the kernel's children lists. */
function descendants(pid: number): number[] {
  const found: number[] = []
  const walk = (parent: number) => {
    let children: string[] = []
    try {
      children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').split(' ').filter(Boolean)
    } catch {}
    for (const child of children.map(Number)) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

describe('why a fetch failed, from npm’s own error', () => {
  it('tells a package the registry lacks, a version it lacks, and a dependency that does not resolve', async () => {
    const missing = (await probePackage(job('no-such-package-here', '1.0.0'), settings())).outcome
    expect(missing).toMatchObject({ status: 'unreachable', cause: 'package_not_found' })
    expect(missing.error).toMatch(
      /^npm could not fetch no-such-package-here@1\.0\.0: E404: Not Found - GET http:\/\/127\.0\.0\.1:\d+\/no-such-package-here/,
    )
    const version = (await probePackage(job('probe-runner-hostile', '9.9.9'), settings())).outcome
    expect(version).toMatchObject({
      status: 'unreachable',
      cause: 'version_not_found',
      error: 'npm could not fetch probe-runner-hostile@9.9.9: ETARGET: No matching version found for probe-runner-hostile@9.9.9.',
    })
    const dependency = (await probePackage(job('probe-runner-broken-dependency', '1.0.0'), settings())).outcome
    expect(dependency).toMatchObject({ status: 'unreachable', cause: 'dependency_not_found' })
    expect(dependency.error).toContain('probe-runner-no-such-dependency')
    for (const outcome of [missing, version, dependency]) expect(outcome.error).not.toMatch(/complete log/)
  })
})

describe('the operator’s registry: its own CA, a token', () => {
  const SECRET = 'npm-registry-token-never-in-a-fence'
  let certificates: TestCertificates
  let privateRegistry: NpmRegistryStandIn
  beforeAll(async () => {
    certificates = makeCertificates()
    privateRegistry = await startNpmRegistry({
      extra: ['test/fixtures/runner/hostile'],
      tls: { key: certificates.key, cert: certificates.cert },
      token: SECRET,
    })
  })
  afterAll(async () => {
    await privateRegistry.close()
    certificates.remove()
  })
  const through = (env: Record<string, string>) =>
    settings({ clients: readClientConfig({ NPM_REGISTRY: privateRegistry.url, NPM_TOKEN: SECRET, ...env }) })

  it('is not trusted without its CA in the configuration: certificate, at once', async () => {
    const { outcome } = await probePackage(hostile(['files']), through({}))
    expect(outcome).toMatchObject({ status: 'unreachable', cause: 'certificate' })
    expect(outcome.error).toMatch(
      /^npm could not fetch probe-runner-hostile@1\.0\.0: (SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_VERIFY_LEAF_SIGNATURE): /,
    )
    // One retry, not npm's default two at 10 to 60 seconds apart: counted as requests that reached it (none: TLS failed first).
    expect(privateRegistry.requests).toEqual([])
  })

  it('is trusted through the cafile, sent the token, and neither reaches the fence', async () => {
    const { outcome } = await probePackage(hostile(['files']), through({ NPM_CAFILE: certificates.caFile }))
    expect(outcome.status).toBe('ok')
    // The packument at least (the tarball may come from npm's cache), each with the token.
    expect(privateRegistry.requests).toContain('/probe-runner-hostile')
    expect(new Set(privateRegistry.authorizations)).toEqual(new Set([`Bearer ${SECRET}`]))
    const tool = (name: string) => JSON.parse(outcome.surface?.tools.find((t) => t.name === name)?.description ?? 'null')
    // The run's folder as the fence shows it: its HOME and working directory, not npm's configuration.
    expect(tool('files')).toEqual(['home', 'work'])
    expect(JSON.stringify(tool('env'))).not.toContain(SECRET)
    expect(Object.keys(tool('env')).sort()).toEqual(['HOME', 'PATH', 'PWD'])
  })

  it('is trusted through NODE_EXTRA_CA_CERTS; without the token it is registry_auth', async () => {
    const clients = readClientConfig({ NPM_REGISTRY: privateRegistry.url, NODE_EXTRA_CA_CERTS: certificates.caFile })
    const { outcome } = await probePackage(hostile([]), settings({ clients }))
    expect(outcome).toMatchObject({ status: 'unreachable', cause: 'registry_auth' })
    expect(outcome.error).toMatch(/^npm could not fetch probe-runner-hostile@1\.0\.0: E401: /)
  })
})

describe('values of the shape the listing declares', () => {
  /** A job for the hostile fixture from a listing's own package entry, read by the Worker's builder. */
  const listed = (entry: Record<string, unknown>): RunnerJob => {
    const pkg = runnerJobPackage([{ registry_name: 'npm', name: 'probe-runner-hostile', version: '1.0.0', ...entry }])
    if (!pkg) throw new Error('the builder read no package')
    return { ...job('probe-runner-hostile', '1.0.0'), package: pkg }
  }

  it('gives a `${input:...}` path argument the run’s own folder (a vault server stats it)', async () => {
    const vault = listed({
      package_arguments: [
        { type: 'positional', value: 'dir', format: 'string', is_required: true },
        { description: 'Path to Obsidian vault', is_required: true, format: 'string', value: '${input:vaultPath}', type: 'positional' },
      ],
    })
    const { outcome } = await probePackage(vault, settings())
    expect(outcome.status).toBe('ok')
    expect(toolNames(outcome)).toContain('dir-ok')
  })

  it('gives a URI variable its declared example, and names a variable whose value a server refuses', async () => {
    // As the 2025 snapshot gives it: the example value in the description.
    const neo4j = listed({
      package_arguments: ['url', 'NEO4J_URI'],
      environment_variables: [{ name: 'NEO4J_URI', description: 'bolt://localhost:7687' }],
    })
    const { outcome } = await probePackage(neo4j, settings())
    expect(toolNames(outcome)).toContain('url-bolt:')
    const shapeless = hostile(['url', 'GRAPH_TARGET'], {
      environmentVariables: [{ name: 'GRAPH_TARGET', isRequired: true, isSecret: false, default: null }],
    })
    const refused = (await probePackage(shapeless, settings())).outcome
    expect(refused).toMatchObject({ status: 'needs_config', missingVariable: 'GRAPH_TARGET', cause: 'missing_variable' })
    expect(refused.error).toMatch(/^the server stopped for want of GRAPH_TARGET: TypeError( \[ERR_INVALID_URL\])?: Invalid URL/)
  })

  it('says why a server crashed by its error’s line, not Node’s footer or the end of the error object', async () => {
    const { outcome } = await probePackage(hostile(['crash']), settings())
    expect(outcome).toMatchObject({
      status: 'unreachable',
      cause: 'crashed',
      error: 'the server exited before answering: Error: the index could not be opened',
    })
  })
})

describe('PyPI and OCI, through stand-ins for uv and docker', () => {
  const withFakes = () => settings({ path: `${FAKE_TOOLS}:${process.env.PATH}` })

  it('fetches a PyPI package with uv (wheels only) and runs its console script fenced', async () => {
    const { outcome } = await probePackage(job('probe-runner-hostile', '1.0.0', { registryType: 'pypi' }), withFakes())
    expect(outcome).toMatchObject({ status: 'ok', target: 'pypi:probe-runner-hostile@1.0.0', transport: 'stdio' })
    expect(toolNames(outcome)).toEqual(['echo'])
  })

  it('says uv is missing where it is', async () => {
    const { outcome } = await probePackage(
      job('mcp-server-time', '1.0.0', { registryType: 'pypi' }),
      settings({ path: '/nonexistent-bin' }),
    )
    expect(outcome).toMatchObject({ status: 'unreachable', error: 'uv is not installed on this runner' })
  })

  it('pulls an image by digest and runs it with docker', async () => {
    const image = `probe-runner/hostile@sha256:${'a'.repeat(64)}`
    const { outcome } = await probePackage(job(image, '1.0.0', { registryType: 'oci' }), withFakes())
    expect(outcome).toMatchObject({ status: 'ok', target: `oci:${image}@1.0.0` })
    expect(toolNames(outcome)).toEqual(['echo'])
    const denied = await probePackage(job('someone/else', '1.0.0', { registryType: 'oci' }), withFakes())
    expect(denied.outcome).toMatchObject({
      status: 'unreachable',
      cause: 'package_not_found',
      error: 'docker could not fetch someone/else:1.0.0: Error response from daemon: pull access denied for someone/else:1.0.0',
    })
  })

  it('says docker is missing where it is', async () => {
    const { outcome } = await probePackage(
      job('probe-runner/hostile', '1.0.0', { registryType: 'oci' }),
      settings({ path: '/nonexistent-bin' }),
    )
    expect(outcome).toMatchObject({ status: 'unreachable', error: 'docker is not installed on this runner' })
  })
})

describe('the command', () => {
  // Not spawnSync: the stand-in catalogue answers from this process.
  const main = (env: Record<string, string>) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
      const args = ['probe-runner/src/main.ts', '--once', '--timeout', '5000']
      const vars = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        ...env,
      } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv
      execFile(resolve('node_modules/.bin/tsx'), args, { env: vars, timeout: 60_000 }, (error, stdout, stderr) => {
        done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      })
    })

  it('runs one round from its environment and keeps that environment from the package', async () => {
    const catalogue = await startCatalogue([hostile(['env'])], TOKEN)
    try {
      const done = await main({ CATALOGUE_URL: catalogue.url, PROBE_RUNNER_TOKEN: TOKEN, NPM_REGISTRY: registry.url, NPM_CACHE: cache })
      expect(done.stdout).toContain('Probed 1 package.')
      expect(done.status).toBe(0)
      const env = catalogue.results[0].outcome.surface?.tools.find((tool) => tool.name === 'env')?.description ?? ''
      expect(JSON.parse(env)).toHaveProperty('HOME')
      expect(env).not.toContain(TOKEN)
      expect(env).not.toContain(catalogue.url)
    } finally {
      await catalogue.close()
    }
  })

  it('will not start without the catalogue and its token', async () => {
    const done = await main({ PROBE_RUNNER_TOKEN: TOKEN })
    expect(done.status).toBe(1)
    expect(done.stderr).toContain('CATALOGUE_URL is not set')
  })
})

describe('wantedVariable', () => {
  it('names a declared variable the output mentions, else says a value is wanted, else nothing', () => {
    expect(wantedVariable('Error: GITHUB_TOKEN not set', ['GITHUB_TOKEN', 'OTHER'])).toBe('GITHUB_TOKEN')
    // A declared name inside a longer word is not a mention (but the phrase still says a value is wanted).
    expect(wantedVariable('MY_GITHUB_TOKEN_FILE is missing', ['GITHUB_TOKEN'])).toBe('')
    expect(wantedVariable('MY_GITHUB_TOKEN_FILE: no such file', ['GITHUB_TOKEN'])).toBeNull()
    expect(wantedVariable('Please provide an API key', [])).toBe('')
    expect(wantedVariable('TypeError: cannot read properties of undefined', ['GITHUB_TOKEN'])).toBeNull()
  })
})
