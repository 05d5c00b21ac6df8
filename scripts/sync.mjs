// `npm run sync -- [--registry URL | --fixture] [--full]`: the registry sync against the local
// database (see scripts/sync.ts).
import { localState, migrateLocal, run } from './local.mjs'

try {
  migrateLocal(localState())
  run('tsx', ['scripts/sync.ts', ...process.argv.slice(2)])
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
