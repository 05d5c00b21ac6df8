import { ExternalLink, PackageSearch } from 'lucide-react'
import { useEffect, useId } from 'react'
import { Link } from 'wouter'
import type { PackageVersionRecord, ServerSupplyChain, WatchedPackage } from '@shared/supply'
import { useFocusedHeading } from '../../hooks/useFocusedHeading'
import { cx } from '../ui/cx'
import { TimeAgo } from '../ui/TimeAgo'
import { HeldBack } from './HeldBack'
import {
  ADVISORY_METHOD_HREF,
  BAND_SCORES,
  lastReadLine,
  notCheckedText,
  REGISTRY_LABEL,
  registryPage,
  SUPPLY_ANCHOR,
  sortSignals,
  supplyEmptyLines,
  unwatchedLine,
  versionAnchor,
} from './labels'
import { SupplyBadge, VersionBandBadge } from './SupplyBadge'

const linkClass = 'rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400'
const muted = 'text-zinc-600 dark:text-zinc-400'

/** The empty states: a dashed box saying what happened, a line each. */
function Empty({ lines }: { lines: readonly string[] }) {
  return (
    <div data-supply-empty className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
      <PackageSearch className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
      {lines.map((line) => (
        <p key={line} className="mx-auto mt-3 max-w-prose wrap-anywhere text-zinc-800 dark:text-zinc-200">
          {line}
        </p>
      ))}
    </div>
  )
}

/** One version: its band and score, when and by whom it was published, what fired and why, and an admin's decision. */
function VersionItem({ pkg, v }: { pkg: WatchedPackage; v: PackageVersionRecord }) {
  const headingId = useId()
  const dismissed = v.review !== null
  const signals = sortSignals(v.signals)
  const installed = v.version === pkg.installVersion
  const heldBack = v.version === pkg.heldBack?.version
  return (
    <li
      id={versionAnchor(pkg.registry, pkg.name, v.version)}
      data-version={v.version}
      data-dismissed={dismissed || undefined}
      className={cx(
        'scroll-mt-20 rounded-md border px-3 py-2 text-sm',
        dismissed ? 'border-dashed border-zinc-300 dark:border-zinc-700' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h5 id={headingId} tabIndex={-1} className="rounded font-mono font-semibold break-all">
            {v.version}
          </h5>
          <VersionBandBadge band={v.band} score={v.score} muted={dismissed} />
          {installed && <span className="text-xs font-medium text-emerald-800 dark:text-emerald-300">Used by the configuration</span>}
          {heldBack && <span className="text-xs font-medium text-red-800 dark:text-red-300">Held back</span>}
          {v.removed && <span className="text-xs font-medium text-zinc-800 dark:text-zinc-200">Unpublished after it was read</span>}
          {v.missing && <span className="text-xs font-medium text-zinc-800 dark:text-zinc-200">Not found in the registry</span>}
        </div>
        <p className={cx(muted, 'wrap-anywhere')}>
          {v.publishedAt ? (
            <>
              Published <TimeAgo iso={v.publishedAt} />
            </>
          ) : (
            <>
              First seen <TimeAgo iso={v.seenAt} />
            </>
          )}
          {v.facts.publisher && (
            <>
              {' '}
              by <span className="font-mono">{v.facts.publisher}</span>
              {v.facts.trustedPublisher && ' (trusted publisher)'}
            </>
          )}
        </p>
        {v.facts.deprecated && (
          <p className="font-medium wrap-anywhere text-amber-900 dark:text-amber-200">
            Deprecated: <span className="font-normal">{v.facts.deprecated}</span>
          </p>
        )}
        {/* Without a signal, the band's badge ('No signals') says it all. */}
        {signals.length > 0 && (
          <ul aria-label={`Signals of ${v.version}`} className="flex flex-col gap-2">
            {signals.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule may fire twice with other evidence; the position tells them apart.
              <li key={`${i}-${s.rule}`} data-signal={s.rule} className="flex min-w-0 flex-col gap-1">
                <p className={cx('wrap-anywhere', dismissed ? muted : 'text-zinc-900 dark:text-zinc-100')}>
                  {s.reason}{' '}
                  <span className={cx(muted, 'text-xs whitespace-nowrap tabular-nums')}>
                    <span className="sr-only">weight </span>+{s.weight}
                  </span>
                </p>
                {s.evidence && (
                  <pre className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-1.5 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-900 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100">
                    <span className="sr-only">Evidence: </span>
                    {s.evidence}
                  </pre>
                )}
              </li>
            ))}
          </ul>
        )}
        {v.review && (
          <p className="font-medium wrap-anywhere text-zinc-700 dark:text-zinc-300">
            {v.review.status === 'hidden' ? 'Listing hidden by an admin: ' : 'Dismissed by an admin: '}
            <span className="font-normal">{v.review.reason}</span>
          </p>
        )}
      </article>
    </li>
  )
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className={muted}>{term}:</dt>
      <dd className="min-w-0 font-medium wrap-anywhere">{children}</dd>
    </div>
  )
}

/** One watched package: what it pins and installs, the latest, when it was read, a held-back version, and its versions newest first. */
function PackageItem({ pkg, watching }: { pkg: WatchedPackage; watching: boolean }) {
  const headingId = useId()
  const registry = REGISTRY_LABEL[pkg.registry]
  return (
    <li data-package={pkg.name} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h4 id={headingId} className="min-w-0 font-semibold break-all">
            <span className="font-normal text-zinc-600 dark:text-zinc-400">{registry} </span>
            <span className="font-mono">{pkg.name}</span>
          </h4>
          <a
            href={registryPage(pkg.registry, pkg.name)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${pkg.name} on ${registry} (opens in a new tab)`}
            className={cx(linkClass, 'text-sm')}
          >
            On {registry}
            <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          </a>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <Fact term="Pinned">{pkg.pinned ? <span className="font-mono">{pkg.pinned}</span> : 'No (the newest not held back)'}</Fact>
          <Fact term="Installs">{pkg.installVersion ? <span className="font-mono">{pkg.installVersion}</span> : 'Not read yet'}</Fact>
          <Fact term="Latest">{pkg.latest ? <span className="font-mono">{pkg.latest}</span> : 'Not read yet'}</Fact>
          <Fact term="Checked">{pkg.checkedAt ? <TimeAgo iso={pkg.checkedAt} /> : 'Not yet'}</Fact>
        </dl>
        {lastReadLine(pkg.lastRead) && (
          <p className="text-sm wrap-anywhere text-zinc-800 dark:text-zinc-200">{lastReadLine(pkg.lastRead)}</p>
        )}
        <HeldBack pkg={pkg} />
        {pkg.versions.length ? (
          <ol aria-label={`Versions of ${pkg.name}, newest first`} className="flex flex-col gap-2">
            {pkg.versions.map((v) => (
              <VersionItem key={v.version} pkg={pkg} v={v} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{pkg.lastRead ? 'No version read.' : notCheckedText(watching)}</p>
        )}
      </article>
    </li>
  )
}

interface SupplyChainSectionProps {
  supplyChain: ServerSupplyChain
  /** Set when the visitor came here from the badge: the heading takes focus, once. */
  focus?: boolean
  onFocused?: () => void
}

/**
 * The Supply chain tab: each package the server installs from npm or PyPI, the versions the
 * watch read (newest first) with their band, score, signals and evidence, a newer version held
 * back, and an admin's decision where there is one.
 */
export function SupplyChainSection({ supplyChain, focus = false, onFocused }: SupplyChainSectionProps) {
  const headingId = useId()
  const heading = useFocusedHeading(focus, onFocused)
  const { band, packages, unwatched } = supplyChain
  const empty = supplyEmptyLines(supplyChain)

  // A link to one version ('#version-npm:name@1.0.16', from the feed or the dashboard): once on screen, go there and focus its heading.
  useEffect(() => {
    const hash = window.location.hash
    if (!hash.startsWith('#version-')) return
    let id = hash.slice(1)
    try {
      id = decodeURIComponent(id)
    } catch {
      // Not encoded as the links write it: look it up as it stands.
    }
    const item = document.getElementById(id)
    item?.scrollIntoView({ block: 'start' })
    item?.querySelector<HTMLElement>('h5')?.focus({ preventScroll: true })
  }, [])

  return (
    <section id={SUPPLY_ANCHOR} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-20 rounded text-lg font-semibold">
          Supply chain
        </h3>
        {band && <SupplyBadge band={band} />}
      </div>
      <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        The catalogue reads what npm and PyPI say of every new version of the packages this server installs (who published it, install
        scripts, provenance, dependencies) and adds up the warning signs: High is a score of {BAND_SCORES.high}, Medium {BAND_SCORES.medium}
        , Low {BAND_SCORES.low}. A newer version that scores High is held back: the configuration pins the one before. A score is a reason
        to look, not proof of compromise.{' '}
        <Link href={ADVISORY_METHOD_HREF} className="rounded text-blue-700 underline underline-offset-2 dark:text-blue-400">
          How the watch scores a version
        </Link>
      </p>
      {empty ? (
        <Empty lines={empty} />
      ) : (
        <>
          <ul aria-label="Watched packages" className="flex flex-col gap-4">
            {packages.map((p) => (
              <PackageItem key={`${p.registry}:${p.name}`} pkg={p} watching={supplyChain.watching} />
            ))}
          </ul>
          {unwatched.length > 0 && (
            <ul aria-label="Packages not watched" className="flex flex-col gap-1 text-sm text-zinc-700 dark:text-zinc-300">
              {unwatched.map((u) => (
                <li key={`${u.registryType}:${u.identifier}`} className="wrap-anywhere">
                  {unwatchedLine(u)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
