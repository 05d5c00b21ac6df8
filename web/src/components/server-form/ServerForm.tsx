import { ArrowLeft, Download, LoaderCircle, Lock, Trash2 } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import { Link, useLocation } from 'wouter'
import { GITHUB_URL_RE } from '@shared/github-url'
import { LIMITS } from '@shared/limits'
import { permissionsKey, serverKey } from '../../hooks/useServers'
import { api, call, isApiError } from '../../lib/api'
import { npmPreviewQuery } from '../../lib/schemas'
import { buttonClass } from '../ui/button'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { apiFieldErrors } from './api-errors'
import { CategoriesSection } from './CategoriesSection'
import { FormSection, TextAreaField, TextField } from './fields'
import { buildSubmission, FIELD_ORDER, type FieldErrors, type FormValues, fieldId } from './form-model'
import { PackagesSection } from './PackagesSection'
import { applyNpm, applyRepository } from './previews'
import { RemotesSection } from './RemotesSection'
import { TagsSection } from './TagsSection'
import { useInvalidateServerCaches } from './useServerCaches'

export type FormMode = 'create' | 'edit' | 'restricted'

interface ServerFormProps {
  mode: FormMode
  initial: FormValues
  /** The server being edited (edit and restricted modes). */
  serverId?: string
  canDelete?: boolean
  /** Fields the registry sync still writes (edit mode of a synced listing). */
  registryFields?: string[]
  /** Who chose the stored categories (edit modes). */
  categorySource?: 'auto' | 'human'
}

const FIELD_LABELS: Record<string, string> = {
  name: 'technical name',
  displayName: 'display name',
  description: 'description',
  author: 'author',
  version: 'version',
  icon: 'icon',
  githubUrl: 'GitHub URL',
  tags: 'tags',
  categories: 'categories',
  packages: 'packages',
  remotes: 'remotes',
  metadata: 'metadata',
}

/** Which fields the registry keeps up to date, and that editing one makes it this catalogue's own. */
function RegistryFieldsNote({ fields }: { fields: string[] }) {
  return (
    <p
      role="note"
      className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100"
    >
      From the MCP registry, updated on every sync: {fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}. A field you change here keeps your
      value; the sync no longer overwrites it.
    </p>
  )
}

/** The message for a group of fields ('tags', 'tags.3' ...): the group's own, else its first entry's. */
function groupError(errors: FieldErrors, group: string): string | undefined {
  return errors[group] ?? Object.entries(errors).find(([key]) => key.startsWith(`${group}.`))?.[1]
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
function focusFirstError(errors: FieldErrors) {
  const first = FIELD_ORDER.find((key) => groupError(errors, key))
  if (!first) return
  const el = document.getElementById(fieldId(first)) ?? document.getElementById(`${first}-title`)
  el?.focus()
}

function Pending({ label }: { label: string }) {
  return (
    <>
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {label}
    </>
  )
}

/** The server message of a 4xx (rate limit, permission) is more useful than a generic one. */
const failureDescription = (err: unknown) => (isApiError(err) && err.status < 500 && err.reason ? err.reason : 'Please try again.')

/**
 * The register / edit form. It never resets on a failed save: the values live here until the
 * save succeeds and the screen moves on.
 */
export function ServerForm({ mode, initial, serverId, canDelete = false, registryFields = [], categorySource }: ServerFormProps) {
  const [values, setValues] = useState<FormValues>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [npmName, setNpmName] = useState('')
  const [npmError, setNpmError] = useState<string>()
  const [busy, setBusy] = useState<'save' | 'repo' | 'npm' | 'delete' | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const invalidate = useInvalidateServerCaches()
  const initialAuthor = useRef(initial.author).current
  const restricted = mode === 'restricted'
  const editing = mode !== 'create'

  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }))
      // A field's error goes once the user changes it; the others stay until the next save.
      setErrors((e) => {
        if (!Object.keys(e).some((k) => k === key || k.startsWith(`${key}.`))) return e
        return Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`)))
      })
    }

  const loadRepository = async () => {
    const url = values.githubUrl.trim()
    const problem = !url ? 'No GitHub URL provided' : GITHUB_URL_RE.test(url) ? null : 'Invalid GitHub URL format'
    if (problem) {
      setErrors((e) => ({ ...e, githubUrl: problem }))
      document.getElementById(fieldId('githubUrl'))?.focus()
      return
    }
    setBusy('repo')
    try {
      const preview = await call(api.github.preview.$get({ query: { url } }))
      setValues((v) => applyRepository(v, preview, initialAuthor))
      setErrors({})
      toast.success('Repository information loaded')
    } catch (err) {
      if (isApiError(err, 'repository_not_found'))
        toast.error('Repository not found', { description: "The repository might be private or doesn't exist." })
      else toast.error('Error loading repository', { description: failureDescription(err) })
    } finally {
      setBusy(null)
    }
  }

  const loadNpm = async () => {
    const parsed = npmPreviewQuery.safeParse({ package: npmName })
    if (!parsed.success) {
      setNpmError(parsed.error.issues[0]?.message)
      document.getElementById(fieldId('npmPackage'))?.focus()
      return
    }
    setNpmError(undefined)
    setBusy('npm')
    try {
      const preview = await call(api.npm.preview.$get({ query: { package: parsed.data.package } }))
      setValues((v) => applyNpm(v, preview, initialAuthor))
      toast.success('Loaded', { description: `${preview.packageName}${preview.latestVersion ? ` ${preview.latestVersion}` : ''}` })
    } catch {
      toast.error('Not found', { description: 'Package was not found in cache. Please try later.' })
    } finally {
      setBusy(null)
    }
  }

  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const submission = buildSubmission(values, mode, initial)
    if (!submission.ok) {
      setErrors(submission.errors)
      focusFirstError(submission.errors)
      return
    }
    setErrors({})
    setBusy('save')
    try {
      const saved = await call(
        submission.kind === 'update'
          ? api.servers[':id'].$put({ param: { id: serverId! }, json: submission.body })
          : api.servers.$post({ json: submission.body }),
      )
      toast.success(editing ? 'Server updated successfully' : 'Server registered successfully')
      const detailKey = serverKey(saved.id)
      void mutate(detailKey, saved, { revalidate: false })
      void mutate(permissionsKey(saved.id))
      invalidate([detailKey, permissionsKey(saved.id)])
      navigate('/dashboard')
    } catch (err) {
      // Keep every value; show the Worker's field messages where it gave them.
      const fieldErrors = apiFieldErrors(err)
      setErrors(fieldErrors)
      focusFirstError(fieldErrors)
      toast.error(editing ? 'Update failed' : 'Registration failed', { description: failureDescription(err) })
      setBusy(null)
    }
  }

  const remove = async () => {
    setBusy('delete')
    try {
      await call(api.servers[':id'].$delete({ param: { id: serverId! } }))
      setConfirmDelete(false)
      toast.success('Deleted', { description: `${values.displayName || 'The server'} was removed from the catalogue.` })
      navigate('/servers')
      invalidate()
    } catch (err) {
      toast.error('Delete failed', { description: failureDescription(err) })
      setBusy(null)
    }
  }

  const saving = busy === 'save'
  const submitLabel = editing ? 'Update Server' : 'Register Server'
  const pendingLabel = editing ? 'Updating...' : 'Registering...'

  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-busy={saving || undefined}>
      {restricted && (
        <div
          role="note"
          aria-labelledby="limited-access-title"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <h2 id="limited-access-title" className="font-semibold">
              Limited Access
            </h2>
            <p className="mt-1 text-sm">
              Your account may change only the GitHub repository URL of this server. The other fields are read-only.
            </p>
          </div>
        </div>
      )}

      {editing && registryFields.length > 0 && <RegistryFieldsNote fields={registryFields} />}

      {!restricted && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      )}

      <FormSection id="basic" title="Basic Information">
        <TextField
          name="displayName"
          label="Display name"
          requiredMark={!restricted}
          value={values.displayName}
          onValueChange={set('displayName')}
          error={errors.displayName}
          readOnly={restricted}
          maxLength={LIMITS.displayName}
          placeholder="My MCP Server"
          autoComplete="off"
        />
        <TextAreaField
          name="description"
          label="Description"
          requiredMark={!restricted}
          rows={4}
          value={values.description}
          onValueChange={set('description')}
          error={errors.description}
          readOnly={restricted}
          maxLength={LIMITS.description}
          placeholder="What the server does and for whom."
          hint={`${values.description.length} / ${LIMITS.description} characters`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="version"
            label="Version"
            requiredMark={!restricted}
            value={values.version}
            onValueChange={set('version')}
            error={errors.version}
            readOnly={restricted}
            maxLength={LIMITS.version}
            autoComplete="off"
          />
          <TextField
            name="author"
            label="Author"
            value={values.author}
            onValueChange={set('author')}
            error={errors.author}
            readOnly={restricted}
            maxLength={LIMITS.author}
            hint={editing ? undefined : 'Left empty, your name or account is used.'}
          />
        </div>
      </FormSection>

      <FormSection
        id="github"
        title="GitHub Integration"
        description="Paste the repository address and load its name, description, topics and README."
      >
        <TextField
          name="githubUrl"
          label="Repository URL"
          type="url"
          inputMode="url"
          value={values.githubUrl}
          onValueChange={set('githubUrl')}
          error={errors.githubUrl}
          maxLength={LIMITS.url}
          placeholder="https://github.com/owner/repository"
          autoComplete="url"
          action={
            !restricted && (
              <button
                type="button"
                className={buttonClass('secondary', 'md')}
                onClick={() => void loadRepository()}
                disabled={busy !== null}
              >
                {busy === 'repo' ? (
                  <Pending label="Loading..." />
                ) : (
                  <>
                    <Download className="size-4" aria-hidden="true" />
                    Load Info
                  </>
                )}
              </button>
            )
          }
        />
        <TextField
          name="icon"
          label="Icon URL (optional)"
          type="url"
          inputMode="url"
          value={values.icon}
          onValueChange={set('icon')}
          error={errors.icon}
          readOnly={restricted}
          maxLength={LIMITS.url}
          placeholder="https://example.com/icon.png"
        />
      </FormSection>

      {!restricted && (
        <FormSection id="npm" title="npm Integration" description="Optional: fill the version and package dependency from an npm package.">
          <TextField
            name="npmPackage"
            label="npm package name"
            value={npmName}
            onValueChange={(v) => {
              setNpmName(v)
              setNpmError(undefined)
            }}
            onKeyDown={(e) => {
              // Enter here means 'Auto-fill', not 'submit the form'.
              if (e.key === 'Enter') {
                e.preventDefault()
                void loadNpm()
              }
            }}
            error={npmError}
            maxLength={LIMITS.npmName}
            placeholder="@scope/package"
            autoComplete="off"
            action={
              <button type="button" className={buttonClass('secondary', 'md')} onClick={() => void loadNpm()} disabled={busy !== null}>
                {busy === 'npm' ? <Pending label="Loading..." /> : 'Auto-fill'}
              </button>
            }
          />
        </FormSection>
      )}

      <TagsSection tags={values.tags} onChange={set('tags')} readOnly={restricted} error={groupError(errors, 'tags')} />
      <CategoriesSection
        categories={values.categories}
        onChange={set('categories')}
        readOnly={restricted}
        mode={editing ? 'edit' : 'create'}
        source={categorySource}
        error={groupError(errors, 'categories')}
      />
      <PackagesSection packages={values.packages} onChange={set('packages')} readOnly={restricted} errors={errors} />
      <RemotesSection remotes={values.remotes} onChange={set('remotes')} readOnly={restricted} errors={errors} />

      <div className="flex flex-col-reverse gap-3 border-t border-zinc-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <div>
          {editing && canDelete && (
            <button type="button" className={buttonClass('danger', 'md')} onClick={() => setConfirmDelete(true)} disabled={busy !== null}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </button>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Link href="/servers" className={buttonClass('secondary', 'md')}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass('primary', 'md')} disabled={busy !== null}>
            {saving ? <Pending label={pendingLabel} /> : submitLabel}
          </button>
        </div>
      </div>

      {editing && canDelete && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={(open) => busy !== 'delete' && setConfirmDelete(open)}
          title="Delete server"
          message="Are you sure you want to delete this server?"
          confirmLabel={busy === 'delete' ? 'Deleting...' : 'Delete'}
          pending={busy === 'delete'}
          onConfirm={() => void remove()}
        />
      )}
    </form>
  )
}

/** The link above the form back to the list. */
export function BackToServers() {
  return (
    <Link
      href="/servers"
      className="inline-flex items-center gap-1 rounded text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Servers
    </Link>
  )
}
