import { CircleMinus, CirclePlus, Gauge, Info } from 'lucide-react'
import { useId } from 'react'
import {
  type CompatibilityFacts,
  DIMENSION_LABELS,
  type DimensionVerdict,
  type ToolQualityLine,
  type Verdict,
  type VerdictReason,
} from '@shared/verdict'
import { useFocusedHeading } from '../../hooks/useFocusedHeading'
import { cx } from '../ui/cx'
import { TimeAgo } from '../ui/TimeAgo'
import { GradeBadge, GradeMark } from './GradeBadge'
import {
  EFFECT_WORD,
  GENERATION_LABEL,
  GENERATIONS,
  GRADE_SCALE,
  GRADE_TONE,
  generationState,
  missingText,
  NOT_GRADED_YET,
  pointsText,
  scoreText,
  TRANSPORT_LABEL,
  toolQualitySummary,
  VERDICT_ANCHOR,
  WORKS_LABEL,
  WORKS_TONE,
} from './labels'
import { ToolChecks } from './ToolChecks'

const muted = 'text-zinc-600 dark:text-zinc-400'
const toolItem = 'rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800'
const chip = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium'

const EFFECT_ICON: Record<VerdictReason['effect'], typeof Info> = { plus: CirclePlus, minus: CircleMinus, info: Info }
const EFFECT_COLOUR: Record<VerdictReason['effect'], string> = {
  plus: 'text-emerald-700 dark:text-emerald-400',
  minus: 'text-red-700 dark:text-red-400',
  info: 'text-zinc-500 dark:text-zinc-400',
}

/** The points a grade rests on: each with what it did (in words for screen readers), its points and its tool. */
function Reasons({ reasons, label }: { reasons: readonly VerdictReason[]; label: string }) {
  if (!reasons.length) return null
  return (
    <ul aria-label={label} className="flex flex-col gap-1.5 text-sm">
      {reasons.map((r, i) => {
        const Icon = EFFECT_ICON[r.effect]
        const points = pointsText(r)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: two reasons may say the same of two checks; the position tells them apart.
          <li key={i} data-effect={r.effect} className="flex min-w-0 items-start gap-2">
            <Icon className={cx('mt-0.5 size-4 shrink-0', EFFECT_COLOUR[r.effect])} aria-hidden="true" />
            <p className="min-w-0 wrap-anywhere text-zinc-800 dark:text-zinc-200">
              <span className="sr-only">{EFFECT_WORD[r.effect]}: </span>
              {r.tool && <code className="mr-1 font-mono text-xs break-all">{r.tool}:</code>}
              {r.text}
              {points && <span className={cx(muted, 'ml-1.5 text-xs whitespace-nowrap tabular-nums')}>{points}</span>}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

/** One dimension: its grade and score, or why it has none ('does not apply', 'not enough known'), and its reasons. */
function DimensionItem({ d }: { d: DimensionVerdict }) {
  const headingId = useId()
  const name = DIMENSION_LABELS[d.dimension]
  return (
    <li data-dimension={d.dimension} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h5 id={headingId} className="font-semibold">
            {name}
          </h5>
          {d.applies ? (
            <>
              <GradeMark grade={d.grade} />
              {d.score !== null && <span className={cx(muted, 'text-sm tabular-nums')}>Score {scoreText(d.score)}</span>}
            </>
          ) : (
            <span className={cx(chip, GRADE_TONE.none)}>Does not apply</span>
          )}
        </div>
        {d.applies && d.grade === null && (
          <p className="text-sm font-medium wrap-anywhere text-amber-900 dark:text-amber-200">{missingText(d.missing)}</p>
        )}
        {!d.applies && <p className={cx(muted, 'text-sm')}>Left out of the overall grade.</p>}
        <Reasons reasons={d.reasons} label={`Reasons for ${name}`} />
      </article>
    </li>
  )
}

function Subheading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h4 id={id} className="text-base font-semibold">
      {children}
    </h4>
  )
}

/** The generations and transports a probe met, the Server Card, and which clients it works with. */
function CompatibilitySection({ facts }: { facts: CompatibilityFacts | null }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Subheading id={headingId}>Compatibility</Subheading>
      {facts === null ? (
        <p className="text-sm text-zinc-800 dark:text-zinc-200">
          No probe has read this server yet, so which protocol versions and clients it works with is not known.
        </p>
      ) : (
        <>
          <ul aria-label="Protocol generations" className="flex flex-wrap gap-1.5">
            {GENERATIONS.map((g) => {
              const answered = facts.generations[g]
              return (
                <li
                  key={g}
                  data-generation={g}
                  data-answered={String(answered)}
                  className={cx(chip, answered === true ? GRADE_TONE.A : answered === false ? GRADE_TONE.D : GRADE_TONE.none)}
                >
                  {GENERATION_LABEL[g]}: {generationState(answered)}
                </li>
              )
            })}
          </ul>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <div className="flex min-w-0 gap-1.5">
              <dt className={muted}>Transports read:</dt>
              <dd className="font-medium">
                {facts.transports.length ? facts.transports.map((t) => TRANSPORT_LABEL[t]).join(', ') : 'none'}
              </dd>
            </div>
            <div className="flex min-w-0 gap-1.5">
              <dt className={muted}>Protocol versions:</dt>
              <dd className="font-mono text-xs leading-5 font-medium break-all">
                {facts.protocolVersions.length ? facts.protocolVersions.join(', ') : 'none'}
              </dd>
            </div>
            <div className="flex min-w-0 gap-1.5">
              <dt className={muted}>Server Card:</dt>
              <dd className="font-medium">{facts.serverCard ? 'published' : 'not published'}</dd>
            </div>
          </dl>
          {facts.worksWith.length > 0 && (
            <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Works with</caption>
                <thead className="bg-zinc-50 dark:bg-zinc-900">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Client
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Works with it
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Why
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {facts.worksWith.map((c) => (
                    <tr key={c.client} data-client={c.client} className="border-t border-zinc-200 dark:border-zinc-800">
                      <th scope="row" className="px-3 py-2 align-top font-medium wrap-anywhere">
                        {c.label}
                      </th>
                      <td className="px-3 py-2 align-top">
                        <span className={cx(chip, 'whitespace-nowrap', WORKS_TONE[c.works])}>{WORKS_LABEL[c.works]}</span>
                      </td>
                      <td className="px-3 py-2 align-top wrap-anywhere text-zinc-800 dark:text-zinc-200">{c.why}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}

/** Each tool's failed definition checks, worst first; the tools that pass every check counted. */
function ToolQualitySection({ lines }: { lines: readonly ToolQualityLine[] }) {
  const headingId = useId()
  const failing = lines.filter((l) => l.failed.length > 0)
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Subheading id={headingId}>Tool definitions</Subheading>
      {lines.length === 0 ? (
        <p className="text-sm text-zinc-800 dark:text-zinc-200">No tool was read from this server, so its definitions were not checked.</p>
      ) : (
        <>
          <p className="text-sm text-zinc-800 dark:text-zinc-200">
            {failing.length === 0
              ? `All ${lines.length} tools pass every definition check.`
              : toolQualitySummary(failing.length, lines.length)}
          </p>
          {failing.length > 0 && (
            <ul aria-label="Tools with failed checks" className="flex flex-col gap-2">
              {failing.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a hostile server may repeat a tool's name; the position tells them apart.
                <li key={`${i}-${l.tool}`} data-tool={l.tool} className={toolItem}>
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <code className="font-mono font-semibold break-all">{l.tool}</code>
                    <span className={cx(muted, 'text-xs tabular-nums')}>Score {scoreText(l.score)}</span>
                  </p>
                  <ToolChecks line={l} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/** The method in brief: what is graded, how the scores make grades, and what "not enough known" means. */
function Method() {
  return (
    <p className={cx(muted, 'text-sm leading-6')}>
      The catalogue grades each listing from what it measured itself, never from what the listing claims: the scan of its tools (security),
      how well each tool is defined, which protocol versions and transports answered a probe, its releases and repository (maintenance), the
      uptime of its remote (health), and whether it installs an exact version and names the secrets it needs (install readiness). Each
      dimension scores 0 to 100 ({GRADE_SCALE}); the overall grade weighs the dimensions that apply, and a serious finding can cap it. Where
      the catalogue does not know enough, it says what is missing instead of guessing. Grades are computed when what they rest on changes,
      not when you open the page.
    </p>
  )
}

interface VerdictTabProps {
  /** Null: not graded yet; undefined: an answer from before verdicts, treated alike. */
  verdict: Verdict | null | undefined
  /** Set when the visitor came here from the badge: the heading takes focus, once. */
  focus?: boolean
  onFocused?: () => void
}

/**
 * The Verdict tab: the overall grade with its reasons and what is missing, each dimension with
 * its grade, score and the points it rests on, the compatibility badges and "works with" per
 * client, and each tool's failed definition checks; "Not graded yet" and when it will be, without one.
 */
export function VerdictTab({ verdict, focus = false, onFocused }: VerdictTabProps) {
  const headingId = useId()
  const overallId = useId()
  const dimensionsId = useId()
  const heading = useFocusedHeading(focus, onFocused)
  return (
    <section id={VERDICT_ANCHOR} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-20 rounded text-lg font-semibold">
            Verdict
          </h3>
          {verdict && <GradeBadge grade={verdict.grade} />}
        </div>
        <Method />
      </div>
      {!verdict ? (
        <div data-verdict-empty className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
          <Gauge className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
          <p className="mt-3 font-medium">Not graded yet</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-700 dark:text-zinc-300">{NOT_GRADED_YET}</p>
        </div>
      ) : (
        <>
          <section aria-labelledby={overallId} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h4 id={overallId} className="text-base font-semibold">
                Overall
              </h4>
              <GradeMark grade={verdict.grade} />
              {verdict.score !== null && <span className={cx(muted, 'text-sm tabular-nums')}>Score {scoreText(verdict.score)}</span>}
            </div>
            {verdict.grade === null && (
              <p className="text-sm font-medium wrap-anywhere text-amber-900 dark:text-amber-200">{missingText(verdict.missing)}</p>
            )}
            {verdict.grade !== null && verdict.missing && (
              <p className="text-sm wrap-anywhere text-zinc-800 dark:text-zinc-200">Not known yet: {verdict.missing}</p>
            )}
            <Reasons reasons={verdict.reasons} label="Reasons for the overall grade" />
            <p className={cx(muted, 'text-xs')}>
              Graded <TimeAgo iso={verdict.computedAt} /> by method {verdict.method}.
            </p>
          </section>
          <section aria-labelledby={dimensionsId} className="flex flex-col gap-3">
            <h4 id={dimensionsId} className="text-base font-semibold">
              By dimension
            </h4>
            <ul aria-label="Dimensions" className="grid grid-cols-1 gap-3 xl:grid-cols-2">
              {verdict.dimensions.map((d) => (
                <DimensionItem key={d.dimension} d={d} />
              ))}
            </ul>
          </section>
          <CompatibilitySection facts={verdict.compatibility} />
          <ToolQualitySection lines={verdict.toolQuality} />
        </>
      )}
    </section>
  )
}
