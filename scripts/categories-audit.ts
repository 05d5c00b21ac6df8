/**
 * `npx tsx scripts/categories-audit.ts [--list] [--category slug]`: how the bundled snapshot's
 * servers fall into the categories (worker/lib/classify/), with the servers left in 'other'
 * and, with --list, every server's categories and the terms that put it there.
 */
import { readFileSync } from 'node:fs'
import { CATEGORIES } from '@shared/categories'
import { classify, scoreCategories } from '../worker/lib/classify/classifier'
import { entriesOf, mapRegistryEntry } from '../worker/lib/registry-entry'

const args = process.argv.slice(2)
const only = args.includes('--category') ? args[args.indexOf('--category') + 1] : null
const doc = JSON.parse(readFileSync('data/mcp-registry-seed-2025-05-16.json', 'utf8'))
const servers = entriesOf(doc).flatMap((e) => {
  const r = mapRegistryEntry(e)
  return r.ok ? [r.server] : []
})

const counts = new Map<string, number>(CATEGORIES.map((c) => [c.slug, 0]))
const perServer = new Map<number, number>()
const lines: string[] = []
for (const s of servers) {
  const input = { name: s.name, displayName: s.displayName, description: s.description, tags: s.tags }
  const cats = classify(input)
  for (const c of cats) counts.set(c, (counts.get(c) ?? 0) + 1)
  perServer.set(cats.length, (perServer.get(cats.length) ?? 0) + 1)
  if (only && !cats.includes(only as never)) continue
  const why = scoreCategories(input)
    .slice(0, 4)
    .map((x) => `${x.slug}=${x.score}(${x.evidence.map((e) => `${e.field[0]}:${e.term}`).join(',')})`)
    .join(' ')
  lines.push(`${s.name} | ${s.description.slice(0, 70)}\n    -> ${cats.join(', ')}   ${why}`)
}

console.log(`${servers.length} servers`)
for (const c of CATEGORIES) console.log(`${String(counts.get(c.slug)).padStart(4)}  ${c.slug}`)
console.log('categories per server:', Object.fromEntries([...perServer].sort()))
if (args.includes('--list') || only) console.log(lines.join('\n'))
