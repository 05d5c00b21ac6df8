import { ApiError } from '../../lib/api'
import type { FieldErrors } from './form-model'

/** The `issues` of a 400 from the Worker, as field errors (same keys as the form's own). */
export function apiFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || err.status !== 400) return {}
  try {
    const body = JSON.parse(err.message.slice(err.message.indexOf(': ') + 2)) as { issues?: Array<{ field?: unknown; message?: unknown }> }
    const errors: FieldErrors = {}
    for (const i of body.issues ?? []) {
      if (typeof i.field === 'string' && typeof i.message === 'string') errors[i.field] ??= i.message
    }
    return errors
  } catch {
    return {}
  }
}
