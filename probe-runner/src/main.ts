/**
 * The probe runner's command (docs/probe-runner.md):
 *   tsx probe-runner/src/main.ts [--once] [--batch N] [--concurrency N] [--timeout MS]
 *                                [--output-cap BYTES] [--unfenced] [--server ID]
 * `--server ID` probes that listing's package only, due or not, once.
 * Reads CATALOGUE_URL, PROBE_RUNNER_TOKEN, PROBE_RUNNER_NAME and NPM_CACHE from the environment,
 * and the package clients' configuration (client-config.ts: NPM_REGISTRY, NPM_CAFILE, NPM_TOKEN,
 * the proxy, NODE_EXTRA_CA_CERTS, uv's index and CA, else what the operator's npm says). Exits 1
 * on a Node older than 22.6, when no fence is available (unless --unfenced, for development on a
 * machine without namespaces), or when the catalogue refuses a claim; exits 0 when nothing is due.
 */
import './check-node'
import { hostname } from 'node:os'
import { parseArgs } from 'node:util'
import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client/node'
import type { FenceKind } from './fence'
import { runRunner } from './runner'
import { chooseFence, describeClients, runnerSettings } from './settings'

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

let fence: FenceKind
try {
  fence = chooseFence(values.unfenced, (line) => console.error(line))
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const settings = runnerSettings({
  fence,
  timeoutMs: Number.parseInt(values.timeout, 10),
  outputCap: Number.parseInt(values['output-cap'], 10),
})
console.error(describeClients(settings.clients))
const records = await runRunner({
  api: { url: required('CATALOGUE_URL'), token: required('PROBE_RUNNER_TOKEN'), runner: process.env.PROBE_RUNNER_NAME || hostname() },
  settings,
  batch: Number.parseInt(values.batch, 10),
  concurrency: Number.parseInt(values.concurrency, 10),
  once: values.once,
  serverId: values.server,
  log: (line) => console.log(line),
})
const nothing = values.server ? `Listing ${values.server} has no package the runner reads, or a runner holds it now.` : 'No package is due.'
console.log(records.length === 0 ? nothing : `Probed ${records.length} package${records.length === 1 ? '' : 's'}.`)
if (records.some((record) => record.postError)) process.exitCode = 1
