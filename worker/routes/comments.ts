import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import { addComment, deleteComment, findComment, listComments } from '../db/comments'
import type { AppEnv } from '../env'
import { ApiError, validationHook } from '../errors'
import { authorizePackage, mayDeleteComment, requireUser, signedIn } from '../lib/authz'
import { rateLimit, type RateRule } from '../lib/rate-limit'
import { commentIdParam, commentListQuery, commentSchema, guestCommentSchema, packageIdParam } from '../schemas'

/**
 * Guest comments per client, on top of the general write limit: enough for a conversation,
 * too few for a spam run (a signed-in user is accountable and has only the general limit).
 */
export const GUEST_COMMENT_RULE: RateRule = { limit: 5, windowSeconds: 600 }

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  validationHook(result)
  return result.data as z.output<T>
}

/**
 * The body by who posts it: a signed-in user's comment goes under the account (a sent authorName
 * is ignored); a guest must give a name.
 */
const commentBody = validator('json', (value, c) =>
  c.var.user ? { content: parse(commentSchema, value).content, authorName: null } : parse(guestCommentSchema, value),
)

/** Comments on a package: read by anyone who may see the package; deleted by the rules in authz. */
export const commentRoutes = new Hono<AppEnv>()
  .get(
    '/:id/comments',
    zValidator('param', packageIdParam, validationHook),
    zValidator('query', commentListQuery, validationHook),
    async (c) => {
      const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
      const user = c.var.user
      const list = await listComments(c.var.db, pkg.id, c.req.valid('query'), (comment) => mayDeleteComment(user, comment, pkg))
      // Not for shared or browser caches: a poster must see their comment on the next read.
      c.header('Cache-Control', 'private, no-store')
      return c.json(list)
    },
  )
  .post('/:id/comments', zValidator('param', packageIdParam, validationHook), commentBody, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    const { content, authorName } = c.req.valid('json')
    const user = c.var.user
    if (!user) await rateLimit(c, 'guest-comment', GUEST_COMMENT_RULE)
    const comment = await addComment(c.var.db, { packageId: pkg.id, content, authorName, userId: user?.id ?? null })
    return c.json(comment, 201)
  })
  .delete('/:id/comments/:commentId', signedIn, zValidator('param', commentIdParam, validationHook), async (c) => {
    const { id, commentId } = c.req.valid('param')
    const pkg = await authorizePackage(c, id, 'view')
    const comment = await findComment(c.var.db, pkg.id, commentId)
    if (!comment) throw new ApiError(404, 'Comment not found')
    if (!mayDeleteComment(requireUser(c), comment, pkg)) throw new ApiError(403, "You don't have permission to delete this comment.")
    await deleteComment(c.var.db, comment.id)
    return c.body(null, 204)
  })
