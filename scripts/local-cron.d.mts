import type { Cron } from 'croner'

export const SCHEDULED_PATH: string
export function wranglerCrons(file?: string): string[]
export function localCronOff(argv: string[], env: { LOCAL_CRON?: string }): boolean
export function dueBetween(
  schedules: Array<{ cron: string; matcher: Cron }>,
  fromMs: number,
  toMs: number,
): Array<{ cron: string; at: number }>
export function cronFirer(opts: {
  base: string
  crons: string[]
  now?: () => number
  fetch?: typeof fetch
  log?: (line: string) => void
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}): {
  tick: () => Promise<Array<{ cron: string; at: number }>>
  start: () => void
  stop: () => void
}
export function registrySyncDefault(devVars: string): string | null
export function startLocalCron(opts: { port: string; argv: string[]; env: { LOCAL_CRON?: string } }): ReturnType<typeof cronFirer> | null
