/**
 * Probing's settings from the Worker's environment (worker/services/probing/settings.ts), in Node.
 */
import { describe, expect, it } from 'vitest'
import { probeSettings } from '../../../worker/services/probing/settings'

const env = (vars: Partial<Record<'PROBE_ENABLED' | 'PROBE_ALLOW_LOOPBACK' | 'PROBE_SUBREQUEST_BUDGET', string>>) => ({
  PROBE_ENABLED: 'false',
  PROBE_ALLOW_LOOPBACK: 'false',
  PROBE_SUBREQUEST_BUDGET: '45',
  ...vars,
})

describe('probeSettings', () => {
  it('is off, without loopback, 50 a minute, 4 at a time and 45 requests as a deploy has it', () => {
    expect(probeSettings(env({}))).toEqual({ enabled: false, allowLoopback: false, perMinute: 50, concurrency: 4, subrequestBudget: 45 })
  })

  it('turns on only for the exact word true', () => {
    expect(probeSettings(env({ PROBE_ENABLED: 'true', PROBE_ALLOW_LOOPBACK: 'true' }))).toMatchObject({
      enabled: true,
      allowLoopback: true,
    })
    expect(probeSettings(env({ PROBE_ENABLED: 'TRUE', PROBE_ALLOW_LOOPBACK: '1' }))).toMatchObject({ enabled: false, allowLoopback: false })
  })

  it('reads the Paid allowance, and falls back to 45 for a budget that is not a positive number', () => {
    expect(probeSettings(env({ PROBE_SUBREQUEST_BUDGET: '950' })).subrequestBudget).toBe(950)
    for (const budget of ['', 'lots', '0', '-5']) expect(probeSettings(env({ PROBE_SUBREQUEST_BUDGET: budget })).subrequestBudget).toBe(45)
  })

  it('lets the caller override any of it (npm run probe: on, loopback, no allowance)', () => {
    const s = probeSettings(env({}), { enabled: true, allowLoopback: true, subrequestBudget: Number.POSITIVE_INFINITY })
    expect(s).toMatchObject({ enabled: true, allowLoopback: true, subrequestBudget: Number.POSITIVE_INFINITY, perMinute: 50 })
  })
})
