/**
 * Probing's settings, read from the Worker's environment once per use: whether probing is on at
 * all (the cron, the queue's consumer, the admin's 'probe now' and the runner's claims all ask),
 * and the bounds of one consumer invocation.
 */
import type { FetchLike, ProbeBounds } from '@mcp-catalogue/mcp-client'
import { subrequestBudget } from '../work-queue'

export interface ProbeSettings {
  /** PROBE_ENABLED: off, the cron queues nothing and the consumer probes nothing. */
  enabled: boolean
  /** PROBE_ALLOW_LOOPBACK: local development only. */
  allowLoopback: boolean
  /** Listings the cron queues per minute at most. */
  perMinute: number
  /** Probes under way at once in one consumer invocation. */
  concurrency: number
  /** Outbound requests one consumer invocation may make (PROBE_SUBREQUEST_BUDGET). */
  subrequestBudget: number
  bounds?: Partial<ProbeBounds>
  /** The fetch beneath the probe's guard (tests, the local script); the global one by default. */
  fetch?: FetchLike
  now?: () => Date
}

/**
 * The probing settings from the Worker's environment.
 * @example probeSettings(env).enabled // false unless PROBE_ENABLED is 'true'
 */
export function probeSettings(
  env: Pick<Env, 'PROBE_ENABLED' | 'PROBE_ALLOW_LOOPBACK' | 'PROBE_SUBREQUEST_BUDGET'>,
  overrides: Partial<ProbeSettings> = {},
): ProbeSettings {
  return {
    enabled: env.PROBE_ENABLED === 'true',
    allowLoopback: env.PROBE_ALLOW_LOOPBACK === 'true',
    perMinute: 50,
    concurrency: 4,
    subrequestBudget: subrequestBudget(env),
    ...overrides,
  }
}
