/**
 * CPU time the processes of one process group have used so far, summed by command name (`workerd`,
 * `node`, ...), in milliseconds. The benchmark reads it before and after a measurement to say how
 * much CPU each request cost the server's processes: that figure moves less than requests per
 * second do when other work on the machine takes the cores.
 *
 * Linux only (it reads /proc); elsewhere it returns null and the report leaves the figures out.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

/** @param {number} group the process group's id (a process started detached leads its own) */
export function groupCpuMs(group) {
  if (!existsSync('/proc/self/stat')) return null
  /** @type {Record<string, number>} */
  const used = {}
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // ended while we looked
    }
    // The command name is in parentheses and may hold spaces; the fields after it are fixed:
    // state, ppid, pgrp, ..., utime and stime (11th and 12th after the name), in clock ticks.
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    const name = stat.slice(stat.indexOf('(') + 1, close)
    used[name] = (used[name] ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  }
  return used
}

/** Milliseconds of CPU over a number of requests, per request, to the microsecond. */
export const perRequestMs = (ms, requests) => Math.round((ms / requests) * 1000) / 1000

/**
 * CPU per request between two readings of `groupCpuMs`, by command name, in milliseconds.
 * @param {Record<string, number> | null} before
 * @param {Record<string, number> | null} after
 * @param {number} requests
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null
  return Object.fromEntries(Object.keys(after).map((name) => [name, perRequestMs(after[name] - (before[name] ?? 0), requests)]))
}
