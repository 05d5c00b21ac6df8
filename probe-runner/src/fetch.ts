/**
 * Fetching a package before it runs: the registry is the only network of this step, and nothing
 * of the package runs during it (npm's install scripts are off). The result is the program to
 * start in the fence, or the status that says why there is none.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import type { ProbeStatus, RunnerJob } from '@mcp-catalogue/mcp-client/surface'

/** Where and how to fetch. */
export interface FetchOptions {
  /** The npm registry (https://registry.npmjs.org by default, a local stand-in in tests). */
  npmRegistry: string
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
  { ok: true; program: string[]; ownFence?: boolean } | { ok: false; status: ProbeStatus; error: string }

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

/** A variable name a shell and `env` take as one: a listing's others are dropped, never passed. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/

/** A value for each declared variable: its default when it has one, else a placeholder that names itself as one. */
export function placeholders(job: RunnerJob): Record<string, string> {
  const env: Record<string, string> = {}
  for (const variable of job.package.environmentVariables) {
    if (!VARIABLE_NAME.test(variable.name) || variable.name === 'PATH' || variable.name === 'HOME') continue
    env[variable.name] = (!variable.isSecret && variable.default?.slice(0, 1000)) || 'placeholder'
  }
  return env
}

/** Runs a fetching tool with a clean environment; resolves with its exit code and the end of its stderr. */
function run(argv: string[], options: FetchOptions, cwd: string): Promise<{ code: number | null; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      // The cast: wrangler's types (worker-configuration.d.ts) make the Worker's variables required in every ProcessEnv.
      env: { PATH: options.path, HOME: options.home } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL',
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000)
    })
    child.on('error', (error: NodeJS.ErrnoException) => resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT' }))
    child.on('close', (code) => resolve({ code, stderr, missing: false }))
  })
}

/** The last meaningful line of a tool's complaint. */
function complaint(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
  return (lines.findLast((line) => line.length > 0) ?? '').slice(0, 200)
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
    '--registry',
    options.npmRegistry,
    '--cache',
    options.npmCache,
    '--userconfig',
    join(options.home, '.npmrc'),
    `${name}@${version}`,
  ]
  const done = await run(argv, options, options.workdir)
  if (done.missing) return { ok: false, status: 'unreachable', error: 'npm is not installed on this runner' }
  if (done.code !== 0)
    return { ok: false, status: 'unreachable', error: `npm could not fetch ${name}@${version}: ${complaint(done.stderr)}` }
  const root = join(options.workdir, 'node_modules', name)
  let manifest: { bin?: unknown }
  try {
    manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  } catch {
    return { ok: false, status: 'protocol_error', error: 'the installed package has no readable package.json' }
  }
  const bin = pickBin(name, manifest.bin)
  if (!bin) return { ok: false, status: 'protocol_error', error: 'the package names no single command (bin) to run' }
  const file = join(root, bin)
  if (!file.startsWith(`${root}/`)) return { ok: false, status: 'protocol_error', error: 'the package names a bin outside itself' }
  return { ok: true, program: [options.node, file] }
}

async function fetchPypi(name: string, version: string, options: FetchOptions): Promise<Fetched> {
  const uv = await which('uv', options.path)
  if (!uv) return { ok: false, status: 'unreachable', error: 'uv is not installed on this runner' }
  const venv = join(options.workdir, '.venv')
  const created = await run([uv, 'venv', '--quiet', venv], options, options.workdir)
  if (created.code !== 0)
    return { ok: false, status: 'unreachable', error: `uv could not make an environment: ${complaint(created.stderr)}` }
  // Wheels only: building a source distribution would run the package's code outside the fence.
  const spec = `${name}==${version}`
  const argv = [uv, 'pip', 'install', '--quiet', '--no-build', '--python', join(venv, 'bin', 'python'), spec]
  const done = await run(argv, options, options.workdir)
  if (done.code !== 0) return { ok: false, status: 'unreachable', error: `uv could not fetch ${spec}: ${complaint(done.stderr)}` }
  // The command uvx would run: the console script named after the package.
  return { ok: true, program: [join(venv, 'bin', name)] }
}

async function fetchOci(reference: string, variables: string[], options: FetchOptions): Promise<Fetched> {
  const docker = await which('docker', options.path)
  if (!docker) return { ok: false, status: 'unreachable', error: 'docker is not installed on this runner' }
  const done = await run([docker, 'pull', '--quiet', reference], options, options.workdir)
  if (done.code !== 0) return { ok: false, status: 'unreachable', error: `docker could not pull ${reference}: ${complaint(done.stderr)}` }
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
export async function fetchPackage(job: RunnerJob, options: FetchOptions): Promise<Fetched> {
  const { registryType, identifier, version } = job.package
  if (registryType === 'oci') {
    if (!OCI_REFERENCE.test(identifier)) return { ok: false, status: 'refused', error: 'not a plain image reference' }
    const reference = identifier.includes('@') || !version ? identifier : `${identifier.replace(/:[\w.-]+$/, '')}:${version}`
    return fetchOci(reference, Object.keys(placeholders(job)), options)
  }
  if (!version) return { ok: false, status: 'needs_config', error: 'the listing names no exact version of the package' }
  if (registryType === 'npm') {
    if (!NPM_NAME.test(identifier) || !EXACT_VERSION.test(version))
      return { ok: false, status: 'refused', error: 'not a plain npm name and exact version' }
    return fetchNpm(identifier, version, options)
  }
  if (!PYPI_NAME.test(identifier) || !PYPI_VERSION.test(version))
    return { ok: false, status: 'refused', error: 'not a plain PyPI name and version' }
  return fetchPypi(identifier, version, options)
}
