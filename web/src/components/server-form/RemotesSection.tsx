import { useState } from 'react'
import { urlVariables } from '@shared/install/url-template'
import { LIMITS } from '@shared/limits'
import { serverRemoteSchema } from '../../lib/schemas'
import { FormSection, TextField } from './fields'
import type { FieldErrors, RemoteRow, RemoteVariable } from './form-model'
import { AddRow, RowList } from './RowList'
import { useDraftRow } from './useDraftRow'

const EMPTY = { name: '', url: '' }

/** The defaults typed for the URL's `{variables}`, for the ones it still names; none, left out. */
function withDefaults(draft: typeof EMPTY, defaults: Record<string, string>) {
  const variables: Record<string, RemoteVariable> = {}
  for (const name of urlVariables(draft.url)) {
    const value = defaults[name]?.trim()
    if (value) variables[name] = { default: value }
  }
  return Object.keys(variables).length ? { ...draft, variables } : draft
}

interface RemotesSectionProps {
  remotes: RemoteRow[]
  onChange: (remotes: RemoteRow[]) => void
  readOnly: boolean
  /** The form's errors: 'remotes' and 'remotes.{i}.{field}'. */
  errors: FieldErrors
}

export function RemotesSection({ remotes, onChange, readOnly, errors }: RemotesSectionProps) {
  const full = remotes.length >= LIMITS.remotes
  // Defaults of the new remote's `{variables}`, typed beside its URL.
  const [defaults, setDefaults] = useState<Record<string, string>>({})
  // A remote needs a name and a valid URL (or one that begins with a `{variable}`, the registry
  // draft's): checked with the Worker's schema before it is added.
  const { draft, draftErrors, set, add, addOnEnter } = useDraftRow(
    serverRemoteSchema,
    EMPTY,
    'new-remote',
    (row) => {
      onChange([...remotes, row])
      setDefaults({})
    },
    (d) => withDefaults(d, defaults),
  )
  const draftVariables = urlVariables(draft.url).slice(0, LIMITS.remoteVariables)

  return (
    <FormSection
      id="remotes"
      title="Remote Configurations"
      description="Hosted endpoints of the server, if it runs remotely (at most 10). A self-hosted server's URL may begin with a variable, such as {baseUrl}/mcp: whoever installs it fills it in."
    >
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
            {Object.entries(r.variables ?? {}).map(([name, v]) => (
              <p key={name} className="text-sm break-all text-zinc-600 dark:text-zinc-400">
                <code className="font-mono">{`{${name}}`}</code>
                {v.default ? (
                  <>
                    {' '}
                    starts as <code className="font-mono">{v.default}</code>
                  </>
                ) : null}
                {v.description ? ` · ${v.description}` : null}
              </p>
            ))}
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
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={draft.url}
            onValueChange={set('url')}
            error={draftErrors['new-remote.url']}
            maxLength={LIMITS.url}
            placeholder="https://example.com/mcp"
            onKeyDown={addOnEnter}
          />
        </AddRow>
      )}
      {!readOnly && draftVariables.length > 0 && (
        <fieldset className="rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700" disabled={full}>
          <legend className="px-1 text-sm font-medium">Variables of the new remote's URL</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {draftVariables.map((name) => (
              <TextField
                key={name}
                name={`new-remote.variables.${name}.default`}
                label={`Default of {${name}} (optional)`}
                value={defaults[name] ?? ''}
                onValueChange={(value) => setDefaults((d) => ({ ...d, [name]: value }))}
                error={draftErrors[`new-remote.variables.${name}.default`]}
                maxLength={LIMITS.remoteVariableText}
                placeholder={name.toLowerCase().includes('url') ? 'https://mcp.example.com' : ''}
                onKeyDown={addOnEnter}
              />
            ))}
          </div>
          {draftErrors['new-remote.variables'] && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{draftErrors['new-remote.variables']}</p>
          )}
        </fieldset>
      )}
    </FormSection>
  )
}
