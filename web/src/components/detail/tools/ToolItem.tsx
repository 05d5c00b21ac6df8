import { BookOpen, Globe, Info, Repeat, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import type { StoredFinding } from '@shared/scan'
import type { SurfaceTool, ToolAnnotations } from '@shared/surface'
import type { ToolQualityLine } from '@shared/verdict'
import { parameterRows } from '../../../lib/surface-view'
import { CopyButton } from '../../CopyButton'
import { FindingsList } from '../../scan/FindingsList'
import { pinnedHash, shortHash } from '../../scan/labels'
import { Badge } from '../../ui/Badge'
import { cx } from '../../ui/cx'
import { NoValue } from '../../ui/NoValue'
import { ToolQualityNote } from '../../verdict/ToolChecks'

/** Text longer than this (or with more lines) is clamped to three lines, with 'More'. */
const CLAMP_CHARS = 280
const CLAMP_LINES = 4

/**
 * A stranger's description as plain text (a React text node, never markup), its line breaks
 * kept, clamped to three lines with a 'More' button when long. `about` names what it describes
 * for screen readers, so each 'More' on the page has its own name.
 */
export function ClampedText({ text, about, className }: { text: string; about: string; className?: string }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const long = text.length > CLAMP_CHARS || text.split('\n').length > CLAMP_LINES
  return (
    <div className={className}>
      <p
        id={id}
        className={cx('leading-6 whitespace-pre-line text-zinc-700 wrap-anywhere dark:text-zinc-300', long && !open && 'line-clamp-3')}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="mt-1 rounded text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
        >
          {open ? 'Less' : 'More'}
          <span className="sr-only"> of the description of {about}</span>
        </button>
      )}
    </div>
  )
}

const HINTS: Array<{ key: keyof ToolAnnotations; label: string; icon: typeof Globe; className?: string }> = [
  { key: 'readOnlyHint', label: 'Read-only', icon: BookOpen },
  {
    key: 'destructiveHint',
    label: 'Destructive',
    icon: TriangleAlert,
    // Marked important: the Badge's own neutral colours would otherwise win in the generated CSS's order.
    className: 'border-red-300! bg-red-50! text-red-800! dark:border-red-800! dark:bg-red-950! dark:text-red-200!',
  },
  { key: 'idempotentHint', label: 'Idempotent', icon: Repeat },
  { key: 'openWorldHint', label: 'Open world', icon: Globe },
]

/** The hints a server set on a tool, each a badge with its word (colour only repeats it). */
function AnnotationBadges({ annotations }: { annotations: ToolAnnotations | undefined }) {
  const shown = HINTS.filter((h) => annotations?.[h.key] === true)
  if (!shown.length) return null
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Annotations">
      {shown.map(({ key, label, icon: Icon, className }) => (
        <li key={key}>
          <Badge className={className}>
            <Icon className="size-3" aria-hidden="true" />
            {label}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

const required = (yes: boolean) => (yes ? 'Required' : 'Optional')

const cell = 'px-2 py-2 align-top sm:px-3'
/** A phone has no room for the Required column: it is said under the parameter's name instead. */
const COLUMNS: Array<{ name: string; className?: string }> = [
  { name: 'Parameter' },
  { name: 'Type' },
  { name: 'Required', className: 'max-sm:hidden' },
  { name: 'Description' },
]

/**
 * The tool's input schema as a table: name, type, required, and a description that carries the
 * allowed values and the default. Long names and values wrap inside their cells, and the box
 * scrolls on its own if anything still does not fit, so the page never scrolls sideways.
 */
function ParametersTable({ tool, label }: { tool: SurfaceTool; label: string }) {
  const rows = parameterRows(tool.inputSchema)
  if (!rows.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No parameters.</p>
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            {COLUMNS.map(({ name, className }) => (
              <th key={name} scope="col" className={cx(cell, 'font-medium', className)}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a hostile schema may repeat a name; the position tells rows apart.
            <tr key={`${i}-${row.name}`} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className={cx(cell, 'font-mono text-xs font-normal wrap-anywhere')}>
                {row.name}
                <span className="mt-0.5 block font-sans text-zinc-600 sm:hidden dark:text-zinc-400">{required(row.required)}</span>
              </th>
              <td className={cx(cell, 'font-mono text-xs break-words')}>{row.type}</td>
              <td className={cx(cell, 'max-sm:hidden')}>{required(row.required)}</td>
              <td className={cx(cell, 'wrap-anywhere [&>p+p]:mt-1')}>
                {row.description && <p className="whitespace-pre-line">{row.description}</p>}
                {row.enumValues && (
                  <p>
                    <span className="text-zinc-600 dark:text-zinc-400">One of: </span>
                    {row.enumValues.map((v, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: enum values may repeat; the position tells them apart.
                      <span key={j}>
                        {j > 0 && ', '}
                        <code className="font-mono text-xs">{v}</code>
                      </span>
                    ))}
                  </p>
                )}
                {row.defaultValue !== null && (
                  <p>
                    <span className="text-zinc-600 dark:text-zinc-400">Default: </span>
                    <code className="font-mono text-xs">{row.defaultValue}</code>
                  </p>
                )}
                {!row.description && !row.enumValues && row.defaultValue === null && <NoValue label="No description" />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The tool's hash as a client pins it: short on screen, whole in the copy and the tooltip. */
function ToolHash({ hash, name }: { hash: string; name: string }) {
  const full = pinnedHash(hash)
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span>Hash to pin:</span>
      <code className="font-mono break-all text-zinc-800 dark:text-zinc-200" title={full}>
        sha256:{shortHash(hash)}
      </code>
      <CopyButton text={full} what={`the hash of ${name}`} />
    </div>
  )
}

interface ToolItemProps {
  tool: SurfaceTool
  note?: string
  /** What the scan found in this tool (dismissed ones with the admin's reason). */
  findings?: readonly StoredFinding[]
  /** The tool's own hash (of a surface read), for clients that pin it. */
  hash?: string
  /** The verdict's checks of the tool's definition, when it was graded. */
  quality?: ToolQualityLine
}

/**
 * One tool: its title (or name), its name in monospace, its hints, its description and its
 * parameters; for a surface read, what the scan found in it, the definition checks it fails and its hash. `note` says where the
 * tool stands apart from the rest ('Declared by the maintainer, not read by the catalogue'; 'Not
 * declared by the maintainer'), in words under its name.
 */
export function ToolItem({ tool, note, findings = [], hash, quality }: ToolItemProps) {
  const headingId = useId()
  const title = tool.title || tool.annotations?.title
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h4 id={headingId} className={cx('font-semibold wrap-anywhere', !title && 'font-mono text-sm')}>
            {title || tool.name}
          </h4>
          {title && <code className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{tool.name}</code>}
          {note && (
            <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-blue-800 dark:text-blue-300">
              <Info className="size-3.5 shrink-0" aria-hidden="true" />
              {note}
            </p>
          )}
        </div>
        <AnnotationBadges annotations={tool.annotations} />
      </div>
      {tool.description && <ClampedText text={tool.description} about={tool.name} className="text-sm" />}
      {findings.length > 0 && <FindingsList findings={findings} compact label={`Findings in ${tool.name}`} />}
      <ToolQualityNote line={quality} />
      <ParametersTable tool={tool} label={`Parameters of ${tool.name}`} />
      {hash && <ToolHash hash={hash} name={tool.name} />}
    </article>
  )
}
