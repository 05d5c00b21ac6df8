/**
 * The watch's settings, read from the Worker's variables: whether it runs, how many packages a
 * minute it queues, the outbound requests one invocation may make, and the registries' bases.
 */
import { timeoutMs } from '../../lib/outbound/fetch'
import type { RegistryFetch } from '../../lib/outbound/package-registry'
import { subrequestBudget } from '../work-queue'

export interface WatchSettings {
  /** SUPPLY_WATCH_ENABLED: off, the cron queues nothing and the consumer reads nothing. */
  enabled: boolean
  /** Packages the cron queues per minute at most. */
  perMinute: number
  /** Outbound requests one consumer invocation may make. */
  subrequestBudget: number
  npmBase: string
  pypiBase: string
  timeoutMs: number
  fetch?: RegistryFetch
  now?: () => Date
}

/** Packages queued per minute. */
export const WATCHES_PER_MINUTE = 50

export function watchSettings(
  env: Pick<Env, 'SUPPLY_WATCH_ENABLED' | 'PROBE_SUBREQUEST_BUDGET' | 'NPM_REGISTRY_BASE' | 'PYPI_REGISTRY_BASE' | 'OUTBOUND_TIMEOUT_MS'>,
  overrides: Partial<WatchSettings> = {},
): WatchSettings {
  return {
    enabled: env.SUPPLY_WATCH_ENABLED === 'true',
    perMinute: WATCHES_PER_MINUTE,
    subrequestBudget: subrequestBudget(env),
    npmBase: env.NPM_REGISTRY_BASE,
    pypiBase: env.PYPI_REGISTRY_BASE,
    timeoutMs: timeoutMs(env),
    ...overrides,
  }
}
