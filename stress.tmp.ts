import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scanContext, surfaceOf } from './test/worker/lib/scan/eval-metrics'
import { scanSurface } from './worker/lib/scan'
const dir = 'test/scan-set'
const set: any = {}
for (const f of readdirSync(join(dir, 'benign'))) set[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, 'benign', f), 'utf8'))
const listings = JSON.parse(readFileSync(join(dir, 'listings.json'), 'utf8'))
// Every benign server read as the newest listing: any shared name is then "another, more established listing's".
let n = 0
for (const slug of Object.keys(set)) {
  const base = scanContext(set, slug, listings)
  const ctx = { ...base, self: { ...base.self!, standing: -1 } }
  for (const f of scanSurface(surfaceOf(set[slug]), ctx)) if (f.rule === 'deceptive-name.copied-name') { n++; console.log(slug, f.item, f.severity, f.reason) }
}
console.log('copied-name findings on benign servers read as newest:', n)
