import { useState } from 'react'
import { fieldErrors, fieldIssues } from '../../lib/schemas'
import type { FieldErrors } from './form-model'

/** What `schema.safeParse` answers; any zod schema fits. */
interface RowSchema<Out> {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true; data: Out }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }
}

/**
 * The 'add a row' inputs of a list section (packages, remotes): the draft, its field errors
 * (keyed `{prefix}.{field}`), a setter per field, and add (by button or Enter), which checks the
 * draft with the Worker's own schema before handing the parsed row on. `shape`, when given, makes
 * the candidate from the draft (adding what is not typed into its text inputs).
 */
export function useDraftRow<Row extends { [K in keyof Row]: string }, Out>(
  schema: RowSchema<Out>,
  empty: Row,
  prefix: string,
  onAdd: (row: Out) => void,
  shape: (draft: Row) => unknown = (d) => d,
) {
  const [draft, setDraft] = useState<Row>(empty)
  const [draftErrors, setDraftErrors] = useState<FieldErrors>({})
  const set = (key: keyof Row) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const add = () => {
    const result = schema.safeParse(shape(draft))
    if (!result.success) {
      setDraftErrors(fieldErrors(fieldIssues(result.error), prefix))
      return
    }
    setDraftErrors({})
    onAdd(result.data)
    setDraft(empty)
  }
  const addOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      add()
    }
  }
  return { draft, draftErrors, set, add, addOnEnter }
}
