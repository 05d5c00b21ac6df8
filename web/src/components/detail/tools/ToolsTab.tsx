import { CircleCheck, PackageOpen, TriangleAlert } from 'lucide-react'
import { useId } from 'react'
import type { StoredFinding } from '@shared/scan'
import type { ListErrors, ServerToolsResponse, Surface } from '@shared/surface'
import type { ToolQualityLine } from '@shared/verdict'
import { useServerPermissions } from '../../../hooks/useServers'
import { useServerTools } from '../../../hooks/useServerTools'
import { useSession } from '../../../hooks/useSession'
import {
  comparisonNote,
  DECLARED_LABEL,
  healthSentence,
  listFailureSentences,
  missingExplained,
  type StatusSentence,
  statusSentences,
} from '../../../lib/surface-view'
import { ProbeButton } from '../../probes/ProbeButton'
import { FindingsSection } from '../../scan/FindingsSection'
import { cx } from '../../ui/cx'
import { LoadFailed } from '../../ui/LoadFailed'
import { DeclaredActions } from './DeclaredActions'
import { DeclaredNotice } from './DeclaredNotice'
import { SurfaceAside } from './SurfaceAside'
import { SurfaceComparison } from './SurfaceComparison'
import { ToolItem } from './ToolItem'

interface ServerRef {
  serverId: string
  serverName: string
  /** Admins get 'Probe now'. */
  isAdmin: boolean
}

/** What each tool carries beside it: its findings, its hash and its definition checks (surfaces read only). */
interface ToolExtras {
  findingsFor?: (toolName: string) => StoredFinding[]
  hashFor?: (toolName: string) => string | undefined
  qualityFor?: (toolName: string) => ToolQualityLine | undefined
}

const NO_FINDINGS: StoredFinding[] = []
const NO_QUALITY: ToolQualityLine[] = []

function Sentence({ sentence }: { sentence: StatusSentence }) {
  const Icon = sentence.problem ? TriangleAlert : CircleCheck
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={cx(
          'mt-0.5 size-4 shrink-0',
          sentence.problem ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400',
        )}
        aria-hidden="true"
      />
      <span className="wrap-anywhere">{sentence.text}</span>
    </li>
  )
}

/**
 * Where the surface came from and when, what went wrong lately, and the remote's uptime and
 * latency; for owners and admins, declaring the tools, and for admins 'Probe now'.
 */
function StatusLine({
  data,
  sentences,
  serverId,
  serverName,
  isAdmin,
  canDeclare,
}: ServerRef & { data: ServerToolsResponse; sentences: StatusSentence[]; canDeclare: boolean }) {
  const health = data.health.map((w) => ({ days: w.days, text: healthSentence(w) })).filter((w) => w.text)
  return (
    <section aria-label="Tool listing status" className="flex flex-col gap-3 text-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <ul className="flex flex-col gap-1 text-zinc-800 dark:text-zinc-200">
          {sentences.map((s) => (
            <Sentence key={s.text} sentence={s} />
          ))}
        </ul>
        {(canDeclare || isAdmin) && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {canDeclare && <DeclaredActions serverId={serverId} serverName={serverName} declared={data.declared} />}
            {isAdmin && <ProbeButton serverId={serverId} serverName={serverName} />}
          </div>
        )}
      </div>
      {health.length > 0 && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-zinc-700 dark:text-zinc-300">
          {health.map((w) => (
            <div key={w.days} className="flex gap-1.5">
              <dt className="font-medium">Last {w.days} days:</dt>
              <dd>{w.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <PackageOpen className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
      <p className="mt-3 font-medium">{title}</p>
      {children && <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-700 dark:text-zinc-300">{children}</p>}
    </div>
  )
}

/**
 * The lists the server announced but did not give when this surface was read, each with its
 * error as the server said it (text): they are empty below because they could not be read, not
 * because the server has none.
 */
function ListFailures({ listErrors }: { listErrors: ListErrors | undefined }) {
  const headingId = useId()
  const sentences = listFailureSentences(listErrors)
  if (sentences.length === 0) return null
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h3 id={headingId} className="font-medium text-amber-900 dark:text-amber-200">
        Lists the catalogue could not read
      </h3>
      <ul className="mt-1 flex flex-col gap-1 text-zinc-800 dark:text-zinc-200">
        {sentences.map((s) => (
          <Sentence key={s.list} sentence={{ text: s.text, problem: true }} />
        ))}
      </ul>
    </section>
  )
}

/**
 * The tools, prompts and resources read (or declared); the tools first, the rest beside them on
 * wide screens. `noteFor` gives a tool its note (declared, or not as declared).
 */
function SurfaceView({
  surface,
  noteFor,
  findingsFor,
  hashFor,
  qualityFor,
  listErrors,
}: { surface: Surface; noteFor: (toolName: string) => string | undefined; listErrors?: ListErrors } & ToolExtras) {
  const headingId = useId()
  const { tools, prompts, resources, resourceTemplates } = surface
  const aside = prompts.length + resources.length + resourceTemplates.length > 0
  return (
    <div className={cx('grid grid-cols-1 gap-8', aside && 'xl:grid-cols-[minmax(0,1fr)_16rem]')}>
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          Tools <span className="text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({tools.length})</span>
        </h3>
        {tools.length ? (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Badges are the server's own hints about each tool; the catalogue does not check them.
            </p>
            <ul className="flex flex-col gap-4">
              {tools.map((tool, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a hostile server may repeat a name; the position tells them apart.
                <li key={`${i}-${tool.name}`}>
                  <ToolItem
                    tool={tool}
                    note={noteFor(tool.name)}
                    findings={findingsFor?.(tool.name)}
                    hash={hashFor?.(tool.name)}
                    quality={qualityFor?.(tool.name)}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : listErrors?.tools ? (
          <Notice title="The server's tools could not be listed">The other lists it announced were read.</Notice>
        ) : (
          <Notice title="This server lists no tools" />
        )}
      </section>
      {aside && <SurfaceAside surface={surface} />}
    </div>
  )
}

function ToolsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading tools" className="flex min-h-56 flex-col gap-4">
      <span className="sr-only">Loading tools...</span>
      <div className="h-4 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <div className="h-5 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-16 w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
        </div>
      ))}
    </div>
  )
}

/**
 * The Tools tab: what the server offers an AI client, as read from the server itself (every
 * string a text node: a stranger wrote it), with the status of that reading and the remote's
 * health; honest states when it was never read, could not be read or failed to load. With
 * nothing read, what the maintainer declared is shown, labelled as such; with both, the surface
 * read is shown and compared with the declared one. Owners and admins declare and remove it.
 */
export function ToolsTab({
  serverId,
  serverName,
  isAdmin,
  focusFindings = false,
  onFindingsFocused,
  toolQuality = NO_QUALITY,
}: ServerRef & {
  /** Set when the visitor followed the risk badge: the findings' heading takes focus once loaded. */
  focusFindings?: boolean
  onFindingsFocused?: () => void
  /** The verdict's definition checks per tool (the detail answer's), shown beside each tool read. */
  toolQuality?: readonly ToolQualityLine[]
}) {
  const { data, error, mutate } = useServerTools(serverId)
  const { user } = useSession()
  const { data: permissions } = useServerPermissions(serverId, Boolean(user))
  if (!data && error) return <LoadFailed title="Failed to load the tools" onRetry={() => void mutate()} />
  if (!data) return <ToolsSkeleton />
  const sentences = statusSentences(data)
  const canDeclare = permissions?.userRole === 'owner' || permissions?.userRole === 'admin'
  const { surface, declared, comparison } = data
  // An answer from before the scan has no findings: treat it as none.
  const findings = surface?.findings ?? NO_FINDINGS
  const findingsByTool = new Map<string, StoredFinding[]>()
  for (const f of findings) {
    if (f.kind !== 'tool' || f.item === null) continue
    findingsByTool.set(f.item, [...(findingsByTool.get(f.item) ?? []), f])
  }
  // The first line of a name: a hostile server may repeat one, and the verdict graded each as listed.
  const qualityByTool = new Map<string, ToolQualityLine>()
  for (const line of toolQuality) if (!qualityByTool.has(line.tool)) qualityByTool.set(line.tool, line)
  return (
    <div className="flex flex-col gap-6">
      <StatusLine data={data} sentences={sentences} serverId={serverId} serverName={serverName} isAdmin={isAdmin} canDeclare={canDeclare} />
      {surface ? (
        <>
          {declared && comparison && <SurfaceComparison comparison={comparison} declared={declared} />}
          <FindingsSection risk={surface.risk ?? 'none'} findings={findings} focus={focusFindings} onFocused={onFindingsFocused} />
          <ListFailures listErrors={surface.listErrors} />
          <SurfaceView
            surface={surface.surface}
            listErrors={surface.listErrors}
            noteFor={(name) => comparisonNote(comparison, name)}
            findingsFor={(name) => findingsByTool.get(name) ?? NO_FINDINGS}
            hashFor={(name) => surface.toolHashes?.[name]}
            qualityFor={(name) => qualityByTool.get(name)}
          />
        </>
      ) : declared ? (
        <>
          <DeclaredNotice />
          <SurfaceView surface={declared.surface} noteFor={() => DECLARED_LABEL} />
        </>
      ) : (
        <Notice title="No tools to show yet">{missingExplained(data)}</Notice>
      )}
    </div>
  )
}
