/**
 * `npm run eval:search`: how well search finds what people mean, over the bundled registry
 * snapshot and the labelled queries in test/search-eval/queries.json.
 *
 * The measuring is test/worker/search-relevance.test.ts, run here through Vitest inside workerd
 * like every Worker test: the snapshot goes into a real local D1 through the importer, and each
 * query goes through the Worker's own /api/servers/search, so any change to the search code is
 * measured as shipped. This script prints the figures, writes bench/results/search-eval.json and
 * fails when recall@10 or MRR@10 overall fell below test/search-eval/baseline.json.
 *
 *   --update        record this run's figures as the baseline (after a change that improves them)
 *   --report-only   print and write the figures but never fail on the baseline (`npm run bench`)
 *   --quiet         the summary by query type only, without the table of queries
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startVitest } from 'vitest/node'

const { values: opts } = parseArgs({
  options: {
    update: { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
})

const TEST_FILE = 'test/worker/search-relevance.test.ts'
const GATE_TEST = 'finds at least what the baseline found (recall@10 and MRR@10 overall)'
const BASELINE = resolve('test/search-eval/baseline.json')
const RESULTS = resolve('bench/results/search-eval.json')
const fmt = (n) => n.toFixed(3)

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return null
  }
}

/** Runs the harness test and returns its report and any failures, without Vitest's own report. */
async function measure() {
  const silent = {}
  const vitest = await startVitest([TEST_FILE], { config: 'vitest.config.ts', watch: false, reporters: [silent] })
  try {
    let report = null
    const failures = []
    for (const module of vitest.state.getTestModules()) {
      for (const error of module.errors()) failures.push({ test: module.moduleId, message: error.message })
      for (const test of module.children.allTests()) {
        report ??= test.meta().searchEval ?? null
        const result = test.result()
        if (result.state === 'failed')
          failures.push({ test: test.name, message: result.errors?.map((e) => e.message).join('\n') ?? 'failed' })
      }
    }
    return { report, failures }
  } finally {
    await vitest.close()
  }
}

/** A Markdown table; `align` has an 'l' or 'r' per column. */
function table(head, rows, align) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const right = (i) => align[i] === 'r'
  const line = (cells) => `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => `${right(i) ? '-' : ':'}${'-'.repeat(w)}${right(i) ? ':' : '-'}`).join('|')}|`
  return [line(head), rule, ...rows.map(line)].join('\n')
}

/** '+0.125' / '-0.050' against the baseline, or '' when equal or unknown. */
function delta(now, before) {
  if (before === undefined || Math.abs(now - before) < 1e-6) return ''
  return `${now > before ? '+' : ''}${(now - before).toFixed(3)}`
}

function print(report, baseline) {
  const K = 10
  if (!opts.quiet) {
    const rows = report.results.map((r) => {
      const was = baseline.queries?.[r.query]
      const missed = Object.entries(r.ranks)
        .filter(([, rank]) => rank === null || rank > K)
        .map(([name, rank]) => `${name.replace(/^io\.github\./, '')}${rank ? ` (#${rank})` : ''}`)
      return [
        r.type,
        r.query,
        fmt(r.recall),
        fmt(r.reciprocalRank),
        [delta(r.recall, was?.recall), delta(r.reciprocalRank, was?.reciprocalRank)].filter(Boolean).join(' ') || '',
        String(r.total),
        missed.length > 3 ? `${missed.slice(0, 3).join(', ')} and ${missed.length - 3} more` : missed.join(', '),
      ]
    })
    console.log(`\nSearch relevance, query by query (missed: relevant servers not in the first ${K}, with their rank when on the page)\n`)
    console.log(table(['type', 'query', `recall@${K}`, 'RR', 'vs baseline', 'matched', 'missed'], rows, 'llrrlrl'))
  }
  const typeRows = Object.entries(report.byType).map(([type, f]) => {
    const was = baseline.byType?.[type]
    return [type, String(f.queries), fmt(f.recall), delta(f.recall, was?.recall), fmt(f.mrr), delta(f.mrr, was?.mrr)]
  })
  const o = report.overall
  typeRows.push([
    'overall',
    String(o.queries),
    fmt(o.recall),
    delta(o.recall, baseline.overall?.recall),
    fmt(o.mrr),
    delta(o.mrr, baseline.overall?.mrr),
  ])
  console.log(`\nSearch relevance by query type (means over queries; deltas against test/search-eval/baseline.json)\n`)
  console.log(table(['type', 'queries', `recall@${K}`, 'Δ', `MRR@${K}`, 'Δ'], typeRows, 'lrrrrr'))
}

function baselineOf(report) {
  return {
    note: 'Written by `npm run eval:search -- --update`; the gate compares `overall` with each run.',
    commit: commit(),
    labels: report.labels,
    overall: report.overall,
    byType: report.byType,
    queries: Object.fromEntries(report.results.map((r) => [r.query, { recall: r.recall, reciprocalRank: r.reciprocalRank }])),
  }
}

async function main() {
  const startedAt = new Date().toISOString()
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'))
  const { report, failures } = await measure()
  const gateFailure = failures.find((f) => f.test === GATE_TEST)
  const otherFailures = failures.filter((f) => f !== gateFailure)
  for (const f of otherFailures) console.error(`\n✗ ${f.test}\n${f.message}`)
  if (!report || otherFailures.length) {
    console.error('\nThe relevance harness did not complete.')
    return 1
  }
  print(report, baseline)
  const fell = report.belowBaseline
  mkdirSync(resolve('bench/results'), { recursive: true })
  writeFileSync(
    RESULTS,
    JSON.stringify(
      {
        startedAt,
        commit: commit(),
        labels: report.labels,
        overall: report.overall,
        byType: report.byType,
        baseline: { commit: baseline.commit, labels: baseline.labels, overall: baseline.overall, byType: baseline.byType },
        labelsChanged: report.labelsChanged,
        belowBaseline: fell,
        results: report.results,
      },
      null,
      2,
    ),
  )
  console.log(`\nWritten to ${RESULTS.replace(`${process.cwd()}/`, '')}`)
  if (opts.update) {
    writeFileSync(BASELINE, `${JSON.stringify(baselineOf(report), null, 2)}\n`)
    console.log(`Baseline updated: ${BASELINE.replace(`${process.cwd()}/`, '')}`)
    return 0
  }
  if (report.labelsChanged) {
    console.error('\nqueries.json changed since the baseline was recorded: these figures are not comparable with it.')
    console.error('Record the baseline for the new labels, on the search code it was measured with: `npm run eval:search -- --update`.')
    return opts['report-only'] ? 0 : 1
  }
  if (fell.length) {
    console.error(`\nSearch relevance fell below the baseline: ${fell.join('; ')}.`)
    if (opts['report-only']) return 0
    console.error('If the change is meant to trade these figures, record the new ones with `npm run eval:search -- --update`.')
    return 1
  }
  if (gateFailure && !opts['report-only']) {
    console.error(`\n✗ ${gateFailure.test}\n${gateFailure.message}`)
    return 1
  }
  console.log('At or above the baseline.')
  return 0
}

process.exitCode = await main()
