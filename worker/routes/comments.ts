import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { commentIdParam, commentListQuery, commentSchema, guestCommentSchema, packageIdParam } from '@shared/schemas'
import { addComment, deleteComment, findComment, listComments } from '../db/comments'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { authorizePackage, mayDeleteComment, requireUser, signedIn } from '../middleware/authz'
import { type RateRule, rateLimit } from '../middleware/rate-limit'
import { parseInput, validate } from '../middleware/validate'

/**
 * Guest comments per client, on top of the general write limit: enough for a conversation,
 * too few for a spam run (a signed-in user is accountable and has only the general limit).
 */
export const GUEST_COMMENT_RULE: RateRule = { limit: 5, windowSeconds: 600 }

/**
 * The body by who posts it: a signed-in user's comment goes under the account (a sent authorName
 * is ignored); a guest must give a name.
 */
const commentBody = validator('json', (value, c) =>
  c.var.user ? { content: parseInput(commentSchema, value).content, authorName: null } : parseInput(guestCommentSchema, value),
)

/** Comments on a package: read by anyone who may see the package; deleted by the rules in authz. */
export const commentRoutes = new Hono<AppEnv>()
  .get('/:id/comments', validate('param', packageIdParam), validate('query', commentListQuery), async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    const user = c.var.user
    const list = await listComments(c.var.db, pkg.id, c.req.valid('query'), (comment) => mayDeleteComment(user, comment, pkg))
    // Not for shared or browser caches: a poster must see their comment on the next read.
    return c.json(list)
  })
  .post('/:id/comments', validate('param', packageIdParam), commentBody, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    const { content, authorName } = c.req.valid('json')
    const user = c.var.user
    if (!user) await rateLimit(c, 'guest-comment', GUEST_COMMENT_RULE)
    const comment = await addComment(c.var.db, { packageId: pkg.id, content, authorName, userId: user?.id ?? null })
    return c.json(comment, 201)
  })
  .delete('/:id/comments/:commentId', signedIn, validate('param', commentIdParam), async (c) => {
    const { id, commentId } = c.req.valid('param')
    const pkg = await authorizePackage(c, id, 'view')
    const comment = await findComment(c.var.db, pkg.id, commentId)
    if (!comment) throw new ApiError('comment_not_found', 'Comment not found')
    if (!mayDeleteComment(requireUser(c), comment, pkg))
      throw new ApiError('forbidden', "You don't have permission to delete this comment.")
    await deleteComment(c.var.db, comment.id)
    return c.body(null, 204)
  })
