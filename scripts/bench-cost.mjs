/**
 * The bench's cost step (scripts/bench.mjs): what each public read of bench/budgets.json costs per
 * request, counted by the Worker itself and priced at the platform's list prices.
 *
 * The counts (D1 round trips, rows read and written, KV reads) come from the `Server-Timing`
 * header the Worker sends with COST_HEADER on (worker/db/cost.ts): the same record the budget
 * tests read, so they are the same at any machine's speed. The CPU is workerd's, read from /proc
 * before and after a few hundred cold requests (scripts/process-cpu.mjs), and set against the
 * hello-world route measured the same way in the same run, as the speed table sets its rates.
 */
import { cpuPerRequest, groupCpuMs } from './process-cpu.mjs'

/**
 * List prices per million units, as Cloudflare's pricing pages gave them on `readOn` (Workers
 * Paid, D1, Workers KV). The monthly allowances each plan includes are left out: these are the
 * prices of the requests beyond them, so a route's price is what one more million of it costs.
 */
export const PRICES = {
  readOn: '2026-11-26',
  perMillion: { requests: 0.3, cpuMs: 0.02, rowsRead: 0.001, rowsWritten: 1.0, kvReads: 0.5 },
}

/**
 * The routes that take most of the traffic, by the budget table's names: the lists and a server's
 * detail are what every visit reads, search and the registry page what clients poll, the README
 * what a server's page loads beside its detail. (The budget table ranks nothing itself.)
 */
export const BUSIEST = ['server list', 'server detail', 'search, common word', 'registry page', 'README']

/**
 * The budget table's paths name the test seed's own cases (test/worker/scale-seed.ts); in the
 * bench's generated catalogue those are played by these roles, whose values `resolveTerms` reads
 * from the loaded database. Every other literal ('database', 'databases', 'server', 'datab',
 * 'databse', 'zzzz') is kept: the generator writes it too (or, for 'zzzz', nowhere, as meant).
 */
export const SEED_TERMS = {
  /** The seed's server 7, which has a README: an active generated server with a stored README. */
  id: '{id}',
  name: '{name}',
  /** The seed's first package: the bench's first public package (by the order it was written). */
  package: '{package}',
  /** On 3 servers in the seed: the generated tag on the fewest active servers, at least 3. */
  rareTag: 'rare',
  /** On every server tagged 'database' in the seed: the tag most often beside 'database'. */
  pairTag: 'files',
  /** In 3 descriptions in the seed: the generator's rare word nearest to 20 active servers. */
  rareWord: 'zephyr',
  /** Holds a tenth of the seed's servers: the owner of the most active generated servers. */
  author: 'author7',
  /**
   * A fragment of about a tenth of the seed's names: 'mcp-server-', which the generator puts in
   * the names of about 15% of its listings (`mcp-server-<product>`).
   */
  registryFragment: 'server-1',
}

/** What the registry search's fragment becomes (see SEED_TERMS.registryFragment). */
export const REGISTRY_FRAGMENT = 'mcp-server-'

/**
 * The statements that read the roles' values from a loaded catalogue, in the order
 * `termsFromRows` reads their answers. `id` must be a server there.
 * @param {string} id
 */
export function termQueries(id) {
  const active = `JOIN servers s ON s.id = t.server_id AND s.status = 'active'`
  return [
    `SELECT name AS v FROM servers WHERE id = '${id.replace(/'/g, "''")}'`,
    `SELECT t.tag AS v, count(*) AS n FROM server_tags t ${active} GROUP BY t.tag HAVING n >= 3 ORDER BY n, t.tag LIMIT 1`,
    `SELECT p.tag AS v, count(*) AS n FROM server_tags t ${active} JOIN server_tags p ON p.server_id = t.server_id AND p.tag <> t.tag WHERE t.tag = 'database' GROUP BY p.tag ORDER BY n DESC, p.tag LIMIT 1`,
    `SELECT repo_owner AS v, count(*) AS n FROM servers WHERE status = 'active' AND repo_owner IS NOT NULL GROUP BY repo_owner ORDER BY n DESC, repo_owner LIMIT 1`,
    `SELECT count(*) AS n FROM server_tags t ${active} WHERE t.tag = 'database'`,
    `SELECT count(*) AS n FROM server_categories t ${active} WHERE t.category = 'databases'`,
    `SELECT count(*) AS n FROM servers WHERE status = 'active' AND name LIKE '%${REGISTRY_FRAGMENT}%'`,
    `SELECT id AS v FROM packages WHERE is_public = 1 ORDER BY rowid LIMIT 1`,
  ]
}

/**
 * The roles' values from the answers to `termQueries` (one array of rows per statement), with
 * how many active servers hold each, for the report.
 * @param {string} id
 * @param {Array<Array<Record<string, unknown>>>} answers
 * @param {{ rareTerm: string, rareCount: number }} manifest the generator's rare word
 */
export function termsFromRows(id, answers, manifest) {
  const [[server], [rare], [pair], [author], [tagged], [filed], [fragment], [pkg]] = answers
  if (!server || !rare || !pair || !author || !pkg)
    throw new Error(`the catalogue lacks a term the cost step needs: ${JSON.stringify(answers)}`)
  return {
    id,
    name: String(server.v),
    package: String(pkg.v),
    rareTag: String(rare.v),
    pairTag: String(pair.v),
    rareWord: manifest.rareTerm,
    author: String(author.v),
    registryFragment: REGISTRY_FRAGMENT,
    held: {
      rareTag: Number(rare.n),
      pairTag: Number(pair.n),
      rareWord: manifest.rareCount,
      author: Number(author.n),
      broadTag: Number(tagged?.n ?? 0),
      broadCategory: Number(filed?.n ?? 0),
      registryFragment: Number(fragment?.n ?? 0),
    },
  }
}

/**
 * A budget route's path with the seed's cases replaced by the generated catalogue's (`terms`):
 * placeholders anywhere, tags in `tags=` and tag feeds, words in `q=`, the author feed's login,
 * the registry's `search=`. A placeholder left over is an error: the path would not be a route.
 * @param {string} path
 * @param {{ id: string, name: string, package: string, rareTag: string, pairTag: string, rareWord: string, author: string, registryFragment: string }} terms
 */
export function benchPath(path, terms) {
  const tag = (t) => (t === SEED_TERMS.rareTag ? terms.rareTag : t === SEED_TERMS.pairTag ? terms.pairTag : t)
  const [pathname, query = ''] = path.split('?')
  const route = pathname
    .replace(SEED_TERMS.id, encodeURIComponent(terms.id))
    .replace(SEED_TERMS.name, encodeURIComponent(terms.name))
    .replace(SEED_TERMS.package, encodeURIComponent(terms.package))
    .replace(/^\/feeds\/tags\/([^/]+)\.atom$/, (_, t) => `/feeds/tags/${encodeURIComponent(tag(decodeURIComponent(t)))}.atom`)
    .replace(`/feeds/authors/${SEED_TERMS.author}.atom`, `/feeds/authors/${encodeURIComponent(terms.author)}.atom`)
  if (/[{}]/.test(route)) throw new Error(`${path}: a placeholder the cost step does not know`)
  if (!query) return route
  const word = (w) => (w === SEED_TERMS.rareWord ? terms.rareWord : w)
  const param = (key, value) => {
    if (key === 'tags') return value.split(',').map(tag).map(encodeURIComponent).join(',')
    if (key === 'q') return encodeURIComponent(value.split(' ').map(word).join(' '))
    if (key === 'search' && value === SEED_TERMS.registryFragment) return encodeURIComponent(terms.registryFragment)
    return encodeURIComponent(value)
  }
  const pairs = query.split('&').map((pair) => {
    const [key, value = ''] = pair.split('=')
    return `${key}=${param(key, decodeURIComponent(value))}`
  })
  return `${route}?${pairs.join('&')}`
}

/**
 * The counts of a `Server-Timing` header as worker/db/cost.ts writes them (`d1;desc="...";dur=2, ...`).
 * @param {string | null} header
 * @returns {{ roundTrips: number, statements: number, rowsRead: number, rowsWritten: number, kvReads: number, rowsUnknown: number } | null}
 */
export function parseServerTiming(header) {
  if (!header) return null
  const dur = new Map(header.split(/,\s*/).map((m) => [m.split(';')[0].trim(), Number(/dur=([\d.]+)/.exec(m)?.[1] ?? 0)]))
  if (!dur.has('d1')) return null
  return {
    roundTrips: dur.get('d1') ?? 0,
    statements: dur.get('stmts') ?? 0,
    rowsRead: dur.get('rows') ?? 0,
    rowsWritten: dur.get('written') ?? 0,
    kvReads: dur.get('kv') ?? 0,
    rowsUnknown: dur.get('unknown') ?? 0,
  }
}

/**
 * What a million requests of a route cost at PRICES: the requests, the CPU, the rows and the KV
 * reads, in dollars. `cpuMs` null (no /proc): the CPU left out.
 * @param {{ rowsRead: number, rowsWritten: number, kvReads: number }} counts per request
 * @param {number | null} cpuMs per request
 */
export function dollarsPerMillion(counts, cpuMs) {
  const p = PRICES.perMillion
  return (
    p.requests + (cpuMs ?? 0) * p.cpuMs + counts.rowsRead * p.rowsRead + counts.rowsWritten * p.rowsWritten + counts.kvReads * p.kvReads
  )
}

const COUNTS = /** @type {const} */ (['roundTrips', 'statements', 'rowsRead', 'rowsWritten', 'kvReads', 'rowsUnknown'])

/**
 * Each count's mean over the measured requests, and the least and most of those that varied: a
 * guest's read asks D1 for the content version only when its isolate last read it over a second
 * ago (worker/middleware/cache.ts), so one request in so many makes one more round trip.
 * @param {Array<Record<string, number>>} seen
 */
export function meanCounts(seen) {
  const mean = Object.fromEntries(COUNTS.map((k) => [k, seen.reduce((sum, c) => sum + c[k], 0) / seen.length]))
  const varied = COUNTS.filter((k) => seen.some((c) => c[k] !== seen[0][k]))
  const range = Object.fromEntries(varied.map((k) => [k, [Math.min(...seen.map((c) => c[k])), Math.max(...seen.map((c) => c[k]))]]))
  return { ...mean, varied, range }
}

let nonce = 0
/** `path` made a URL nobody asked for, so the guests' edge cache never answers it. */
const cold = (path) => `${path}${path.includes('?') ? '&' : '?'}_cost=${process.pid}-${++nonce}`

/**
 * One route's cost: its first cold guest request's counts (the KV caches as the routes measured
 * before it left them), then `requests` more (or as many as `seconds` allow, at least 20), two at
 * a time, each cold and a guest, with workerd's CPU over them.
 * @param {{ base: string, group: number }} server the preview and its process group
 * @param {string} path
 * @param {{ requests: number, seconds: number }} limits
 */
export async function measureRoute(server, path, { requests, seconds }) {
  const ask = async () => {
    const res = await fetch(server.base + cold(path), { redirect: 'manual' })
    await res.arrayBuffer()
    if (res.status >= 400) throw new Error(`${path}: ${res.status}`)
    const counts = parseServerTiming(res.headers.get('Server-Timing'))
    if (!counts) throw new Error(`${path}: no Server-Timing counts in the answer (is COST_HEADER on?)`)
    return counts
  }
  const first = await ask()
  const seen = []
  const before = groupCpuMs(server.group)
  const end = performance.now() + seconds * 1000
  let sent = 0
  const worker = async () => {
    while (sent < requests && (sent < 20 || performance.now() < end)) {
      sent++
      seen.push(await ask())
    }
  }
  await Promise.all([worker(), worker()])
  const cpu = cpuPerRequest(before, groupCpuMs(server.group), seen.length)
  return { path, first, counts: meanCounts(seen), requests: seen.length, cpuMs: cpu?.workerd ?? null }
}

/**
 * Every budgeted route's cost on one loaded catalogue, and the hello-world route's CPU before and
 * after them (its mean is each route's reference).
 * @param {{ base: string, group: number }} server
 * @param {Array<{ name: string, path: string }>} routes the budget table's routes
 * @param {Parameters<typeof benchPath>[1]} terms
 * @param {{ requests: number, seconds: number, log?: (line: string) => void }} opts
 */
export async function measureCost(server, routes, terms, { requests, seconds, log = () => {} }) {
  const hello = async () => (await measureRoute(server, '/api/health', { requests, seconds })).cpuMs
  const helloBefore = await hello()
  const measured = []
  for (const r of routes) {
    const m = await measureRoute(server, benchPath(r.path, terms), { requests, seconds })
    measured.push({ name: r.name, budgetPath: r.path, ...m })
    log(
      `  ${r.name.padEnd(28)} d1 ${fmtCount(m.counts.roundTrips).padStart(4)}  rows ${fmtCount(m.counts.rowsRead).padStart(8)}  kv ${fmtCount(m.counts.kvReads).padStart(3)}  workerd ${fmtNum(m.cpuMs, 2)} ms CPU (${m.requests} requests)`,
    )
  }
  const helloAfter = await hello()
  const helloMs = helloBefore === null || helloAfter === null ? null : (helloBefore + helloAfter) / 2
  return {
    hello: { path: '/api/health', cpuMs: helloMs, before: helloBefore, after: helloAfter },
    routes: measured.map((m) => ({
      ...m,
      cpuRatio: m.cpuMs === null || !helloMs ? null : m.cpuMs / helloMs,
      dollarsPerMillion: dollarsPerMillion(m.counts, m.cpuMs),
    })),
  }
}

const fmtNum = (n, digits = 1) => (n === null || n === undefined ? '–' : n.toFixed(digits))
/** A count as the table shows it: whole numbers with thousands separators, a mean with one decimal. */
const fmtCount = (n) => n.toLocaleString('en-US', { maximumFractionDigits: Number.isInteger(n) ? 0 : n < 10 ? 2 : 1 })
const fmtDollars = (n) => `$${n.toFixed(n < 1 ? 3 : 2)}`

/** The least and the most a count was over a route's measured requests. */
const rangeOf = (r, key) => r.counts.range?.[key] ?? [r.counts[key], r.counts[key]]

/**
 * A count: the same for every request, else the least and the most (the price takes the mean);
 * and what the route's first request counted when it fell outside those (a KV cache it filled, an
 * isolate's memo it made).
 */
function countCell(r, key) {
  const [low, high] = rangeOf(r, key)
  const cell = low === high ? fmtCount(low) : `${fmtCount(low)}–${fmtCount(high)}`
  return r.first[key] >= low && r.first[key] <= high ? cell : `${cell} (first ${fmtCount(r.first[key])})`
}

/** Markdown, padded so it reads as a table in a terminal too; columns after `left` right-aligned. */
export function markdownTable(head, body, left = 1) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells) => `| ${cells.map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  return [
    line(head),
    `|${widths.map((w, i) => (i < left ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n')
}

/**
 * One catalogue size's table: per route its counts, CPU (and its ratio to hello world) and price.
 * @param {{ hello: { cpuMs: number | null }, routes: Array<any> }} size
 */
export function costTable(size) {
  const head = ['route', 'round trips', 'rows read', 'rows written', 'KV reads', 'CPU ms', '× hello', '$ / M requests']
  const hello = [
    'hello world (/api/health)',
    '0',
    '0',
    '0',
    '0',
    fmtNum(size.hello.cpuMs, 2),
    '1.0',
    fmtDollars(dollarsPerMillion({ rowsRead: 0, rowsWritten: 0, kvReads: 0 }, size.hello.cpuMs)),
  ]
  const body = size.routes.map((r) => [
    r.name,
    countCell(r, 'roundTrips'),
    countCell(r, 'rowsRead'),
    countCell(r, 'rowsWritten'),
    countCell(r, 'kvReads'),
    fmtNum(r.cpuMs, 2),
    fmtNum(r.cpuRatio, 1),
    fmtDollars(r.dollarsPerMillion),
  ])
  return markdownTable(head, [hello, ...body])
}

/**
 * Rows read per request by catalogue size, route by route (the least a request read: without the
 * content version's row some requests add), with the largest size's over the smallest's: the
 * flatness the budgets ask for, at a glance.
 * @param {Array<{ count: number, routes: Array<any> }>} sizes
 */
export function rowsBySizeTable(sizes) {
  const head = ['route', ...sizes.map((s) => `rows at ${s.count.toLocaleString('en-US')}`), 'largest ÷ smallest']
  const body = sizes[0].routes.map((r, i) => {
    const rows = sizes.map((s) => rangeOf(s.routes[i], 'rowsRead')[0])
    const growth = rows[0] ? rows.at(-1) / rows[0] : rows.at(-1) ? Infinity : 1
    return [r.name, ...rows.map(fmtCount), sizes.length > 1 ? `${fmtNum(growth, 2)}` : '–']
  })
  return markdownTable(head, body)
}

/**
 * The busiest routes' price per million requests at the largest size measured, as one line.
 * @param {{ count: number, routes: Array<any> }} size
 */
export function busiestLine(size) {
  const found = BUSIEST.map((name) => size.routes.find((r) => r.name === name)).filter(Boolean)
  const mean = found.reduce((sum, r) => sum + r.dollarsPerMillion, 0) / (found.length || 1)
  return `The five busiest routes at ${size.count.toLocaleString('en-US')} servers, per million requests: ${found
    .map((r) => `${r.name} ${fmtDollars(r.dollarsPerMillion)}`)
    .join(', ')}; ${fmtDollars(mean)} on average (list prices of ${PRICES.readOn}, no included allowance).`
}

/** The terms a size was measured with, as one line for the report. */
export function termsLine(count, terms) {
  const h = terms.held
  return `${count.toLocaleString('en-US')} servers: {id} ${terms.id} (${terms.name}); tag 'rare' → '${terms.rareTag}' (${h.rareTag} servers), 'files' → '${terms.pairTag}' (${h.pairTag} beside 'database', which ${h.broadTag} hold), word 'zephyr' → '${terms.rareWord}' (${h.rareWord}), author7 → ${terms.author} (${h.author}), registry search 'server-1' → '${terms.registryFragment}' (${h.registryFragment}); category 'databases' holds ${h.broadCategory}`
}
