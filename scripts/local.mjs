/**
 * What every local script shares: the environment that keeps wrangler quiet and offline, the
 * project's own binaries (Node 22 first, even under an older system Node), and applying the
 * migrations to a local state folder.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, resolve } from 'node:path'

/** The state folder of the local database and KV: CATALOGUE_STATE, else .wrangler/state. */
export const localState = () => resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')

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
