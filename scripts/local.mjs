/**
 * What every local script shares: the environment that keeps wrangler quiet and offline, the
 * project's own binaries (Node 22 first, even under an older system Node), and applying the
 * migrations to a local state folder.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { delimiter, join, resolve } from 'node:path'

/** The state folder of the local database and KV: CATALOGUE_STATE, else .wrangler/state. */
export const localState = () => resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')

/** The port `npm start` serves on when PORT does not say. */
export const DEFAULT_PORT = '8787'

/** The file in the state folder where `npm start` records the port it serves on. */
const PORT_FILE = 'app-port'

/**
 * Records the port `npm start` serves the app on, in its state folder, for the scripts that talk
 * to that app (`npm run probe`) to find it without being told.
 * @param {string} state
 * @param {string | number} port
 */
export function recordAppPort(state, port) {
  mkdirSync(state, { recursive: true })
  writeFileSync(join(state, PORT_FILE), `${port}\n`)
}

/**
 * The local app's address: CATALOGUE_URL when set; else the port the last `npm start` on this
 * state folder recorded; else PORT, else DEFAULT_PORT, on 127.0.0.1. A recorded file that does
 * not hold a port is ignored.
 * @param {{ env?: Record<string, string | undefined>, state?: string }} [opts]
 * @returns {string}
 */
export function appUrl(opts = {}) {
  const env = opts.env ?? process.env
  if (env.CATALOGUE_URL) return env.CATALOGUE_URL
  const file = join(opts.state ?? localState(), PORT_FILE)
  const recorded = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  const port = /^\d{1,5}$/.test(recorded) && Number(recorded) > 0 && Number(recorded) < 65536 ? recorded : env.PORT || DEFAULT_PORT
  return `http://127.0.0.1:${port}`
}

/**
 * The environment for wrangler, vite and tsx: no request-metadata fetch, no telemetry, and
 * `node_modules/.bin` first on the PATH.
 * @param {Record<string, string>} [extra]
 */
export function localEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}`,
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
    ...extra,
  }
}

/** A binary of the project (`node_modules/.bin/NAME`), else the command of that name on the PATH. */
export const bin = (name) => {
  const local = resolve('node_modules/.bin', name)
  return existsSync(local) ? local : name
}

/**
 * Runs a project binary (or npm) and throws (with its output when it was captured) when it fails.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean }} [opts]
 */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(bin(cmd), args, { stdio: opts.quiet ? 'pipe' : 'inherit', env: opts.env ?? localEnv() })
  if (r.status !== 0) {
    const output = opts.quiet ? `\n${r.stderr?.toString() ?? ''}${r.stdout?.toString() ?? ''}` : ''
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})${output}`)
  }
}

/**
 * Applies the migrations to the local D1 in `state`.
 * @param {string} state
 * @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean }} [opts]
 */
export function migrateLocal(state, opts = {}) {
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], opts)
}

/** A TCP port nobody listens on now, on the loopback interface. */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => res(port))
    })
    srv.on('error', rej)
  })
}

/**
 * Starts `vite preview` (workerd beneath it) in a process group of its own, with its output in
 * `log` (a pipe left unread while a measurement runs could stall it), and waits until
 * /api/health answers. `stop()` ends the whole group it started, and only that; `group` is that
 * process group's id (vite's and workerd's processes), whose CPU the benchmark reads.
 * @param {string[]} args arguments after `vite preview`, without the port
 * @param {{ env: NodeJS.ProcessEnv, log: string }} opts
 * @returns {Promise<{ base: string, stop: () => void, group: number }>}
 */
export async function startPreview(args, { env, log }) {
  const port = await freePort()
  const out = openSync(log, 'w')
  const child = spawn(bin('vite'), ['preview', ...args, '--port', String(port), '--strictPort'], {
    env,
    detached: true,
    stdio: ['ignore', out, out],
  })
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }
  const base = `http://127.0.0.1:${port}`
  const end = Date.now() + 60_000
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, group: child.pid }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  stop()
  throw new Error(`vite preview did not start:\n${readFileSync(log, 'utf8')}`)
}
