import { Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { LIMITS } from '@shared/limits'
import { fieldErrors, fieldIssues, type PostInstallStepInput, postInstallStepSchema } from '../../lib/schemas'
import { buttonClass } from '../ui/button'
import { TextField } from './fields'
import type { FieldErrors } from './form-model'

const EMPTY = { description: '', command: '', documentation: '', optional: false }

/** The draft as the schema takes it: blank optional fields left out. */
function candidate(d: typeof EMPTY): PostInstallStepInput {
  return {
    description: d.description,
    ...(d.command.trim() ? { command: d.command } : {}),
    ...(d.documentation.trim() ? { documentation: d.documentation } : {}),
    ...(d.optional ? { optional: true } : {}),
  }
}

interface PostInstallStepsFieldProps {
  /** The package's place in the form: its fields are `packages.{index}.*`. */
  index: number
  identifier: string
  steps: PostInstallStepInput[]
  onChange: (steps: PostInstallStepInput[]) => void
  readOnly: boolean
}

/**
 * A package's post-install steps (the registry draft's `postInstallInstructions`): what people
 * do after installing it, shown on the Configuration tab beside the configuration and never run.
 * Each step is checked with the Worker's own schema before it is added.
 */
export function PostInstallStepsField({ index, identifier, steps, onChange, readOnly }: PostInstallStepsFieldProps) {
  const [draft, setDraft] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const listId = useId()
  const prefix = `packages.${index}.step`
  const full = steps.length >= LIMITS.postInstallSteps
  const set = (key: 'description' | 'command' | 'documentation') => (value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const add = () => {
    const result = postInstallStepSchema.safeParse(candidate(draft))
    if (!result.success) {
      setErrors(fieldErrors(fieldIssues(result.error), prefix))
      return
    }
    setErrors({})
    onChange([...steps, result.data])
    setDraft(EMPTY)
  }
  const addOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      add()
    }
  }
  if (readOnly && steps.length === 0) return null
  return (
    <div className="mt-2 flex flex-col gap-2">
      {steps.length > 0 && (
        <ol id={listId} className="flex list-decimal flex-col gap-1 pl-6 text-sm" aria-label={`Post-install steps of ${identifier}`}>
          {steps.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are kept in the order they were added; two may read alike.
            <li key={`${i}:${s.description}`}>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1 break-words">
                  {s.description}
                  {s.optional ? ' (optional)' : ''}
                  {s.command && <code className="block font-mono break-all text-zinc-700 dark:text-zinc-300">{s.command}</code>}
                  {s.documentation && <span className="block break-all text-zinc-600 dark:text-zinc-400">{s.documentation}</span>}
                </div>
                {!readOnly && (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={`Remove post-install step ${i + 1} of ${identifier}`}
                    onClick={() => onChange(steps.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {!readOnly && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Add a post-install step for {identifier}</summary>
          <fieldset className="mt-2 grid gap-3 sm:grid-cols-2" disabled={full}>
            <legend className="sr-only">Post-install step of {identifier}</legend>
            <TextField
              name={`${prefix}.description`}
              label="Step"
              value={draft.description}
              onValueChange={set('description')}
              error={errors[`${prefix}.description`]}
              maxLength={LIMITS.postInstallDescription}
              placeholder="Register the web UI as a service"
              onKeyDown={addOnEnter}
            />
            <TextField
              name={`${prefix}.command`}
              label="Command to show (optional, never run)"
              value={draft.command}
              onValueChange={set('command')}
              error={errors[`${prefix}.command`]}
              maxLength={LIMITS.postInstallCommand}
              spellCheck={false}
              className="font-mono"
              onKeyDown={addOnEnter}
            />
            <TextField
              name={`${prefix}.documentation`}
              label="Documentation URL (optional)"
              inputMode="url"
              value={draft.documentation}
              onValueChange={set('documentation')}
              error={errors[`${prefix}.documentation`]}
              maxLength={LIMITS.url}
              placeholder="https://example.com/setup"
              onKeyDown={addOnEnter}
            />
            <label className="flex items-center gap-2 sm:mt-6">
              <input type="checkbox" checked={draft.optional} onChange={(e) => setDraft((d) => ({ ...d, optional: e.target.checked }))} />
              The server works without this step
            </label>
            <button type="button" className={buttonClass('secondary', 'sm', 'justify-self-start')} onClick={add}>
              <Plus className="size-4" aria-hidden="true" />
              Add Step
            </button>
          </fieldset>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {full
              ? `The maximum of ${LIMITS.postInstallSteps} steps is reached.`
              : `${steps.length} of ${LIMITS.postInstallSteps} steps used.`}
          </p>
        </details>
      )}
    </div>
  )
}
