/**
 * `npm start`: build, apply migrations, seed the real snapshot when the database is empty, and
 * serve the whole app (Worker + SPA) on workerd with real local D1 and KV. Honours PORT.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

const port = process.env.PORT || '8787'
const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
// Nothing local reaches out: no request-metadata fetch, no telemetry.
const env = { ...process.env, CATALOGUE_STATE: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// Local settings: the development sign-in is turned on here, never in wrangler.toml.
if (!existsSync('.dev.vars')) {
  writeFileSync('.dev.vars', '# Local-only settings (not committed).\nDEV_LOGIN=true\nADMIN_LOGINS=admin\n')
}
if (!process.argv.includes('--no-build')) run('vite', ['build'])
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state])
run('tsx', ['scripts/seed.ts', '--if-empty'])

console.log(`\nMCP Catalogue: http://127.0.0.1:${port}\n`)
const server = spawn('vite', ['preview', '--port', port, '--strictPort'], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
