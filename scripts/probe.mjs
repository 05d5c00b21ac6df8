// `npm run probe -- [--server ID] [--limit N]`: probes the local database's due remotes with the
// Worker's own job code (see scripts/probe.ts), then runs one pass of the probe runner against the
// local app when a runner token is set. With `--server ID`, that listing only, whatever its kind:
// its remote through the job code, and its package through the runner (claimed by its id, due or
// not), never whichever packages are due. The local app is the one `npm start` serves: the port it
// recorded (scripts/local.mjs appUrl), unless CATALOGUE_URL says otherwise. `npm run probe -- --remotes ...` the remotes only;
// `npm run probe -- --packages [runner flags]` one pass of the runner only (probe-runner/src/main.ts,
// docs/probe-runner.md) against `npm start`'s app. `npm run probe -- --url URL [--sse]` probes one
// address and prints the outcome as JSON (scripts/probe-url.ts; the conformance suite's client).
import { existsSync, readFileSync } from 'node:fs'
import { appUrl, localEnv, localState, migrateLocal, run } from './local.mjs'

/** The runner's token: the environment's, else the one `npm start`'s app reads from .dev.vars. */
function runnerToken() {
  if (process.env.PROBE_RUNNER_TOKEN) return process.env.PROBE_RUNNER_TOKEN
  const vars = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : ''
  return /^PROBE_RUNNER_TOKEN=(.+)$/m.exec(vars)?.[1].trim() ?? ''
}

/** One pass of the probe runner against the local app (CATALOGUE_URL, else the address `npm start` recorded). */
function runPackages(args, { required }) {
  const token = runnerToken()
  if (!token) {
    const hint = 'Packages: set PROBE_RUNNER_TOKEN in .dev.vars (then restart `npm start`) to run the probe runner locally.'
    if (required) throw new Error(hint)
    console.log(hint)
    return
  }
  const url = appUrl()
  run('tsx', ['probe-runner/src/main.ts', '--once', ...args], { env: localEnv({ CATALOGUE_URL: url, PROBE_RUNNER_TOKEN: token }) })
}

try {
  const args = process.argv.slice(2)
  if (args.includes('--url')) {
    run('tsx', ['scripts/probe-url.ts', ...args])
  } else if (args.includes('--packages')) {
    runPackages(
      args.filter((arg) => arg !== '--packages'),
      { required: true },
    )
  } else {
    migrateLocal(localState())
    run('tsx', ['scripts/probe.ts', ...args.filter((arg) => arg !== '--remotes')])
    const server = args.includes('--server')
      ? args[args.indexOf('--server') + 1]
      : args.find((arg) => arg.startsWith('--server='))?.slice(9)
    if (!args.includes('--remotes')) runPackages(server ? ['--server', server] : [], { required: false })
  }
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
