import { useId } from 'react'
import type { Grade } from '@shared/verdict'
import { Card } from '../ui/Card'
import { MIN_GRADE_OPTIONS } from '../verdict/labels'

interface GradeFilterProps {
  /** Null: any listing, graded or not. */
  value: Grade | null
  onChange: (grade: Grade | null) => void
}

const CHOICES: ReadonlyArray<{ value: Grade | null; label: string }> = [{ value: null, label: 'Any, graded or not' }, ...MIN_GRADE_OPTIONS]

/**
 * The 'Verdict' facet: listings graded at least so well (A, B or better ... graded at all), or
 * any. Radios, so the keyboard's arrows move through the choices and a screen reader says the
 * group's name; it narrows the list with the other filters.
 */
export function GradeFilter({ value, onChange }: GradeFilterProps) {
  const id = useId()
  const name = useId()
  return (
    <Card className="p-4">
      <fieldset aria-labelledby={id}>
        <legend id={id} className="font-semibold">
          Minimum grade
        </legend>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">The catalogue's verdict, from what it measured</p>
        <ul className="mt-2 flex flex-col gap-0.5">
          {CHOICES.map((c) => (
            <li key={c.value ?? 'any'}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
                <input
                  type="radio"
                  name={name}
                  className="size-4 accent-blue-700"
                  checked={value === c.value}
                  onChange={() => onChange(c.value)}
                />
                {c.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Card>
  )
}
