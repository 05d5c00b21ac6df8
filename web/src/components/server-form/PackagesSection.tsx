import { LIMITS } from '@shared/limits'
import { serverPackageSchema } from '../../lib/schemas'
import { FormSection, TextField } from './fields'
import type { FieldErrors, PackageRow } from './form-model'
import { PostInstallStepsField } from './PostInstallStepsField'
import { AddRow, RowList } from './RowList'
import { useDraftRow } from './useDraftRow'

const EMPTY = { registry_type: '', identifier: '', version: '' }
const REGISTRY_TYPES = ['npm', 'pypi', 'oci', 'nuget', 'mcpb']

interface PackagesSectionProps {
  packages: PackageRow[]
  onChange: (packages: PackageRow[]) => void
  readOnly: boolean
  /** The form's errors: 'packages' and 'packages.{i}.{field}'. */
  errors: FieldErrors
}

export function PackagesSection({ packages, onChange, readOnly, errors }: PackagesSectionProps) {
  const full = packages.length >= LIMITS.packages
  // All three fields are required to add one: the same rules the Worker applies to each entry.
  const { draft, draftErrors, set, add, addOnEnter } = useDraftRow(serverPackageSchema, EMPTY, 'new-package', (row) =>
    onChange([...packages, row]),
  )

  return (
    <FormSection id="packages" title="Package Dependencies" description="The packages people install to run the server (at most 20).">
      <RowList
        rows={packages}
        label="Packages"
        field="packages"
        errors={errors}
        readOnly={readOnly}
        empty="No package dependencies."
        rowKey={(p, i) => `${p.registry_type}:${p.identifier}:${i}`}
        removeLabel={(p) => `Remove package ${p.identifier}`}
        onChange={onChange}
      >
        {(p, i) => (
          <>
            <p className="font-mono text-sm break-all">
              <span className="text-zinc-600 dark:text-zinc-400">{p.registry_type || '?'}</span> {p.identifier || '(no identifier)'}{' '}
              <span className="text-zinc-600 dark:text-zinc-400">@{p.version || '?'}</span>
            </p>
            <PostInstallStepsField
              index={i}
              identifier={p.identifier || `package ${i + 1}`}
              steps={p.postInstallInstructions ?? []}
              readOnly={readOnly}
              onChange={(steps) => {
                const { postInstallInstructions: _, ...row } = p
                const next: PackageRow = steps.length ? { ...row, postInstallInstructions: steps } : row
                onChange(packages.map((q, j) => (j === i ? next : q)))
              }}
            />
          </>
        )}
      </RowList>
      {!readOnly && (
        <AddRow
          legend="Add a package"
          columns="sm:grid-cols-[10rem_minmax(0,1fr)_8rem_auto]"
          full={full}
          addLabel="Add Package"
          onAdd={add}
          hintId="packages-limit"
          hint={
            full
              ? 'The maximum of 20 packages is reached.'
              : `${packages.length} of ${LIMITS.packages} used. All three fields are required.`
          }
        >
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
          <datalist id="registry-types">
            {REGISTRY_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </AddRow>
      )}
    </FormSection>
  )
}
