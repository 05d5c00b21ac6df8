import { isApiError } from '../../lib/api'
import { fieldErrors } from '../../lib/schemas'
import type { FieldErrors } from './form-model'

/** The `issues` of the Worker's `invalid_input` answer, as field errors (same keys as the form's own). */
export function apiFieldErrors(err: unknown): FieldErrors {
  return isApiError(err, 'invalid_input') ? fieldErrors(err.issues) : {}
}
