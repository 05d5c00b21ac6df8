/**
 * `npm test`: every check, in order, stopping at the first failure: the Worker's generated types
 * match wrangler.toml, lint and format (Biome), type-check, build, the deploy dry run, Worker tests inside workerd, then
 * browser tests against the built app.
 */
import { run } from './local.mjs'

const steps = [
  ['worker types up to date', 'npm', ['run', '--silent', 'types', '--', '--check']],
  ['lint and format', 'biome', ['check', '.']],
  ['type-check', 'tsc', ['-b']],
  ['build', 'vite', ['build']],
  ['deploy dry run', 'wrangler', ['deploy', '--dry-run', '--outdir', 'dist/dry-run']],
  ['worker tests', 'vitest', ['run', '--config', 'vitest.config.ts']],
  ['browser tests', 'vitest', ['run', '--config', 'vitest.e2e.config.ts']],
]
for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`)
  try {
    run(cmd, args)
  } catch {
    console.error(`\n${name} failed`)
    process.exit(1)
  }
}
