/**
 * The look-alike rule's earlier names: the watched packages listings install that arrived before
 * the one scored. Read whole once per isolate every ten minutes, and in between only the packages
 * watched since the last read, so a look-alike enrolled a minute after its original is still
 * compared with it.
 */
import type { ListedPackageName } from '../../db/supply'

/** How long an isolate keeps the listed package names before reading them all again. */
export const NAMES_MEMO_MS = 10 * 60_000

/** Reads the listed packages with an id above `afterId`, in id order (db/supply.ts's listedPackagesAfter). */
export type ReadListedNames = (afterId: number) => Promise<ListedPackageName[]>

/** A memo of the names, with its own state: the Worker keeps one per isolate (check.ts). */
export function earlierNamesMemo(everyMs = NAMES_MEMO_MS) {
  let memo: { at: number; maxId: number; names: ListedPackageName[] } | null = null
  return async function earlierPackageNames(read: ReadListedNames, registry: string, beforeId: number, now: number): Promise<Set<string>> {
    if (!memo || now - memo.at >= everyMs) {
      const names = await read(0)
      memo = { at: now, maxId: names.at(-1)?.id ?? 0, names }
    } else if (beforeId - 1 > memo.maxId) {
      const more = await read(memo.maxId)
      memo.names.push(...more)
      memo.maxId = more.at(-1)?.id ?? memo.maxId
    }
    return new Set(memo.names.filter((n) => n.registry === registry && n.id < beforeId).map((n) => n.name))
  }
}
