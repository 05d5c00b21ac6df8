/**
 * docs/supply-chain.md publishes the signal table people read on the advisory's method: it must
 * say what the rules say, rule for rule and weight for weight.
 */
import { describe, expect, it } from 'vitest'
import doc from '../../../../docs/supply-chain.md?raw'
import { SUPPLY_RULES } from '../../../../worker/lib/supply/signals'

/** The rows between the signals markers: id, weight, reason. */
function documentedSignals(markdown: string) {
  const table = markdown.slice(markdown.indexOf('<!-- signals:start -->'), markdown.indexOf('<!-- signals:end -->'))
  return table
    .split('\n')
    .map((line) => /^\|\s*`([a-z.-]+)`\s*\|\s*(\d+)\s*\|\s*(.+?)\s*\|$/.exec(line.trim()))
    .filter((m) => m !== null)
    .map((m) => ({ id: m[1], weight: Number(m[2]), reason: m[3] }))
}

describe('the documented signal table', () => {
  it('lists every rule, in order, with its weight and its reason', () => {
    expect(documentedSignals(doc)).toEqual(SUPPLY_RULES.map((r) => ({ id: r.id, weight: r.weight, reason: r.reason })))
  })
})
