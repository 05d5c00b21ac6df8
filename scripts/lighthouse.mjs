/**
 * `npm run lighthouse`: Lighthouse (its mobile defaults: a mid-range phone on a slow 4G link,
 * simulated) on the landing page, the server list, a server's page and the package list, served
 * locally from the bundled snapshot the way `npm start` serves it. Prints performance,
 * accessibility and SEO scores with largest contentful paint and cumulative layout shift, and
 * writes every figure to bench/results/lighthouse-<time>.json (and lighthouse-latest.json).
 *
 *   --runs N      runs per page, medians reported (default 1)
 *   --no-build    reuse dist/ as built
 *   --page NAME   only this page ('/', '/servers', 'server page' or '/packages'), to try a change
 *   --reports     also write each run's whole Lighthouse report (lighthouse-report-<page>-<time>.json)
 *                 and its trace (lighthouse-trace-<page>-<time>.json, for a trace viewer or DevTools)
 *
 * The local server sends everything uncompressed, which the edge never does: text is gzipped on
 * the way, by a small proxy in front of it, so the figures weigh what a visitor downloads.
 *
 * Its database is its own (bench/lighthouse-state, seeded once from the snapshot), so a run
 * never touches the one `npm start` uses. Debian's Chromium at /usr/bin/chromium
 * (CHROMIUM_PATH overrides) runs the audits.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { cpus } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createGzip } from 'node:zlib'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { freePort, localEnv, migrateLocal, run, startPreview } from './local.mjs'

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
    page: { type: 'string' },
    reports: { type: 'boolean', default: false },
  },
})
const RUNS = Number(opts.runs)
const ROOT = resolve('bench')
const STATE = join(ROOT, 'lighthouse-state')
const RESULTS = join(ROOT, 'results')
const env = localEnv({ CATALOGUE_STATE: STATE })
const CATEGORIES = ['performance', 'accessibility', 'seo']
/** Core Web Vitals' "good" thresholds and the issue's aims, shown beside the figures. */
const AIMS = { performance: 0.95, accessibility: 1, seo: 1, lcpMs: 2500, cls: 0.1 }

let preview
let proxy
let browser
process.on('exit', () => preview?.stop())
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function serve() {
  if (!opts['no-build']) run('vite', ['build', '--logLevel', 'warn'], { env })
  migrateLocal(STATE, { env, quiet: true })
  run('tsx', ['scripts/seed.ts', '--if-empty'], { env })
  // Outbound services point at a closed local port: no README or repository look-up leaves the
  // machine, and each fails at once rather than after a time-out.
  const closed = 'http://127.0.0.1:9'
  writeFileSync(
    'dist/mcp_catalogue/.dev.vars',
    [
      'DEV_LOGIN=false',
      ...['GITHUB_API_BASE', 'GITHUB_RAW_BASE', 'GITHUB_OAUTH_BASE', 'NPM_REGISTRY_BASE', 'MCP_REGISTRY_BASE'].map((k) => `${k}=${closed}`),
    ].join('\n'),
  )
  mkdirSync(ROOT, { recursive: true })
  preview = await startPreview([], { env, log: join(STATE, 'preview.log') })
  proxy = await compressingProxy(preview.base)
  return proxy.base
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/

/**
 * A proxy to `target` that gzips text answers for clients that accept it, as the edge does.
 * @returns {Promise<{ base: string, close: () => void }>}
 */
function compressingProxy(target) {
  const server = createServer((req, res) => {
    const upstream = request(
      `${target}${req.url}`,
      { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (up) => {
        const headers = { ...up.headers }
        const gzip = COMPRESSIBLE.test(headers['content-type'] ?? '') && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
        if (gzip) {
          delete headers['content-length']
          headers['content-encoding'] = 'gzip'
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
        }
        res.writeHead(up.statusCode ?? 502, headers)
        ;(gzip ? up.pipe(createGzip()) : up).pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }))
  })
}

async function audit(url, port, page) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
  const { categories, audits } = result.lhr
  if (opts.reports) {
    const name = `lighthouse-report-${page.replace(/^\/$/, 'landing').replace(/\W+/g, '-').replace(/^-/, '')}-${Date.now()}.json`
    writeFileSync(join(RESULTS, name), JSON.stringify(result.lhr))
    if (result.artifacts.Trace) writeFileSync(join(RESULTS, name.replace('report', 'trace')), JSON.stringify(result.artifacts.Trace))
  }
  const failed = (id) =>
    Object.values(result.lhr.categories[id].auditRefs)
      .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id)
  return {
    performance: categories.performance.score,
    accessibility: categories.accessibility.score,
    seo: categories.seo.score,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    speedIndexMs: audits['speed-index'].numericValue,
    // Lighthouse 13 names the LCP element in its breakdown insight, beside the table of phases.
    lcpElement: audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ?? null,
    failing: { accessibility: failed('accessibility'), seo: failed('seo') },
  }
}

function table(rows) {
  const head = ['page', 'performance', 'accessibility', 'SEO', 'LCP s', 'CLS']
  const body = rows.map((r) => [
    r.page,
    r.performance.toFixed(2),
    r.accessibility.toFixed(2),
    r.seo.toFixed(2),
    (r.lcpMs / 1000).toFixed(1),
    r.cls.toFixed(3),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n')
}

async function main() {
  const startedAt = new Date()
  const base = await serve()
  const list = await (await fetch(`${base}/api/servers?sortBy=stars`)).json()
  const serverId = list.servers[0].id
  const pages = [
    ['/', '/'],
    ['/servers', '/servers'],
    ['server page', `/servers/${serverId}`],
    ['/packages', '/packages'],
  ]
  if (opts.page) pages.splice(0, Infinity, ...pages.filter(([page]) => page === opts.page))
  mkdirSync(RESULTS, { recursive: true })
  const port = await freePort()
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${port}`],
  })
  const rows = []
  try {
    for (const [page, path] of pages) {
      // The first request of a path warms workerd and the edge cache, as a visited site would be.
      await (await fetch(base + path)).arrayBuffer()
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base + path, port, page))
      const m = (key) => median(runs.map((r) => r[key]))
      const row = {
        page,
        path,
        performance: m('performance'),
        accessibility: m('accessibility'),
        seo: m('seo'),
        lcpMs: m('lcpMs'),
        cls: m('cls'),
        fcpMs: m('fcpMs'),
        tbtMs: m('tbtMs'),
        runs,
      }
      rows.push(row)
      const failing = [...new Set(runs.flatMap((r) => [...r.failing.accessibility, ...r.failing.seo]))]
      console.log(
        `  ${page}: performance ${row.performance}, FCP ${(row.fcpMs / 1000).toFixed(1)} s, LCP ${(row.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(row.tbtMs)} ms, SI ${(m('speedIndexMs') / 1000).toFixed(1)} s; LCP element ${runs[0].lcpElement}${failing.length ? `; failing: ${failing.join(', ')}` : ''}`,
      )
    }
  } finally {
    await browser.close()
  }
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
  const report = {
    startedAt: startedAt.toISOString(),
    commit,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    lighthouse: { formFactor: 'mobile', throttling: 'simulated (defaults)', runs: RUNS, compression: 'gzip (proxy)' },
    aims: AIMS,
    pages: rows,
  }
  mkdirSync(RESULTS, { recursive: true })
  const file = join(RESULTS, `lighthouse-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2))
  writeFileSync(join(RESULTS, 'lighthouse-latest.json'), JSON.stringify(report, null, 2))
  console.log(`\nLighthouse ${RUNS > 1 ? `(medians of ${RUNS} runs) ` : ''}mobile, commit ${commit}\n`)
  console.log(table(rows))
  const missed = rows.filter(
    (r) =>
      r.performance < AIMS.performance ||
      r.accessibility < AIMS.accessibility ||
      r.seo < AIMS.seo ||
      r.lcpMs > AIMS.lcpMs ||
      r.cls > AIMS.cls,
  )
  console.log(`\n${missed.length ? `Aims missed on: ${missed.map((r) => r.page).join(', ')}` : 'Every aim met.'}`)
  console.log(`Written to ${file}`)
}

try {
  await main()
} catch (err) {
  console.error(`\nlighthouse failed: ${err.stack ?? err.message}`)
  process.exitCode = 1
} finally {
  proxy?.close()
  preview?.stop()
}
