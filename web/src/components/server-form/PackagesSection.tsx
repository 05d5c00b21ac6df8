import { Plus, Trash2 } from 'lucide-react'
import { LIMITS, serverPackageSchema } from '../../../../worker/schemas'
import { buttonClass } from '../ui/button'
import { FieldError, FieldHint, FormSection, TextField } from './fields'
import type { FieldErrors, PackageRow } from './form-model'
import { useDraftRow } from './useDraftRow'

const EMPTY: PackageRow = { registry_type: '', identifier: '', version: '' }
const REGISTRY_TYPES = ['npm', 'pypi', 'oci', 'nuget', 'mcpb']

interface PackagesSectionProps {
  packages: PackageRow[]
  onChange: (packages: PackageRow[]) => void
  readOnly: boolean
  /** The form's errors: 'packages' and 'packages.{i}.{field}'. */
  errors: FieldErrors
}

function rowErrors(errors: FieldErrors, index: number): string[] {
  const prefix = `packages.${index}.`
  return Object.entries(errors)
    .filter(([key]) => key.startsWith(prefix))
    .map(([, message]) => message)
}

export function PackagesSection({ packages, onChange, readOnly, errors }: PackagesSectionProps) {
  const full = packages.length >= LIMITS.packages
  // All three fields are required to add one: the same rules the Worker applies to each entry.
  const { draft, draftErrors, set, add, addOnEnter } = useDraftRow(serverPackageSchema, EMPTY, 'new-package', (row) => onChange([...packages, row]))

  return (
    <FormSection id="packages" title="Package Dependencies" description="The packages people install to run the server (at most 20).">
      {packages.length > 0 ? (
        <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Packages">
          {packages.map((p, i) => {
            const problems = rowErrors(errors, i)
            return (
              <li key={`${p.registry_type}:${p.identifier}:${i}`} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-sm break-all">
                    <span className="text-zinc-600 dark:text-zinc-400">{p.registry_type || '?'}</span> {p.identifier || '(no identifier)'}{' '}
                    <span className="text-zinc-600 dark:text-zinc-400">@{p.version || '?'}</span>
                  </p>
                  {problems.map((m) => (
                    <p key={m} className="text-sm text-red-700 dark:text-red-400">
                      {m}
                    </p>
                  ))}
                </div>
                {!readOnly && (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={`Remove package ${p.identifier}`}
                    onClick={() => onChange(packages.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No package dependencies.</p>
      )}
      <FieldError name="packages" message={errors.packages} />
      {!readOnly && (
        <fieldset className="rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700" disabled={full}>
          <legend className="px-1 text-sm font-medium">Add a package</legend>
          <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_8rem_auto] sm:items-start">
            <TextField
              name="new-package.registry_type"
              label="Registry type"
              value={draft.registry_type}
              onValueChange={set('registry_type')}
              error={draftErrors['new-package.registry_type']}
              maxLength={LIMITS.packageRegistryType}
              list="registry-types"
              placeholder="npm"
              onKeyDown={addOnEnter}
            />
            <TextField
              name="new-package.identifier"
              label="Identifier"
              value={draft.identifier}
              onValueChange={set('identifier')}
              error={draftErrors['new-package.identifier']}
              maxLength={LIMITS.packageIdentifier}
              placeholder="@scope/package"
              onKeyDown={addOnEnter}
            />
            <TextField
              name="new-package.version"
              label="Package version"
              value={draft.version}
              onValueChange={set('version')}
              error={draftErrors['new-package.version']}
              maxLength={LIMITS.packageVersion}
              placeholder="1.0.0"
              onKeyDown={addOnEnter}
            />
            <button type="button" className={buttonClass('secondary', 'md', 'sm:mt-6')} onClick={add}>
              <Plus className="size-4" aria-hidden="true" />
              Add Package
            </button>
          </div>
          <datalist id="registry-types">
            {REGISTRY_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <FieldHint id="packages-limit">
            {full ? 'The maximum of 20 packages is reached.' : `${packages.length} of ${LIMITS.packages} used. All three fields are required.`}
          </FieldHint>
        </fieldset>
      )}
    </FormSection>
  )
}
