/**
 * `npm test`: every check, in order, stopping at the first failure: type-check, build, the
 * deploy dry run, Worker tests inside workerd, then browser tests against the built app.
 */
import { spawnSync } from 'node:child_process'

const steps = [
  ['type-check', 'tsc', ['-b']],
  ['build', 'vite', ['build']],
  ['deploy dry run', 'wrangler', ['deploy', '--dry-run', '--outdir', 'dist/dry-run']],
  ['worker tests', 'vitest', ['run', '--config', 'vitest.config.ts']],
  ['browser tests', 'vitest', ['run', '--config', 'vitest.e2e.config.ts']],
]
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (r.status !== 0) {
    console.error(`\n${name} failed`)
    process.exit(r.status ?? 1)
  }
}
