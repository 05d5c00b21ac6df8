/**
 * The command the stdio transport starts (both the SDK's short-lived discover sibling and the
 * session's process): it starts the fenced program with an empty environment, passes stdin
 * through, counts what comes out, stops the whole fence past the output cap or the time limit,
 * samples the memory of the program's process tree, and writes a report of the run beside the
 * others of the probe. Plain Node (types stripped, no imports but node:), so it starts fast.
 *   node fence-exec.ts '<FenceExecConfig as JSON>'
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What one start of the fence is given. */
export interface FenceExecConfig {
  /** The fence and the program in it: ['bwrap', ..., 'node', 'bin.js', ...]. */
  argv: string[]
  /** The only environment the fence gets (bwrap clears it again inside). */
  env: Record<string, string>
  cwd: string
  /** Bytes of stdout and stderr together before the fence is stopped. */
  outputCap: number
  /** Milliseconds before the fence is stopped, whatever the client does. */
  timeLimitMs: number
  /** Where the report goes, as `<this process's pid>.json`. */
  reportDir: string
}

/** What one start of the fence did: read by the runner after the probe. */
export interface FenceReport {
  startedAt: number
  exitCode: number | null
  signal: string | null
  stdoutBytes: number
  stderrBytes: number
  /** Why the fence was stopped by this supervisor, if it was. */
  stopped: 'output' | 'time' | null
  /** The highest sum of resident memory over the program's process tree, sampled every 100 ms, in KiB. */
  peakRssKb: number
}

/** Every process under `pid`, itself included, through the kernel's children lists. */
function tree(pid: number): number[] {
  const found = [pid]
  for (let i = 0; i < found.length; i++) {
    try {
      for (const task of readFileSync(`/proc/${found[i]}/task/${found[i]}/children`, 'utf8').split(' ')) {
        const child = Number.parseInt(task, 10)
        if (child > 0) found.push(child)
      }
    } catch {}
  }
  return found
}

function residentKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number.parseInt(match[1], 10) : 0
  } catch {
    return 0
  }
}

const config = JSON.parse(process.argv[2]) as FenceExecConfig
const report: FenceReport = {
  startedAt: Date.now(),
  exitCode: null,
  signal: null,
  stdoutBytes: 0,
  stderrBytes: 0,
  stopped: null,
  peakRssKb: 0,
}
// Its own process group, so a stop reaches whatever the program started outside a pid namespace.
const child = spawn(config.argv[0], config.argv.slice(1), {
  // The cast: wrangler's types (worker-configuration.d.ts) make the Worker's variables required in every ProcessEnv.
  env: config.env as NodeJS.ProcessEnv,
  cwd: config.cwd,
  stdio: ['pipe', 'pipe', 'pipe'],
  detached: true,
})

function stop(why: 'output' | 'time' | null) {
  report.stopped ??= why
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {}
}

const sample = setInterval(() => {
  if (!child.pid) return
  const sum = tree(child.pid).reduce((total, pid) => total + residentKb(pid), 0)
  report.peakRssKb = Math.max(report.peakRssKb, sum)
}, 100)
const timer = setTimeout(() => stop('time'), config.timeLimitMs)

function counted(bytes: number): boolean {
  if (report.stdoutBytes + report.stderrBytes + bytes > config.outputCap) {
    stop('output')
    return false
  }
  return true
}
child.stdout.on('data', (chunk: Buffer) => {
  if (!counted(chunk.length)) return
  report.stdoutBytes += chunk.length
  process.stdout.write(chunk)
})
child.stderr.on('data', (chunk: Buffer) => {
  if (!counted(chunk.length)) return
  report.stderrBytes += chunk.length
  process.stderr.write(chunk)
})
process.stdin.pipe(child.stdin)
child.stdin.on('error', () => {})
process.stdout.on('error', () => stop(null))
// The client going away (its end of stdin, or a signal) ends the fence too.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(null))
child.on('error', () => {
  report.exitCode = 127
})
child.on('close', (code, signal) => {
  clearInterval(sample)
  clearTimeout(timer)
  report.exitCode ??= code
  report.signal = signal
  try {
    writeFileSync(join(config.reportDir, `${process.pid}.json`), JSON.stringify(report))
  } catch {}
  process.stdout.end(() => process.exit(code ?? 1))
})
