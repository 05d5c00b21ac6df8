/**
 * `npm start`: build, apply migrations, seed the real snapshot when the database is empty, and
 * serve the whole app (Worker + SPA) on workerd with real local D1 and KV, firing its Cron
 * Triggers on their timetable as a deploy does. Honours PORT; `-- --no-cron` (or LOCAL_CRON=off)
 * serves without the crons, `-- --no-build` without building.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { bin, localEnv, localState, migrateLocal, recordAppPort, run } from './local.mjs'
import { registrySyncDefault, startLocalCron } from './local-cron.mjs'

const port = process.env.PORT || '8787'
const state = localState()
const env = localEnv({ CATALOGUE_STATE: state })

// Local settings: the development sign-in is turned on here, never in wrangler.toml.
if (!existsSync('.dev.vars')) {
  writeFileSync('.dev.vars', '# Local-only settings (not committed).\nDEV_LOGIN=true\nADMIN_LOGINS=admin\n')
}
// Probing remotes is on locally, loopback allowed (local MCP servers); a .dev.vars written before
// probing existed gains both. The deploy configuration has both off.
if (!/^PROBE_ENABLED=/m.test(readFileSync('.dev.vars', 'utf8'))) {
  appendFileSync('.dev.vars', 'PROBE_ENABLED=true\nPROBE_ALLOW_LOOPBACK=true\n')
}
// The probe runner's token (worker/routes/runner.ts), random per checkout: `npm run probe` reads it
// from here to drive the runner against the local server. A deploy sets its own as a secret.
if (!/^PROBE_RUNNER_TOKEN=/m.test(readFileSync('.dev.vars', 'utf8'))) {
  appendFileSync('.dev.vars', `PROBE_RUNNER_TOKEN=${randomBytes(32).toString('hex')}\n`)
}
// Locally every answer says what it cost the database (Server-Timing, worker/db/cost.ts).
if (!/^COST_HEADER=/m.test(readFileSync('.dev.vars', 'utf8'))) {
  appendFileSync('.dev.vars', 'COST_HEADER=true\n')
}
// The cron syncs from the registry only when asked (REGISTRY_SYNC_ENABLED=true here); the watch
// and the probes run on their schedule as on a deploy.
const syncLine = registrySyncDefault(readFileSync('.dev.vars', 'utf8'))
if (syncLine) appendFileSync('.dev.vars', syncLine)
try {
  if (!process.argv.includes('--no-build')) run('vite', ['build'], { env })
  migrateLocal(state, { env })
  run('tsx', ['scripts/seed.ts', '--if-empty'], { env })
} catch (err) {
  console.error(err.message)
  process.exit(1)
}

// `npm run probe` and the other scripts find this app by it (scripts/local.mjs appUrl).
recordAppPort(state, port)
console.log(`\nMCP Catalogue: http://127.0.0.1:${port}\n`)
const server = spawn(bin('vite'), ['preview', '--port', port, '--strictPort'], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
// Cloudflare fires the Cron Triggers on a deploy; locally nothing does, so this calls the
// runtime's own scheduled handler at the minutes wrangler.toml's crons match (scripts/local-cron.mjs).
startLocalCron({ port, argv: process.argv, env: process.env })
