/**
 * Fetching a package before it runs: the registry is the only network of this step, and nothing
 * of the package runs during it (npm's install scripts are off). The result is the program to
 * start in the fence, or the status that says why there is none.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, readFile, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import type { FailureCause, ProbeStatus, RunnerJob } from '@mcp-catalogue/mcp-client/surface'
import { type ClientConfig, npmEnvironment, npmrc, uvEnvironment } from './client-config'
import { dockerFailure, type FetchFailure, npmFailure, uvFailure } from './fetch-errors'

/** Where and how to fetch. */
export interface FetchOptions {
  /** The operator's registries, CA, proxy and token (client-config.ts). */
  clients: ClientConfig
  /** A folder of the run that no fence binds: npm's configuration files go there. */
  configDir: string
  /** npm's cache, shared by the runner's probes (outside every fence). */
  npmCache: string
  /** The directory the package is installed into (the fence's working directory). */
  workdir: string
  /** A HOME for the fetching tools: never the runner's own. */
  home: string
  /** PATH for the fetching tools (uv, docker and npm are looked up on it). */
  path: string
  /** The Node the runner runs on: packages' bins run with it. */
  node: string
  timeoutMs: number
}

/** The program to run in the fence, or why there is none. */
export type Fetched =
  /** `ownFence`: the program is its own fence (docker run --network none ...), started beside bubblewrap, not in it. */
  { ok: true; program: string[]; ownFence?: boolean } | { ok: false; status: ProbeStatus; error: string; cause: FailureCause | null }

/** An npm name as the registry allows it: nothing that could be read as a flag or a path. */
const NPM_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i
/** An exact version: npm would resolve a range to whatever is newest. */
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[\w.-]+)?(\+[\w.-]+)?$/
const PYPI_NAME = /^[A-Za-z0-9][\w.-]*$/
const PYPI_VERSION = /^[\w.!+-]+$/
/** An image pinned by digest, or by a tag as the listing gives it. */
const OCI_REFERENCE = /^[\w.-]+(:\d+)?(\/[\w.-]+)*(:[\w.-]+)?(@sha256:[a-f0-9]{64})?$/i

/** The tool's file on `path`: the fence's PATH is the system's, so a tool is started by its full name. */
async function which(tool: string, path: string): Promise<string | null> {
  for (const dir of path.split(delimiter)) {
    if (!dir.startsWith('/')) continue
    const file = join(dir, tool)
    if (
      await access(file, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return file
  }
  return null
}

/** Runs a fetching tool with a clean environment; resolves with its exit code and the end of its stderr. */
function run(
  argv: string[],
  options: FetchOptions,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; missing: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(argv[0], argv.slice(1), {
      cwd: options.workdir,
      // The cast: wrangler's types (worker-configuration.d.ts) make the Worker's variables required in every ProcessEnv.
      env: env as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL',
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000)
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT', timedOut: false }),
    )
    child.on('close', (code, signal) =>
      resolve({ code, stderr, missing: false, timedOut: signal === 'SIGKILL' && Date.now() - started >= options.timeoutMs }),
    )
  })
}

/** A fetch that failed, as the outcome will say it. */
function failed(status: ProbeStatus, error: string, cause: FailureCause | null): Fetched {
  return { ok: false, status, error, cause }
}

/** Why a tool failed: past its time (the network, most likely), else what its own words say. */
function failure(tool: string, what: string, done: { stderr: string; timedOut: boolean }, read: (stderr: string) => FetchFailure): Fetched {
  if (done.timedOut) return failed('unreachable', `${tool} could not fetch ${what}: no answer within its time`, 'network')
  const { cause, message } = read(done.stderr)
  return failed('unreachable', `${tool} could not fetch ${what}: ${message}`, cause)
}

/** The file `npx <name>` would run: the only bin, or the one named after the package. */
export function pickBin(name: string, bin: unknown): string | null {
  if (typeof bin === 'string') return bin
  if (typeof bin !== 'object' || bin === null) return null
  const entries = Object.entries(bin as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  if (entries.length === 1) return entries[0][1]
  const plain = name.replace(/^@[^/]+\//, '')
  return entries.find(([key]) => key === plain)?.[1] ?? null
}

async function fetchNpm(name: string, version: string, options: FetchOptions): Promise<Fetched> {
  // The operator's configuration, and only it: an npmrc outside every fence, an empty global one.
  const userconfig = join(options.configDir, 'npmrc')
  const globalconfig = join(options.configDir, 'npmrc-global')
  await Promise.all([writeFile(userconfig, npmrc(options.clients), { mode: 0o600 }), writeFile(globalconfig, '')])
  const argv = [
    'npm',
    'install',
    '--prefix',
    options.workdir,
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-update-notifier',
    '--no-package-lock',
    '--omit=dev',
    '--cache',
    options.npmCache,
    '--userconfig',
    userconfig,
    '--globalconfig',
    globalconfig,
    `${name}@${version}`,
  ]
  const done = await run(argv, options, npmEnvironment(options.clients, { PATH: options.path, HOME: options.home }))
  if (done.missing) return failed('unreachable', 'npm is not installed on this runner', 'client_missing')
  if (done.code !== 0) return failure('npm', `${name}@${version}`, done, (stderr) => npmFailure(stderr, name))
  const root = join(options.workdir, 'node_modules', name)
  let manifest: { bin?: unknown }
  try {
    manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  } catch {
    return failed('protocol_error', 'the installed package has no readable package.json', 'no_bin')
  }
  const bin = pickBin(name, manifest.bin)
  if (!bin) return failed('protocol_error', 'the package names no single command (bin) to run', 'no_bin')
  const file = join(root, bin)
  if (!file.startsWith(`${root}/`)) return failed('protocol_error', 'the package names a bin outside itself', 'no_bin')
  return { ok: true, program: [options.node, file] }
}

async function fetchPypi(name: string, version: string, options: FetchOptions): Promise<Fetched> {
  const uv = await which('uv', options.path)
  if (!uv) return failed('unreachable', 'uv is not installed on this runner', 'client_missing')
  const env = uvEnvironment(options.clients, { PATH: options.path, HOME: options.home })
  const venv = join(options.workdir, '.venv')
  const created = await run([uv, 'venv', '--quiet', venv], options, env)
  if (created.code !== 0) return failure('uv', 'an environment', created, (stderr) => uvFailure(stderr, name))
  // Wheels only: building a source distribution would run the package's code outside the fence.
  const spec = `${name}==${version}`
  const argv = [uv, 'pip', 'install', '--quiet', '--no-build', '--python', join(venv, 'bin', 'python'), spec]
  const done = await run(argv, options, env)
  if (done.code !== 0) return failure('uv', spec, done, (stderr) => uvFailure(stderr, name))
  // The command uvx would run: the console script named after the package.
  return { ok: true, program: [join(venv, 'bin', name)] }
}

async function fetchOci(reference: string, variables: string[], options: FetchOptions): Promise<Fetched> {
  const docker = await which('docker', options.path)
  if (!docker) return failed('unreachable', 'docker is not installed on this runner', 'client_missing')
  const done = await run([docker, 'pull', '--quiet', reference], options, { PATH: options.path, HOME: options.home })
  if (done.code !== 0) return failure('docker', reference, done, dockerFailure)
  // The container is the fence (the docker client must reach the engine's socket, which a
  // bubblewrap fence would hide): no network, a read-only root, no capabilities, and the cgroup
  // limits bubblewrap cannot give.
  const limits = ['--memory', '512m', '--cpus', '1', '--pids-limit', '256', '--tmpfs', '/tmp']
  const fence = ['--network', 'none', '--read-only', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges', ...limits]
  const env = variables.flatMap((name) => ['--env', name])
  return { ok: true, ownFence: true, program: [docker, 'run', '-i', '--rm', '--pull', 'never', ...fence, ...env, reference] }
}

/**
 * Fetches the job's package into `options.workdir` (npm) or the tool's cache (uv, docker) and
 * says what to start. A name or version that is not plainly one is refused, never passed on.
 */
export async function fetchPackage(job: RunnerJob, variables: string[], options: FetchOptions): Promise<Fetched> {
  const { registryType, identifier, version } = job.package
  if (registryType === 'oci') {
    if (!OCI_REFERENCE.test(identifier)) return failed('refused', 'not a plain image reference', 'not_plain')
    const reference = identifier.includes('@') || !version ? identifier : `${identifier.replace(/:[\w.-]+$/, '')}:${version}`
    return fetchOci(reference, variables, options)
  }
  if (!version) return failed('needs_config', 'the listing names no exact version of the package', 'no_exact_version')
  if (registryType === 'npm') {
    if (!NPM_NAME.test(identifier) || !EXACT_VERSION.test(version))
      return failed('refused', 'not a plain npm name and exact version', 'not_plain')
    return fetchNpm(identifier, version, options)
  }
  if (!PYPI_NAME.test(identifier) || !PYPI_VERSION.test(version)) return failed('refused', 'not a plain PyPI name and version', 'not_plain')
  return fetchPypi(identifier, version, options)
}
