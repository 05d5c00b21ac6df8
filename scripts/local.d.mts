export function localState(): string
export const DEFAULT_PORT: string
export function recordAppPort(state: string, port: string | number): void
export function appUrl(opts?: { env?: Record<string, string | undefined>; state?: string }): string
export function localEnv(extra?: Record<string, string>): NodeJS.ProcessEnv
export function bin(name: string): string
export function run(cmd: string, args: string[], opts?: { env?: NodeJS.ProcessEnv; quiet?: boolean }): void
export function migrateLocal(state: string, opts?: { env?: NodeJS.ProcessEnv; quiet?: boolean }): void
export function freePort(): Promise<number>
export function startPreview(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; log: string },
): Promise<{ base: string; stop: () => void; group: number }>
