import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody } from './shared/types'

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504

/**
 * The one error type routes throw; `onError` is the only place that turns it into a response.
 * @example throw new ApiError(404, 'Server not found')
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message)
  }
}

/** Field issues from a zod error, with the specification's messages as the schemas carry them. */
interface IssueSource {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

export function zodIssues(error: IssueSource): NonNullable<ApiErrorBody['issues']> {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }))
}

/** Hook for `zValidator`: a failed validation is a 400 whose message is the first issue's. */
export function validationHook(result: { success: boolean; error?: IssueSource }) {
  if (!result.success && result.error) {
    const issues = zodIssues(result.error)
    throw new ApiError(400, issues[0]?.message ?? 'Invalid input', issues)
  }
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    const body: ApiErrorBody = { error: err.message }
    if (err.issues) body.issues = err.issues
    return c.json(body, err.status)
  }
  if (err instanceof HTTPException) {
    return c.json({ error: err.message || 'Request failed' }, err.status)
  }
  // Only unexpected failures are logged, and never shown: a 500 carries no stack trace.
  console.error(err)
  return c.json({ error: 'Internal server error' }, 500)
}
