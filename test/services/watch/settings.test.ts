/** The watch's settings as the Worker's variables give them. */
import { describe, expect, it } from 'vitest'
import { WATCHES_PER_MINUTE, watchSettings } from '../../../worker/services/watch/settings'
import { DEFAULT_SUBREQUEST_BUDGET } from '../../../worker/services/work-queue'

const env = {
  SUPPLY_WATCH_ENABLED: 'true',
  PROBE_SUBREQUEST_BUDGET: '40',
  NPM_REGISTRY_BASE: 'https://registry.npmjs.org',
  PYPI_REGISTRY_BASE: 'https://pypi.org',
  OUTBOUND_TIMEOUT_MS: '2500',
}

describe('watchSettings', () => {
  it('reads the variables', () => {
    expect(watchSettings(env)).toEqual({
      enabled: true,
      perMinute: WATCHES_PER_MINUTE,
      subrequestBudget: 40,
      npmBase: 'https://registry.npmjs.org',
      pypiBase: 'https://pypi.org',
      timeoutMs: 2500,
    })
  })

  it('is off unless SUPPLY_WATCH_ENABLED is exactly "true"', () => {
    for (const value of ['false', '', 'TRUE', '1']) expect(watchSettings({ ...env, SUPPLY_WATCH_ENABLED: value }).enabled).toBe(false)
  })

  it('falls back to the default budget when PROBE_SUBREQUEST_BUDGET is unset or not a positive number', () => {
    for (const value of ['', 'many', '0', '-3']) {
      expect(watchSettings({ ...env, PROBE_SUBREQUEST_BUDGET: value }).subrequestBudget).toBe(DEFAULT_SUBREQUEST_BUDGET)
    }
  })

  it('lets a caller set any field over them', () => {
    const now = () => new Date(0)
    const s = watchSettings(env, { perMinute: 3, now })
    expect(s.perMinute).toBe(3)
    expect(s.now).toBe(now)
    expect(s.subrequestBudget).toBe(40)
  })
})
