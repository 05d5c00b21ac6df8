export function benchLogEntry(run: { date: Date; commit: string; setup: string; table: string; lines?: string[] }): string
export function appendBenchLog(file: string, entry: string): void
