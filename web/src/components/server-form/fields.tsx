import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { cx } from '../ui/cx'
import { errorId, fieldId } from './form-model'

export const inputClass =
  'block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-500 read-only:bg-zinc-100 read-only:text-zinc-700 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:read-only:bg-zinc-800 dark:read-only:text-zinc-300 dark:aria-invalid:border-red-400'

export const labelClass = 'block text-sm font-medium text-zinc-900 dark:text-zinc-100'

/**
 * The label; a required field's asterisk sits beside it, not in it, so the field's name stays
 * its plain label (aria-required tells assistive technology instead).
 */
function FieldLabel({ name, label, requiredMark }: { name: string; label: string; requiredMark?: boolean }) {
  return (
    <div className="flex gap-1">
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
      </label>
      {requiredMark && (
        <span className="text-sm text-red-700 dark:text-red-400" aria-hidden="true">
          *
        </span>
      )}
    </div>
  )
}

export function FieldError({ name, message }: { name: string; message?: string }) {
  if (!message) return null
  return (
    <p id={errorId(name)} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  )
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      {children}
    </p>
  )
}

/** The ids an input is described by: its hint and, when there is one, its error. */
export function describedBy(name: string, error: string | undefined, hintId?: string): string | undefined {
  return [hintId, error ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'> {
  name: string
  label: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  hint?: ReactNode
  /** Shown after the input on the same row (the 'Load Info' and 'Auto-fill' buttons). */
  action?: ReactNode
  requiredMark?: boolean
}

/** What an input and a textarea both carry: their id, and their error and hint tied to them. */
function controlProps(name: string, error: string | undefined, hintId: string | undefined, requiredMark: boolean | undefined) {
  return {
    id: fieldId(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(name, error, hintId),
    'aria-required': requiredMark || undefined,
  }
}

/** A labelled single-line input whose error is tied to it with aria-describedby. */
export function TextField({ name, label, value, onValueChange, error, hint, action, requiredMark, className, ...rest }: TextFieldProps) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined
  return (
    <div className={className}>
      <FieldLabel name={name} label={label} requiredMark={requiredMark} />
      <div className="mt-1 flex gap-2">
        <input
          {...controlProps(name, error, hintId, requiredMark)}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={cx(inputClass, 'min-w-0 flex-1')}
          {...rest}
        />
        {action}
      </div>
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError name={name} message={error} />
    </div>
  )
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'value' | 'onChange'> {
  name: string
  label: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  hint?: ReactNode
  requiredMark?: boolean
}

export function TextAreaField({ name, label, value, onValueChange, error, hint, requiredMark, className, ...rest }: TextAreaFieldProps) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined
  return (
    <div className={className}>
      <FieldLabel name={name} label={label} requiredMark={requiredMark} />
      <textarea
        {...controlProps(name, error, hintId, requiredMark)}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={cx(inputClass, 'mt-1 leading-6')}
        {...rest}
      />
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError name={name} message={error} />
    </div>
  )
}

/** One titled block of the form. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}
