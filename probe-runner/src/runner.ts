/**
 * The runner's loop: claim due packages from the catalogue, probe a few at a time, post each
 * result as soon as it is known, and claim again until nothing is due (or after one round).
 */
import type { ProbeStatus, RunnerJob } from '@mcp-catalogue/mcp-client/surface'
import { type CatalogueApi, claimJobs, postResult } from './api'
import { type ProbeMetrics, type ProbeSettings, probePackage, targetOf } from './probe-package'

export interface RunnerOptions {
  api: CatalogueApi
  settings: ProbeSettings
  /** Jobs claimed per round. */
  batch: number
  /** Probes at the same time (one per core is about right: each is a Node process or two). */
  concurrency: number
  /** One round only. */
  once: boolean
  /** That listing's package only, due or not, in one round (`--server ID`). */
  serverId?: string
  log?: (line: string) => void
}

/** One probed job, as the runner's summary lists it. */
export interface RunnerRecord {
  job: RunnerJob
  status: ProbeStatus
  tools: number
  durationMs: number
  metrics: ProbeMetrics
  /** Set when the catalogue refused the result. */
  postError: string | null
}

/** Runs `work` over `items`, at most `limit` at once (also the coverage script's, scripts/package-coverage.ts). */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/** Claims and probes until nothing is due (one listing's package once, with `serverId`); returns what it did. A failed claim throws. */
export async function runRunner(options: RunnerOptions): Promise<RunnerRecord[]> {
  const log = options.log ?? (() => {})
  const records: RunnerRecord[] = []
  for (;;) {
    const jobs = await claimJobs(options.api, options.batch, options.serverId)
    if (jobs.length === 0) break
    log(`claimed ${jobs.length} package${jobs.length === 1 ? '' : 's'}`)
    await pool(jobs, options.concurrency, async (job) => {
      const { outcome, metrics } = await probePackage(job, options.settings)
      let postError: string | null = null
      try {
        await postResult(options.api, { jobId: job.jobId, serverId: job.serverId, version: job.version, outcome })
      } catch (error) {
        postError = error instanceof Error ? error.message : String(error)
      }
      const tools = outcome.surface?.tools.length ?? 0
      records.push({ job, status: outcome.status, tools, durationMs: outcome.durationMs, metrics, postError })
      const what = outcome.status === 'ok' ? `${tools} tools, ${outcome.protocolVersion}` : outcome.error
      log(
        `  ${outcome.status.padEnd(15)} ${targetOf(job)}  fetch ${metrics.fetchMs} ms, run ${metrics.probeMs} ms, ${Math.round(metrics.peakRssKb / 1024)} MiB  ${what ?? ''}${postError ? `  (not posted: ${postError})` : ''}`,
      )
    })
    if (options.once || options.serverId) break
  }
  return records
}
