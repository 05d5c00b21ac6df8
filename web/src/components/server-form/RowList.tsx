import { Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '../ui/button'
import { FieldError, FieldHint } from './fields'
import type { FieldErrors } from './form-model'

interface RowListProps<T> {
  rows: T[]
  /** The list's accessible name, e.g. 'Packages'. */
  label: string
  /** The form field: its own error is `errors[field]`, a row's are `errors['{field}.{i}.*']`. */
  field: string
  errors: FieldErrors
  readOnly: boolean
  empty: string
  rowKey: (row: T, index: number) => string
  removeLabel: (row: T) => string
  onChange: (rows: T[]) => void
  /** How one row reads (and, for a row with parts of its own to edit, where it is). */
  children: (row: T, index: number) => ReactNode
}

/** The rows of a list field (packages, remotes) with their errors and, unless read-only, Remove. */
export function RowList<T>({ rows, label, field, errors, readOnly, empty, rowKey, removeLabel, onChange, children }: RowListProps<T>) {
  return (
    <>
      {rows.length > 0 ? (
        <ul
          className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          aria-label={label}
        >
          {rows.map((row, i) => {
            const problems = Object.entries(errors).filter(([key]) => key.startsWith(`${field}.${i}.`))
            return (
              <li key={rowKey(row, i)} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  {children(row, i)}
                  {problems.map(([key, message]) => (
                    <p key={key} className="text-sm text-red-700 dark:text-red-400">
                      {message}
                    </p>
                  ))}
                </div>
                {!readOnly && (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={removeLabel(row)}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
      )}
      <FieldError name={field} message={errors[field]} />
    </>
  )
}

interface AddRowProps {
  legend: string
  /** Tailwind grid columns for the inputs and the button on wider screens. */
  columns: string
  full: boolean
  addLabel: string
  onAdd: () => void
  hintId: string
  hint: string
  children: ReactNode
}

/** The 'add a row' inputs of a list field; disabled once the list is at its limit. */
export function AddRow({ legend, columns, full, addLabel, onAdd, hintId, hint, children }: AddRowProps) {
  return (
    <fieldset className="rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700" disabled={full}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className={`grid gap-3 sm:items-start ${columns}`}>
        {children}
        <button type="button" className={buttonClass('secondary', 'md', 'sm:mt-6')} onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          {addLabel}
        </button>
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
    </fieldset>
  )
}
