// A probe for development (not for main): every budgeted route's cost at 1,000 and 10,000 servers.
import { it } from 'vitest'
import budgets from '../../bench/budgets.json'
import { measure } from './cost-measure'
import { seedScale } from './scale-seed'

const ID = '00000000-0000-4000-8000-000000000007'
const pathOf = (p: string) => p.replace('{id}', ID).replace('{name}', encodeURIComponent('io.github.scale/server-7')).replace('{package}', '00000000-0000-4000-9000-000000000001')

async function report(label: string) {
  for (const r of budgets.routes) {
    const m = await measure(pathOf(r.path))
    console.log(`COST ${label} ${String(m.status)} d1=${m.roundTrips} stmts=${m.statements} rows=${m.rowsRead} kv=${m.kvReads} ${r.path}`)
  }
}

it('probe', async () => {
  await seedScale(1, 1000)
  await report('1k')
  await seedScale(1001, 10000)
  await report('10k')
  await seedScale(10001, 100000)
  await report('100k')
}, 600_000)
