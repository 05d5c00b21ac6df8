/**
 * One job: fetch the package into a fresh temporary directory, start it in the fence through
 * fence-exec.ts, read its surface with the probe's own client over stdio, and say what happened.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { blankOutcome, type ProbeBounds, type ProbeOutcome, probeStdio, type RunnerJob } from '@mcp-catalogue/mcp-client/node'
import type { ClientConfig } from './client-config'
import { type FenceKind, fenceArgv, fencePath } from './fence'
import type { FenceExecConfig, FenceReport } from './fence-exec'
import { fetchPackage } from './fetch'
import { givenValues } from './values'

/** How the runner probes: the fence, the limits, where packages come from. */
export interface ProbeSettings {
  fence: FenceKind
  /** The operator's registries, CA, proxy and token for npm and uv (client-config.ts): never seen by a fence. */
  clients: ClientConfig
  npmCache: string
  /** The probe's bounds; `totalTimeoutMs` is the time limit of one run. */
  bounds: ProbeBounds
  /** Bytes of stdout and stderr one run may write before it is stopped. */
  outputCap: number
  /** Time for fetching one package. */
  fetchTimeoutMs: number
  /** PATH of the fetching tools (npm, uv, docker). */
  path: string
}

/** What the runner measured of one probe, for its log and the docs' figures. */
export interface ProbeMetrics {
  fetchMs: number
  probeMs: number
  /** The highest resident memory of the package's process tree over its runs, in KiB. */
  peakRssKb: number
}

const FENCE_EXEC = resolve(import.meta.dirname, 'fence-exec.ts')

/** The target an outcome names: 'npm:name@1.2.3'. */
export function targetOf(job: RunnerJob): string {
  return `${job.package.registryType}:${job.package.identifier}@${job.package.version ?? 'unversioned'}`
}

async function reports(dir: string): Promise<FenceReport[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  const read = await Promise.all(
    names.map((name) =>
      readFile(join(dir, name), 'utf8')
        .then((text) => JSON.parse(text) as FenceReport)
        .catch(() => null),
    ),
  )
  return read.filter((report): report is FenceReport => report !== null).sort((a, b) => a.startedAt - b.startedAt)
}

/**
 * Probes one job's package. Never throws: every failure is an outcome with its status. Without a
 * fence (and without `--unfenced`, which makes `settings.fence` 'none' on purpose) nothing runs.
 */
export async function probePackage(job: RunnerJob, settings: ProbeSettings): Promise<{ outcome: ProbeOutcome; metrics: ProbeMetrics }> {
  const started = Date.now()
  const target = targetOf(job)
  const root = await mkdtemp(join(tmpdir(), 'probe-runner-'))
  const paths = { workdir: join(root, 'work'), home: join(root, 'home') }
  const reportDir = join(root, 'reports')
  const metrics: ProbeMetrics = { fetchMs: 0, probeMs: 0, peakRssKb: 0 }
  const failed = (status: ProbeOutcome['status'], error: string, cause: ProbeOutcome['cause']): ProbeOutcome => ({
    ...blankOutcome(target, started, 'stdio'),
    status,
    error,
    cause,
    durationMs: Date.now() - started,
  })

  try {
    // config/ holds npm's configuration: beside the fence's folders, never bound into it.
    const configDir = join(root, 'config')
    await Promise.all([mkdir(paths.workdir), mkdir(paths.home), mkdir(reportDir), mkdir(configDir, { mode: 0o700 })])
    // npm walks up for a project: this file makes the working directory the project.
    await writeFile(join(paths.workdir, 'package.json'), '{"private":true}\n')
    const values = givenValues(job, paths.workdir)
    const fetched = await fetchPackage(job, Object.keys(values.env), {
      clients: settings.clients,
      configDir,
      npmCache: settings.npmCache,
      workdir: paths.workdir,
      home: paths.home,
      path: settings.path,
      node: process.execPath,
      timeoutMs: settings.fetchTimeoutMs,
    })
    metrics.fetchMs = Date.now() - started
    if (!fetched.ok) return { outcome: failed(fetched.status, fetched.error, fetched.cause), metrics }
    const program = [...fetched.program, ...values.args]
    const config: FenceExecConfig = {
      argv: fenceArgv(fetched.ownFence ? 'none' : settings.fence, paths, values.env, program),
      env: { PATH: fencePath(process.execPath) },
      cwd: paths.workdir,
      outputCap: settings.outputCap,
      timeLimitMs: settings.bounds.totalTimeoutMs + 2000,
      reportDir,
    }
    const probeStarted = Date.now()
    const outcome = await probeStdio({
      command: process.execPath,
      // Types stripped by Node itself (22.18+ by default; the flag for 22.6+): no tsx to start twice a probe.
      args: ['--no-warnings', '--experimental-strip-types', FENCE_EXEC, JSON.stringify(config)],
      // Nothing of the runner's: the SDK adds its few defaults (HOME, PATH, USER...) to fence-exec,
      // which gives the fence only `config.env` and the fence clears even that.
      env: {},
      cwd: paths.workdir,
      target,
      bounds: settings.bounds,
      variables: job.package.environmentVariables.map((variable) => variable.name),
      given: values.given,
    })
    metrics.probeMs = Date.now() - probeStarted
    const runs = await reports(reportDir)
    metrics.peakRssKb = Math.max(0, ...runs.map((run) => run.peakRssKb))
    const flooded = runs.find((run) => run.stopped === 'output')
    if (flooded) {
      return {
        outcome: {
          ...outcome,
          status: 'protocol_error',
          surface: null,
          protocolVersion: null,
          error: `the server wrote more than ${settings.outputCap} bytes: stopped`,
          cause: 'output_cap',
        },
        metrics,
      }
    }
    return { outcome: { ...outcome, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started }, metrics }
  } catch (error) {
    return {
      outcome: failed('protocol_error', `the runner failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300), null),
      metrics,
    }
  } finally {
    await rm(root, { recursive: true, force: true }).catch(() => {})
  }
}
