// `npm run import -- FILE`: imports a registry file into the local database (see scripts/seed.ts).
import { spawnSync } from 'node:child_process'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run import -- FILE   (an array of server.json entries, or a registry list response)')
  process.exit(2)
}
const r = spawnSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', process.env.CATALOGUE_STATE ?? '.wrangler/state'], { stdio: 'inherit' })
if (r.status !== 0) process.exit(r.status ?? 1)
process.exit(spawnSync('tsx', ['scripts/seed.ts', file], { stdio: 'inherit' }).status ?? 1)
