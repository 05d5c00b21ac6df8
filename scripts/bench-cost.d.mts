export interface CostCounts {
  roundTrips: number
  statements: number
  rowsRead: number
  rowsWritten: number
  kvReads: number
  rowsUnknown: number
}
export interface CostTerms {
  id: string
  name: string
  package: string
  rareTag: string
  pairTag: string
  rareWord: string
  author: string
  registryFragment: string
}
export interface RouteCost {
  name: string
  counts: CostCounts & { varied: string[]; range?: Record<string, [number, number]> }
  first: CostCounts
  cpuMs: number | null
  cpuRatio: number | null
  dollarsPerMillion: number
}
export interface SizeCost {
  count: number
  hello: { cpuMs: number | null }
  routes: RouteCost[]
}
export const PRICES: {
  readOn: string
  perMillion: { requests: number; cpuMs: number; rowsRead: number; rowsWritten: number; kvReads: number }
}
export const BUSIEST: string[]
export const SEED_TERMS: Record<keyof CostTerms, string>
export const REGISTRY_FRAGMENT: string
export function termQueries(id: string): string[]
export function termsFromRows(
  id: string,
  answers: Array<Array<Record<string, unknown>>>,
  manifest: { rareTerm: string; rareCount: number },
): CostTerms & { held: Record<string, number> }
export function benchPath(path: string, terms: CostTerms): string
export function parseServerTiming(header: string | null): CostCounts | null
export function dollarsPerMillion(counts: { rowsRead: number; rowsWritten: number; kvReads: number }, cpuMs: number | null): number
export function measureRoute(
  server: { base: string; group: number },
  path: string,
  limits: { requests: number; seconds: number },
): Promise<{ path: string; first: CostCounts; counts: CostCounts & { varied: string[] }; requests: number; cpuMs: number | null }>
export function measureCost(
  server: { base: string; group: number },
  routes: Array<{ name: string; path: string }>,
  terms: CostTerms,
  opts: { requests: number; seconds: number; log?: (line: string) => void },
): Promise<{ hello: { path: string; cpuMs: number | null; before: number | null; after: number | null }; routes: RouteCost[] }>
export function markdownTable(head: string[], body: string[][], left?: number): string
export function costTable(size: SizeCost): string
export function rowsBySizeTable(sizes: SizeCost[]): string
export function busiestLine(size: SizeCost): string
export function termsLine(count: number, terms: CostTerms & { held: Record<string, number> }): string
