// `npm run import -- FILE`: imports a registry file into the local database (see scripts/seed.ts).
import { localState, migrateLocal, run } from './local.mjs'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run import -- FILE   (an array of server.json entries, or a registry list response)')
  process.exit(2)
}
try {
  migrateLocal(localState())
  run('tsx', ['scripts/seed.ts', file])
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
