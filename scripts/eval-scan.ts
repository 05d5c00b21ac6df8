/**
 * The measuring behind `npm run eval:scan` (scripts/eval-scan.mjs): scans the labelled set
 * (test/scan-set/) with the scanner of worker/lib/scan, counted by the same code as the Worker
 * test (test/worker/lib/scan/eval-metrics.ts), and prints the Markdown tables docs/scanning.md
 * shows, then every benign flag and every miss. Exits 1 when a figure is worse than
 * test/scan-set/baseline.json, unless --report-only.
 *   --scanner <module>   another module exporting scanSurface (to try a rule change side by side)
 *   --set <dir>          another set laid out like test/scan-set (benign/, poisoned.json, baseline.json;
 *                        poisoned-r5.json, poisoned-r6.json and listings.json when there)
 * After the whole set's tables, each held-out round alone (ids r5-, then r6-): per class and per difficulty.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

/** What this script uses of test/worker/lib/scan/eval-metrics.ts (loaded by path: it belongs to the Worker's tests, not to scripts/). */
interface Metrics {
  evaluate(set: Record<string, unknown>, poisoned: unknown[], scan: unknown, listings?: unknown): Result
  belowBaseline(result: Result, baseline: unknown): string[]
  markdownReport(result: Result): string
  roundReport(result: Result, prefix: string): string
}
interface Result {
  benign: {
    falsePositives: Array<{
      server: string
      kind: string
      item: string | null
      field: string
      rule: string
      severity: string
      excerpt: string
    }>
  }
  misses: Array<{ id: string; class: string; severity: string; hard: string | null }>
}

const { values: opts } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    scanner: { type: 'string' },
    set: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
})

const SET = opts.set ? resolve(opts.set) : resolve(import.meta.dirname, '../test/scan-set')
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'))
const benign: Record<string, unknown> = Object.fromEntries(
  readdirSync(join(SET, 'benign'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [name.replace(/\.json$/, ''), read(join(SET, 'benign', name))]),
)
const heldOut: unknown[] = existsSync(join(SET, 'poisoned-r5.json')) ? read(join(SET, 'poisoned-r5.json')) : []
const round6: unknown[] = existsSync(join(SET, 'poisoned-r6.json')) ? read(join(SET, 'poisoned-r6.json')) : []
const poisoned: unknown[] = [...read(join(SET, 'poisoned.json')), ...heldOut, ...round6]
const listings: unknown = existsSync(join(SET, 'listings.json')) ? read(join(SET, 'listings.json')) : {}
const baseline: unknown = read(join(SET, 'baseline.json'))

const scannerPath = opts.scanner ? resolve(opts.scanner) : resolve(import.meta.dirname, '../worker/lib/scan/index.ts')
const { scanSurface } = (await import(pathToFileURL(scannerPath).href)) as { scanSurface: unknown }
const metricsPath = resolve(import.meta.dirname, '../test/worker/lib/scan/eval-metrics.ts')
const { evaluate, belowBaseline, markdownReport, roundReport } = (await import(pathToFileURL(metricsPath).href)) as Metrics
const result = evaluate(benign, poisoned, scanSurface, listings)

if (opts.json) {
  console.log(JSON.stringify(result, null, 2))
} else {
  console.log(markdownReport(result))
  console.log('\nBenign flags (medium or above):')
  for (const fp of result.benign.falsePositives) {
    console.log(
      `- ${fp.server} ${fp.kind} ${fp.item ?? ''} ${fp.field}: ${fp.rule} (${fp.severity}) ${JSON.stringify(fp.excerpt.slice(0, 100))}`,
    )
  }
  if (result.benign.falsePositives.length === 0) console.log('- none')
  console.log('\nPoisoned tools missed:')
  for (const miss of result.misses) console.log(`- ${miss.id} (${miss.class}, ${miss.severity}${miss.hard ? `, ${miss.hard}` : ''})`)
  if (result.misses.length === 0) console.log('- none')
  if (heldOut.length > 0)
    console.log(`\nThe held-out round 5 alone (poisoned-r5.json, ${heldOut.length} tools):\n\n${roundReport(result, 'r5-')}`)
  if (round6.length > 0)
    console.log(`\nThe held-out round 6 alone (poisoned-r6.json, ${round6.length} tools):\n\n${roundReport(result, 'r6-')}`)
}
const worse = belowBaseline(result, baseline)
if (worse.length > 0) {
  console.error(`\nBelow the baseline (test/scan-set/baseline.json): ${worse.join('; ')}`)
  if (!opts['report-only']) process.exit(1)
}
