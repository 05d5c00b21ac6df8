/**
 * What the scanner's pages and feeds read: a server's Changes timeline and changes feed, the
 * advisory page's figures (as db/scans.ts reads them), and the pinning check (pinning.ts).
 */
import type { DB } from '../../db/client'
import { readPinning } from '../../db/scans'
import { pinningAnswer } from './pinning'

export { alertedChanges, CHANGES_FEED_ITEMS, scanStats, serverChanges } from '../../db/scans'

/** The pinning check for a listing, in one round trip; null for a missing listing. */
export async function surfaceCheck(db: DB, input: { serverId: string; hash: string; tool: string | null }) {
  return pinningAnswer(await readPinning(db, input), input.tool)
}
