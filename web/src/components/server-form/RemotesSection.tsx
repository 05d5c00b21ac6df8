import { Plus, Trash2 } from 'lucide-react'
import { LIMITS, serverRemoteSchema } from '../../../../worker/schemas'
import { buttonClass } from '../ui/button'
import { FieldError, FieldHint, FormSection, TextField } from './fields'
import type { FieldErrors, RemoteRow } from './form-model'
import { useDraftRow } from './useDraftRow'

const EMPTY: RemoteRow = { name: '', url: '' }

interface RemotesSectionProps {
  remotes: RemoteRow[]
  onChange: (remotes: RemoteRow[]) => void
  readOnly: boolean
  /** The form's errors: 'remotes' and 'remotes.{i}.{field}'. */
  errors: FieldErrors
}

export function RemotesSection({ remotes, onChange, readOnly, errors }: RemotesSectionProps) {
  const full = remotes.length >= LIMITS.remotes
  // A remote needs a name and a valid URL: checked with the Worker's schema before it is added.
  const { draft, draftErrors, set, add, addOnEnter } = useDraftRow(serverRemoteSchema, EMPTY, 'new-remote', (row) => onChange([...remotes, row]))

  return (
    <FormSection id="remotes" title="Remote Configurations" description="Hosted endpoints of the server, if it runs remotely (at most 10).">
      {remotes.length > 0 ? (
        <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Remotes">
          {remotes.map((r, i) => {
            const problems = Object.entries(errors).filter(([key]) => key.startsWith(`remotes.${i}.`))
            return (
              <li key={`${r.url}:${i}`} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{r.name || '(no name)'}</p>
                  <p className="font-mono text-sm break-all text-zinc-700 dark:text-zinc-300">{r.url}</p>
                  {problems.map(([key, m]) => (
                    <p key={key} className="text-sm text-red-700 dark:text-red-400">
                      {m}
                    </p>
                  ))}
                </div>
                {!readOnly && (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={`Remove remote ${r.name || r.url}`}
                    onClick={() => onChange(remotes.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No remote configurations.</p>
      )}
      <FieldError name="remotes" message={errors.remotes} />
      {!readOnly && (
        <fieldset className="rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700" disabled={full}>
          <legend className="px-1 text-sm font-medium">Add a remote</legend>
          <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
            <TextField
              name="new-remote.name"
              label="Remote name"
              value={draft.name}
              onValueChange={set('name')}
              error={draftErrors['new-remote.name']}
              maxLength={LIMITS.remoteName}
              placeholder="sse"
              onKeyDown={addOnEnter}
            />
            <TextField
              name="new-remote.url"
              label="Remote URL"
              type="url"
              value={draft.url}
              onValueChange={set('url')}
              error={draftErrors['new-remote.url']}
              maxLength={LIMITS.url}
              placeholder="https://example.com/mcp"
              onKeyDown={addOnEnter}
            />
            <button type="button" className={buttonClass('secondary', 'md', 'sm:mt-6')} onClick={add}>
              <Plus className="size-4" aria-hidden="true" />
              Add Remote
            </button>
          </div>
          <FieldHint id="remotes-limit">{full ? 'The maximum of 10 remotes is reached.' : `${remotes.length} of ${LIMITS.remotes} used.`}</FieldHint>
        </fieldset>
      )}
    </FormSection>
  )
}
