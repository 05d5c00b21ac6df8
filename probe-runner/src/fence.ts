/**
 * The fence a package runs in: bubblewrap where it works (no network, a read-only view of the
 * system, its own pid/ipc/uts namespaces, a temporary /tmp, HOME and working directory, an empty
 * environment), else `unshare` (no network only), else none: the runner refuses to run packages
 * unless told `--unfenced` (development only). docs/probe-runner.md says what each gives.
 */
import { spawnSync } from 'node:child_process'
import { realpathSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'

export type FenceKind = 'bwrap' | 'unshare' | 'none'

/** The directories one run may write: its working directory (the package is installed under it) and its HOME. */
export interface FencePaths {
  workdir: string
  home: string
}

/** PATH inside the fence: the system's programs, and the directory of the Node the runner runs on. */
export function fencePath(node: string): string {
  const dir = node.slice(0, node.lastIndexOf('/'))
  return [dir, '/usr/local/bin', '/usr/bin', '/bin'].join(':')
}

/** True when `argv` runs and exits 0: the fence is usable on this machine (namespaces allowed, binary present). */
function works(argv: string[]): boolean {
  // The cast: wrangler's types (worker-configuration.d.ts) make the Worker's variables required in every ProcessEnv.
  const result = spawnSync(argv[0], argv.slice(1), { stdio: 'ignore', timeout: 5000, env: {} as NodeJS.ProcessEnv })
  return result.status === 0
}

/** The strongest fence this machine allows, tried once per runner. */
export function detectFence(): FenceKind {
  if (works(['bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-all', '--die-with-parent', '--', 'true'])) {
    return 'bwrap'
  }
  if (works(['unshare', '--map-root-user', '--net', '--', 'true'])) return 'unshare'
  return 'none'
}

/**
 * The fresh /tmp hides whatever the machine keeps below /tmp, the program that runs the package
 * included when the runner itself was installed there (a checkout in /tmp, as CI may make): its
 * folder is shown again, read-only.
 */
function shownBelowTmp(program: string): string[] {
  if (!isAbsolute(program)) return []
  const dir = dirname(realpathSync(program))
  return dir === '/tmp' || dir.startsWith('/tmp/') ? ['--ro-bind', dir, dir] : []
}

/**
 * The command that runs `program` in the fence, with only PATH, a temporary HOME and `env` (the
 * placeholders) as its environment. bwrap: the root filesystem read-only, /tmp a fresh tmpfs, the
 * working directory and HOME the only writable binds, every namespace unshared (network included:
 * only a loopback that is down), killed when its parent (fence-exec) dies, a new session (no
 * terminal to inject into). unshare: a new network namespace (as a mapped root user) and
 * `env -i`; the filesystem is the machine's. none: `env -i` only.
 */
export function fenceArgv(kind: FenceKind, paths: FencePaths, env: Record<string, string>, program: string[]): string[] {
  const path = fencePath(program[0])
  const vars = { ...env, PATH: path, HOME: paths.home }
  if (kind === 'bwrap') {
    const binds = [...new Set([paths.workdir, paths.home])].flatMap((dir) => ['--bind', dir, dir])
    return [
      'bwrap',
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--tmpfs',
      '/tmp',
      ...shownBelowTmp(program[0]),
      ...binds,
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
      ...Object.entries(vars).flatMap(([name, value]) => ['--setenv', name, value]),
      '--chdir',
      paths.workdir,
      '--',
      ...program,
    ]
  }
  const clean = ['env', '-i', ...Object.entries(vars).map(([name, value]) => `${name}=${value}`)]
  if (kind === 'unshare') return ['unshare', '--map-root-user', '--net', '--fork', '--kill-child', '--', ...clean, ...program]
  return [...clean, ...program]
}
