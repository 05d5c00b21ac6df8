/**
 * `npm run eval:scan`: how well the scanner (worker/lib/scan) tells poisoned tools from real ones,
 * on the labelled set in test/scan-set/ (docs/scanning.md, "Measured"). Prints the per-class
 * table (Markdown) with the benign flags and the misses, and fails when a figure is worse than
 * test/scan-set/baseline.json. The scanner is pure, so it runs here in Node through tsx; the
 * Worker test test/worker/lib/scan/eval.test.ts holds CI to the same baseline.
 *   --report-only   print, never fail on the baseline
 *   --json          the whole result as JSON
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const result = spawnSync(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'scripts/eval-scan.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
