/**
 * The load generator, run by scripts/bench.mjs as a process of its own so that it never shares
 * an event loop (or a CPU budget it cannot see) with the server it measures.
 *
 *   node bench/load.mjs '{"url":"http://127.0.0.1:PORT","paths":["/api/health"],"connections":10,"seconds":6,"warmupSeconds":1}'
 *
 * Each connection requests the paths in turn, again and again, for the given time (or, for a
 * route too slow to answer twenty times in that time, for a fixed number of requests). With
 * `"unique": true` every request carries a query parameter of its own (`_b=<n>`, which the API
 * ignores), so no cache holds its answer: the first-visit path. `"cookies"` sends sessions, one
 * visitor's after another's, as signed-in visitors do (whose requests the guests' cache never
 * answers). Prints one JSON object: requests, requests per second, and exact latency percentiles
 * computed from every response (autocannon's own summary has no p95). With `"cpuGroup"` (the
 * server's process group) it also reports the CPU each measured request cost the server's
 * processes and this one, in milliseconds.
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { cpuPerRequest, groupCpuMs, perRequestMs } from '../scripts/process-cpu.mjs'

// The configuration comes as the argument or, when it is too long for one (thousands of cookies), on stdin.
const {
  url,
  paths,
  connections,
  seconds,
  warmupSeconds = 0,
  unique = false,
  cookies = null,
  cpuGroup = null,
} = JSON.parse(process.argv[2] ?? readFileSync(0, 'utf8'))

/** Fewer responses than this say nothing about percentiles. */
const MIN_RESPONSES = 20

let sent = 0
/**
 * A request for `path`: made unique when asked (the counter runs across warm-up and measure), and
 * with the next visitor's cookie in turn when there are several.
 */
function request(path) {
  if (!unique && !cookies) return { method: 'GET', path }
  return {
    method: 'GET',
    setupRequest: (req) => {
      const n = sent++
      const url = unique ? `${path}${path.includes('?') ? '&' : '?'}_b=${process.pid}-${n}` : path
      return { ...req, path: url, headers: cookies ? { ...req.headers, cookie: cookies[n % cookies.length] } : req.headers }
    },
  }
}

function run(limit, record) {
  return new Promise((resolve, reject) => {
    const latencies = []
    let ok = 0
    let failed = 0
    let bytes = 0
    const started = performance.now()
    const instance = autocannon(
      {
        url,
        connections,
        timeout: 60,
        ...limit,
        requests: paths.map(request),
      },
      (err, result) => {
        if (err) return reject(err)
        resolve({
          latencies,
          ok,
          failed,
          bytes,
          elapsed: (performance.now() - started) / 1000,
          errors: result.errors,
          timeouts: result.timeouts,
        })
      },
    )
    instance.on('response', (_client, status, resBytes, ms) => {
      if (!record) return
      if (status >= 200 && status < 300) ok++
      else failed++
      bytes += resBytes
      latencies.push(ms)
    })
  })
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const round = (n) => (n === null ? null : Math.round(n * 100) / 100)

const serverCpu = () => (cpuGroup ? groupCpuMs(cpuGroup) : null)

/** A measured run, with the CPU it cost the server's processes and this one per request. */
async function measured(limit) {
  const server = serverCpu()
  const self = process.cpuUsage()
  const r = await run(limit, true)
  const requests = r.ok + r.failed
  const own = process.cpuUsage(self)
  const perRequest = cpuPerRequest(server, serverCpu(), requests)
  r.cpuMsPerRequest = perRequest && { ...perRequest, 'load generator': perRequestMs((own.user + own.system) / 1000, requests) }
  return r
}

if (warmupSeconds > 0) await run({ duration: warmupSeconds }, false)
let r = await measured({ duration: seconds })
let mode = 'duration'
// A route slower than connections / seconds completes almost nothing in the time (responses
// still in flight are dropped): measure a fixed number of requests instead, each to the end.
if (r.ok + r.failed < MIN_RESPONSES) {
  r = await measured({ amount: Math.max(MIN_RESPONSES, connections * 2) })
  mode = 'amount'
}
const sorted = Float64Array.from(r.latencies).sort()
const total = r.ok + r.failed
console.log(
  JSON.stringify({
    mode,
    requests: total,
    non2xx: r.failed,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: round(r.elapsed),
    rps: round(r.ok / r.elapsed),
    bytesPerResponse: total ? Math.round(r.bytes / total) : 0,
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      mean: round(total ? sorted.reduce((a, b) => a + b, 0) / total : null),
      max: round(sorted.length ? sorted[sorted.length - 1] : null),
    },
    cpuMsPerRequest: r.cpuMsPerRequest,
  }),
)
