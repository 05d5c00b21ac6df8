/**
 * Which version of a watched package a listing's install configurations use, and what they hold
 * back. A pinned version is always the one used (the maintainer chose it); a listing that installs
 * the latest is given the newest version that did not score High, so a hostile release is not
 * what a person copies, and the newer one is named as held back. An admin's dismissal takes a
 * version's band off the listing.
 */
import { bandOf, type SupplyBand } from '@shared/supply'

/** A version as the choice reads it, in publish order (oldest first). */
export interface ChoiceVersion {
  version: string
  score: number
  removed: boolean
  /** An admin dismissed this version's findings for the listing. */
  dismissed: boolean
}

export interface InstallChoice {
  installVersion: string | null
  /** The band of installVersion for the listing (dismissed: 'none'); null when it was not read. */
  band: SupplyBand | null
  heldBack: { version: string; score: number } | null
}

const effectiveBand = (v: ChoiceVersion): SupplyBand => (v.dismissed ? 'none' : bandOf(v.score))
const isHigh = (v: ChoiceVersion) => effectiveBand(v) === 'high'

/**
 * The install choice for one listing and package.
 * @example installChoice(null, '1.0.16', [{ version: '1.0.15', score: 0, ... }, { version: '1.0.16', score: 11, ... }])
 *   // { installVersion: '1.0.15', band: 'none', heldBack: { version: '1.0.16', score: 11 } }
 */
export function installChoice(pinned: string | null, latest: string | null, versions: readonly ChoiceVersion[]): InstallChoice {
  const at = (version: string | null) => (version === null ? -1 : versions.findIndex((v) => v.version === version))
  if (pinned !== null) {
    const i = at(pinned)
    const newerHigh = versions
      .slice(i + 1)
      .filter((v) => !v.removed && isHigh(v))
      .at(-1)
    // A pinned version the watch never read (not published yet, or unknown): only the latest can be compared.
    const heldBack = i >= 0 ? newerHigh : versions.find((v) => v.version === latest && isHigh(v))
    return {
      installVersion: pinned,
      band: i >= 0 ? effectiveBand(versions[i]) : null,
      heldBack: heldBack && heldBack.version !== pinned ? { version: heldBack.version, score: heldBack.score } : null,
    }
  }
  const li = at(latest)
  const newestIndex = li >= 0 ? li : versions.findLastIndex((v) => !v.removed)
  if (newestIndex < 0) return { installVersion: null, band: null, heldBack: null }
  const newest = versions[newestIndex]
  if (!isHigh(newest)) return { installVersion: newest.version, band: effectiveBand(newest), heldBack: null }
  const earlier = versions
    .slice(0, newestIndex)
    .filter((v) => !v.removed && !isHigh(v))
    .at(-1)
  // Nothing earlier to fall back on: the configuration installs the High version, and its badge says so.
  if (!earlier) return { installVersion: newest.version, band: 'high', heldBack: null }
  return { installVersion: earlier.version, band: effectiveBand(earlier), heldBack: { version: newest.version, score: newest.score } }
}
