/**
 * The probe runner's command (docs/probe-runner.md):
 *   tsx probe-runner/src/main.ts [--once] [--batch N] [--concurrency N] [--timeout MS]
 *                                [--output-cap BYTES] [--unfenced] [--server ID]
 * `--server ID` probes that listing's package only, due or not, once.
 * Reads CATALOGUE_URL, PROBE_RUNNER_TOKEN, NPM_REGISTRY (default https://registry.npmjs.org),
 * PROBE_RUNNER_NAME and NPM_CACHE from the environment. Exits 1 when no fence is available
 * (unless --unfenced, for development on a machine without namespaces), or when the catalogue
 * refuses a claim; exits 0 when nothing is due any more.
 */
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client/node'
import { detectFence } from './fence'
import { runRunner } from './runner'

const { values } = parseArgs({
  options: {
    once: { type: 'boolean', default: false },
    batch: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '2' },
    timeout: { type: 'string', default: String(DEFAULT_PROBE_BOUNDS.totalTimeoutMs) },
    'output-cap': { type: 'string', default: String(8 * 1024 * 1024) },
    unfenced: { type: 'boolean', default: false },
    server: { type: 'string' },
  },
})

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    console.error(`${name} is not set`)
    process.exit(1)
  }
  return value
}

const fence = detectFence()
if (fence === 'none' && !values.unfenced) {
  console.error(
    'No fence is available (bubblewrap or unshare with user namespaces): refusing to run packages. --unfenced is for development only.',
  )
  process.exit(1)
}
if (fence === 'unshare')
  console.error('bubblewrap is not usable here: packages run in a network namespace only (the filesystem is not fenced).')
if (values.unfenced && fence === 'none') console.error('UNFENCED: packages run with the network and the filesystem of this machine.')

const timeout = Number.parseInt(values.timeout, 10)
const records = await runRunner({
  api: { url: required('CATALOGUE_URL'), token: required('PROBE_RUNNER_TOKEN'), runner: process.env.PROBE_RUNNER_NAME || hostname() },
  settings: {
    fence,
    npmRegistry: process.env.NPM_REGISTRY || 'https://registry.npmjs.org',
    npmCache: process.env.NPM_CACHE || join(tmpdir(), 'probe-runner-npm-cache'),
    bounds: { ...DEFAULT_PROBE_BOUNDS, totalTimeoutMs: timeout, stepTimeoutMs: Math.min(DEFAULT_PROBE_BOUNDS.stepTimeoutMs, timeout) },
    outputCap: Number.parseInt(values['output-cap'], 10),
    fetchTimeoutMs: 120_000,
    path: process.env.PATH ?? '/usr/bin:/bin',
  },
  batch: Number.parseInt(values.batch, 10),
  concurrency: Number.parseInt(values.concurrency, 10),
  once: values.once,
  serverId: values.server,
  log: (line) => console.log(line),
})
const nothing = values.server ? `Listing ${values.server} has no package the runner reads, or a runner holds it now.` : 'No package is due.'
console.log(records.length === 0 ? nothing : `Probed ${records.length} package${records.length === 1 ? '' : 's'}.`)
if (records.some((record) => record.postError)) process.exitCode = 1
