/**
 * The admins' review queue of the scanner's findings (and the supply-chain watch's versions): a
 * finding of medium or above raises an item as it is stored (lib/scan/stored-scan.ts
 * `raisesReview`), and an admin's decision resolves it here, once.
 */
import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from '../../db/client'
import { reviewDecisionStatements } from '../../db/scans'

export { findReviewItem, reviewQueue } from '../../db/scans'

/**
 * Records an admin's decision on an open item, with the risks it changes: a dismissed finding no
 * longer counts in the risk of any surface that has it, nor in the listing's. `extra` are the
 * statements of the decision itself (hiding the listing) for the same batch. False when the item
 * was decided already (by another admin in the meantime): nothing is written.
 */
export async function decideReviewItem(
  db: DB,
  input: { id: number; serverId: string; status: 'dismissed' | 'hidden'; reason: string; by: string; at: string },
  extra: BatchItem<'sqlite'>[] = [],
): Promise<boolean> {
  const [decided] = await db.batch([...reviewDecisionStatements(db, input), ...extra])
  return decided.length > 0
}
