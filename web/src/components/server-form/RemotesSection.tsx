import { LIMITS } from '@shared/limits'
import { serverRemoteSchema } from '../../lib/schemas'
import { FormSection, TextField } from './fields'
import type { FieldErrors, RemoteRow } from './form-model'
import { AddRow, RowList } from './RowList'
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
  const { draft, draftErrors, set, add, addOnEnter } = useDraftRow(serverRemoteSchema, EMPTY, 'new-remote', (row) =>
    onChange([...remotes, row]),
  )

  return (
    <FormSection id="remotes" title="Remote Configurations" description="Hosted endpoints of the server, if it runs remotely (at most 10).">
      <RowList
        rows={remotes}
        label="Remotes"
        field="remotes"
        errors={errors}
        readOnly={readOnly}
        empty="No remote configurations."
        rowKey={(r, i) => `${r.url}:${i}`}
        removeLabel={(r) => `Remove remote ${r.name || r.url}`}
        onChange={onChange}
      >
        {(r) => (
          <>
            <p className="text-sm font-medium">{r.name || '(no name)'}</p>
            <p className="font-mono text-sm break-all text-zinc-700 dark:text-zinc-300">{r.url}</p>
          </>
        )}
      </RowList>
      {!readOnly && (
        <AddRow
          legend="Add a remote"
          columns="sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
          full={full}
          addLabel="Add Remote"
          onAdd={add}
          hintId="remotes-limit"
          hint={full ? 'The maximum of 10 remotes is reached.' : `${remotes.length} of ${LIMITS.remotes} used.`}
        >
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
        </AddRow>
      )}
    </FormSection>
  )
}
