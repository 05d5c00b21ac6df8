import { Package, PackageCheck, PackageX } from 'lucide-react'
import type { MouseEvent } from 'react'
import type { SupplyBand } from '@shared/supply'
import { cx } from '../ui/cx'
import { BAND_TONE, bandAndScore, SUPPLY_BANDS_EXPLAINED, SUPPLY_EXPLAINED, supplyLabel } from './labels'

const ICON: Record<SupplyBand, typeof Package> = { none: PackageCheck, low: Package, medium: PackageX, high: PackageX }

/** The risk badge's shape, so the two weigh the same on a card. */
const badgeClass = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap'

interface SupplyBadgeProps {
  band: SupplyBand
  /** Where the badge leads (the server's Supply chain tab); without it, the badge is text. */
  href?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  className?: string
}

/**
 * A listing's supply-chain band in words ('Supply chain: High'), with a tooltip saying what the
 * bands mean and screen-reader text saying where it comes from. As a link (on the detail page) it
 * leads to the Supply chain tab.
 */
export function SupplyBadge({ band, href, onClick, className }: SupplyBadgeProps) {
  const Icon = ICON[band]
  const label = supplyLabel(band)
  const title = `${label}. ${SUPPLY_BANDS_EXPLAINED}`
  if (href) {
    return (
      <a
        href={href}
        onClick={onClick}
        // One name, said as one sentence (hidden spans would be read as separate pieces).
        aria-label={`${label}, ${SUPPLY_EXPLAINED}: see the versions`}
        title={`${title} See the versions.`}
        data-supply={band}
        className={cx(badgeClass, BAND_TONE[band], 'underline-offset-2 hover:underline', className)}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </a>
    )
  }
  return (
    <span title={title} data-supply={band} className={cx(badgeClass, BAND_TONE[band], className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {label}
      <span className="sr-only">, {SUPPLY_EXPLAINED}</span>
    </span>
  )
}

/** One version's band and score ('High (11)'), coloured as its band; muted once an admin dismissed it. */
export function VersionBandBadge({ band, score, muted = false }: { band: SupplyBand; score: number; muted?: boolean }) {
  return (
    <span
      data-band={band}
      className={cx(
        badgeClass,
        muted ? 'border-zinc-300 bg-white text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300' : BAND_TONE[band],
      )}
    >
      <span className="sr-only">Band: </span>
      {bandAndScore(band, score)}
    </span>
  )
}
