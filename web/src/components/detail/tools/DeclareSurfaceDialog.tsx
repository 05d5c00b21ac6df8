import { Upload } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import type { DeclaredSurface } from '@shared/surface'
import { useDeclaredSurface } from '../../../hooks/useDeclaredSurface'
import { isApiError } from '../../../lib/api'
import { declaredLists } from '../../../lib/surface-view'
import { buttonClass } from '../../ui/button'
import { errorTextClass, inputClass, labelClass } from '../../ui/form'
import { ModalDialog } from '../../ui/ModalDialog'

/**
 * The largest file read into the field: the Worker refuses any request body past 64 KiB, so a
 * larger file could never be saved, and reading one would only freeze the page.
 */
export const DECLARED_FILE_MAX_BYTES = 64 * 1024

/** What went wrong, beside the field: one sentence, and for an invalid surface each problem the Worker named. */
interface Problem {
  message: string
  issues: Array<{ field: string; message: string }>
}

/** The lists of a declared surface as the maintainer would paste them, to edit. */
function asText(declared: DeclaredSurface): string {
  const { tools, prompts, resources, resourceTemplates, instructions } = declared.surface
  const lists = {
    tools,
    ...(prompts.length > 0 && { prompts }),
    ...(resources.length > 0 && { resources }),
    ...(resourceTemplates.length > 0 && { resourceTemplates }),
    ...(Boolean(instructions) && { instructions }),
  }
  return JSON.stringify(lists, null, 2)
}

interface DeclareSurfaceDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  serverId: string
  serverName: string
  /** The surface declared already: the field starts with it, to edit. */
  declared: DeclaredSurface | null
}

/**
 * 'Declare tools': the owner (or an admin) pastes what the server's tools/list returns, or picks a
 * .json file holding it, which is read in the browser into the same field. What was typed stays
 * whatever goes wrong, and each problem is said beside the field (bad JSON here, an invalid
 * surface by the Worker, which checks it as it checks a probe's).
 */
export function DeclareSurfaceDialog({ open, onOpenChange, serverId, serverName, declared }: DeclareSurfaceDialogProps) {
  const id = useId()
  const { declare } = useDeclaredSurface(serverId)
  const [text, setText] = useState<string | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [pending, setPending] = useState(false)
  // Untouched, the field holds what is declared; once typed in, it holds what was typed, even closed and opened again.
  const value = text ?? (declared ? asText(declared) : '')

  const change = (next: string) => {
    setText(next)
    setProblem(null)
  }

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    // The same file picked again after an edit must be read again.
    e.target.value = ''
    if (!file) return
    if (file.size > DECLARED_FILE_MAX_BYTES) {
      setProblem({ message: `${file.name} is larger than 64 KB, more than the catalogue accepts.`, issues: [] })
      return
    }
    change(await file.text())
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = declaredLists(value)
    if ('error' in parsed) {
      setProblem({ message: parsed.error, issues: [] })
      return
    }
    setPending(true)
    try {
      await declare(parsed.surface)
      toast.success('Declared tools saved', { description: `${serverName} shows them as declared by the maintainer.` })
      setText(null)
      onOpenChange(false)
    } catch (err) {
      if (isApiError(err, 'invalid_input')) {
        const message = err.reason ?? 'This is not a surface the catalogue can show.'
        setProblem({
          message,
          // The field is this one: a problem of the whole surface needs no name, one inside it is named by its path.
          issues: err.issues
            .filter((i) => i.message !== message)
            .map((i) => ({ field: i.field.replace(/^surface\.?/, ''), message: i.message })),
        })
      } else {
        setProblem({ message: isApiError(err) && err.reason ? err.reason : 'The declared tools were not saved. Try again.', issues: [] })
      }
    } finally {
      setPending(false)
    }
  }

  const describedBy = [`${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ')
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        setProblem(null)
        onOpenChange(next)
      }}
      title="Declare tools"
      description="For a server the catalogue cannot read without a key or a setting. What you declare is shown as declared by the maintainer, not read by the catalogue, and compared with what the catalogue reads later."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-json`} className={labelClass}>
            What tools/list returns (JSON)
          </label>
          <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
            An object with a <code className="font-mono text-xs">"tools"</code> list. Add{' '}
            <code className="font-mono text-xs">"prompts"</code>, <code className="font-mono text-xs">"resources"</code> or{' '}
            <code className="font-mono text-xs">"resourceTemplates"</code> lists beside it to declare those too.
          </p>
          <textarea
            id={`${id}-json`}
            value={value}
            onChange={(e) => change(e.target.value)}
            rows={12}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={Boolean(problem)}
            aria-describedby={describedBy}
            placeholder='{"tools": [{"name": "search", "description": "…", "inputSchema": {"type": "object"}}]}'
            className={inputClass(Boolean(problem), 'font-mono text-xs leading-5')}
          />
          {problem && (
            <div id={`${id}-error`} role="alert" className={errorTextClass}>
              <p className="wrap-anywhere">{problem.message}</p>
              {problem.issues.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {problem.issues.map((issue, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one field may carry several problems; the position tells them apart.
                    <li key={i} className="wrap-anywhere">
                      {issue.field && <code className="font-mono text-xs">{issue.field}</code>}
                      {issue.field && ': '}
                      {issue.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className={labelClass}>
            Or read it from a file <span className="font-normal text-zinc-600 dark:text-zinc-400">(.json, up to 64 KB)</span>
          </label>
          <div className="flex items-center gap-2">
            <Upload className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <input
              id={`${id}-file`}
              type="file"
              accept=".json,application/json"
              onChange={(e) => void pick(e)}
              className="min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
            />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary', 'md')} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary', 'md')} disabled={pending}>
            {pending ? 'Saving…' : 'Save declared tools'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
