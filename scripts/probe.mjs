// `npm run probe -- [--server ID] [--limit N]`: probes the local database's due remotes with the
// Worker's own job code (see scripts/probe.ts). `npm run probe -- --url URL [--sse]` probes one
// address and prints the outcome as JSON (scripts/probe-url.ts; the conformance suite's client).
import { localState, migrateLocal, run } from './local.mjs'

try {
  const args = process.argv.slice(2)
  if (args.includes('--url')) {
    run('tsx', ['scripts/probe-url.ts', ...args])
  } else {
    migrateLocal(localState())
    run('tsx', ['scripts/probe.ts', ...args])
  }
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
