import { Hono } from 'hono'
import type { ReviewItem, ReviewQueueResponse } from '@shared/scan'
import { reviewDecisionSchema, reviewIdParam, reviewQueueQuery } from '@shared/schemas'
import { serverStatusStatements } from '../db/server-writes'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { adminOnly, requireUser } from '../middleware/authz'
import { invalidate } from '../middleware/cache'
import { validate } from '../middleware/validate'
import { decideReviewItem, findReviewItem, reviewQueue } from '../services/scanning/review'
import { refreshListings } from '../services/watch'

/**
 * The admins' one review queue: whatever the catalogue's checks ask a person to look at (the
 * scanner's findings of medium or above, the supply-chain watch's package versions of Medium or
 * above), each decided once: dismissed with a reason, which is then shown beside the finding (or
 * the version) and no longer counts in the risk level (or the listing's supply band), or the listing hidden
 * (the same soft delete as a delete, which an admin can restore), the decision recorded with who
 * made it and why.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .use('*', adminOnly)
  .get('/', validate('query', reviewQueueQuery), async (c) => {
    return c.json<ReviewQueueResponse>(await reviewQueue(c.var.db, c.req.valid('query').status))
  })
  .post('/:id', validate('param', reviewIdParam), validate('json', reviewDecisionSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { action, reason } = c.req.valid('json')
    const db = c.var.db
    const item = await findReviewItem(db, id)
    if (!item) throw new ApiError('not_found', 'Review item not found')
    if (item.status !== 'open') throw new ApiError('conflict', 'This item was decided already.')
    const status = action === 'dismiss' ? 'dismissed' : 'hidden'
    const hide = action === 'hide' ? [...serverStatusStatements(db, item.serverId, 'deleted')] : []
    const decision = { id, serverId: item.serverId, status, reason, by: requireUser(c).username, at: new Date().toISOString() } as const
    if (!(await decideReviewItem(db, decision, hide))) throw new ApiError('conflict', 'This item was decided already.')
    // A dismissed version no longer holds back or bands the listing's install: worked out again.
    if (item.kind === 'package' && status === 'dismissed') await refreshListings(db, { serverIds: [item.serverId] })
    if (hide.length) await invalidate(c, item.serverId, { tags: true })
    return c.json<ReviewItem>((await findReviewItem(db, id))!)
  })
