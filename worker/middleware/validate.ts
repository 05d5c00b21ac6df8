import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { fieldIssues } from '@shared/schemas'
import { ApiError } from '../errors'

/**
 * Validates one part of the request with a schema of worker/shared/schemas.ts; a failure is a 400
 * `invalid_input` whose message is the first issue's, with every issue listed. Handlers then read
 * only `c.req.valid(target)`.
 * @example .get('/:id', validate('param', serverIdParam), (c) => c.json(c.req.valid('param')))
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error)
  })

/**
 * Parses a value that is not a whole request part (a body whose schema depends on the caller),
 * with the same 400 as `validate`.
 * @example const body = parseInput(guestCommentSchema, await c.req.json())
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw invalidInput(result.error)
  return result.data
}

function invalidInput(error: { issues: z.core.$ZodIssue[] }): ApiError {
  const issues = fieldIssues(error)
  return new ApiError('invalid_input', issues[0]?.message ?? 'Invalid input', issues)
}
