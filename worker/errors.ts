import type { ApiErrorBody, ErrorCode } from '@shared/types'

/** The one status each error code answers with, so a code never means two things. */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_json: 400,
  auth_required: 401,
  csrf_invalid: 403,
  forbidden: 403,
  not_found: 404,
  server_not_found: 404,
  version_not_found: 404,
  package_not_found: 404,
  comment_not_found: 404,
  revision_not_found: 404,
  readme_not_found: 404,
  no_repository: 404,
  repository_not_found: 404,
  npm_package_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  upstream_rate_limited: 429,
  upstream_failed: 502,
  upstream_timeout: 504,
  internal: 500,
} as const satisfies Record<ErrorCode, number>

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode]

/**
 * The one error type every layer throws; the app's `onError` is the only place that turns it into
 * a response (`{ error, code, issues? }` with the code's status).
 * @example throw new ApiError('server_not_found', 'Server not found')
 */
export class ApiError extends Error {
  readonly status: ErrorStatus

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message)
    this.status = ERROR_STATUS[code]
  }
}
