/**
 * Words for what the supply-chain watch finds (worker/shared/supply.ts), shared by the badge, the
 * server's Supply chain tab, the install note, the dashboard and the advisory's live figures.
 * Every band is said in words; colour only repeats it. Names, versions, reasons and evidence come
 * from a package registry: they are shown as text, never as markup.
 */

import type { InstallOption } from '@shared/install'
import { samePackageName } from '@shared/install/pins'
import {
  BAND_FLOORS,
  type ServerSupplyChain,
  type SupplyAlert,
  type SupplyBand,
  type SupplySignal,
  type SupplyStats,
  type UnwatchedPackage,
  type WatchedPackage,
  type WatchedRegistry,
} from '@shared/supply'
import { formatNumber } from '../../lib/format'
import { RISK_TONE } from '../scan/labels'

/** A band in one word, as the advisory's bands say it. */
export const BAND_WORD: Record<SupplyBand, string> = { none: 'No signals', low: 'Low', medium: 'Medium', high: 'High' }

/** The bands a badge is shown for: 'none' (and not read yet) show nothing on a card. */
export const SHOWN_BANDS: readonly SupplyBand[] = ['high', 'medium', 'low']

/** A badge's name: 'Supply chain: High'. */
export function supplyLabel(band: SupplyBand): string {
  return `Supply chain: ${BAND_WORD[band]}`
}

/** The scores of each band, in words: '10 or more', '5 to 9'. */
export const BAND_SCORES: Record<SupplyBand, string> = {
  high: `${BAND_FLOORS.high} or more`,
  medium: `${BAND_FLOORS.medium} to ${BAND_FLOORS.high - 1}`,
  low: `${BAND_FLOORS.low} to ${BAND_FLOORS.medium - 1}`,
  none: '0',
}

/** What a badge's tooltip and screen-reader text add to its words. */
export const SUPPLY_EXPLAINED = "from the catalogue's watch of the package versions it installs"

/** The tooltip: where the band comes from and what each band means. */
export const SUPPLY_BANDS_EXPLAINED =
  'The worst band of the package versions the install configuration uses, scored on what the package registry says of each new ' +
  `version. High: score ${BAND_SCORES.high}; Medium: ${BAND_SCORES.medium}; Low: ${BAND_SCORES.low}. ` +
  'A score is a reason to look, not proof of compromise.'

/** A tone per band, the risk badge's: neutral for low, amber for medium, red for high (AA contrast in both themes). */
export const BAND_TONE: Record<SupplyBand, string> = RISK_TONE

/** A version's band and score in words: 'High (11)', 'No signals'. */
export function bandAndScore(band: SupplyBand, score: number): string {
  return band === 'none' ? BAND_WORD.none : `${BAND_WORD[band]} (${score})`
}

export const REGISTRY_LABEL: Record<WatchedRegistry, string> = { npm: 'npm', pypi: 'PyPI' }

/** A name as a URL path: each part encoded, an npm scope's '@' kept. */
const pathOf = (name: string) =>
  name
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/^%40/, '@'))
    .join('/')

/**
 * The package's page on its registry's website (a version's when given).
 * @example registryPage('npm', '@acme/mail', '1.0.15') // 'https://www.npmjs.com/package/@acme/mail/v/1.0.15'
 */
export function registryPage(registry: WatchedRegistry, name: string, version?: string): string {
  if (registry === 'npm') return `https://www.npmjs.com/package/${pathOf(name)}${version ? `/v/${encodeURIComponent(version)}` : ''}`
  return `https://pypi.org/project/${encodeURIComponent(name)}/${version ? `${encodeURIComponent(version)}/` : ''}`
}

/** A version's signals, the heaviest first; the order among equals is the Worker's. */
export function sortSignals(signals: readonly SupplySignal[]): SupplySignal[] {
  return signals
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.weight - a.s.weight || a.i - b.i)
    .map(({ s }) => s)
}

/**
 * The install note when a newer version is held back: which, why, and what the configuration
 * uses instead. Null when nothing is held back.
 */
export function heldBackNote(pkg: Pick<WatchedPackage, 'heldBack' | 'installVersion'>): string | null {
  if (!pkg.heldBack) return null
  const { version, score } = pkg.heldBack
  const why = `Version ${version} is newer but held back: it scored High (${score}) in the supply-chain watch.`
  return pkg.installVersion ? `${why} This configuration pins ${pkg.installVersion}.` : why
}

/**
 * Whether an install option runs this package: its registry, and its detail naming the package
 * (the planner writes 'identifier' or 'identifier version').
 */
export function optionInstalls(
  option: Pick<InstallOption, 'kind' | 'registryType' | 'detail'>,
  pkg: Pick<WatchedPackage, 'registry' | 'name'>,
): boolean {
  if (option.kind !== 'package' || option.registryType !== pkg.registry) return false
  const identifier = option.detail.split(' ')[0]
  return samePackageName(pkg.registry, identifier, pkg.name)
}

/** Why a dashboard entry is shown, as the tool-change entries say it. */
export const ALERT_WHY: Record<SupplyAlert['why'], string> = {
  follow: 'You follow its author',
  like: 'You liked it',
  category: 'It is in your categories',
}

/** Where a link to a server's Supply chain tab leads. */
export const SUPPLY_TAB = 'supply-chain'
export const SUPPLY_ANCHOR = 'supply-chain'
export const supplyHref = (serverId: string) => `/servers/${serverId}?tab=${SUPPLY_TAB}#${SUPPLY_ANCHOR}`

/**
 * The element id of one version on the Supply chain tab, as the feed's entries link to it
 * ('#version-' and the review key, encoded in the link).
 */
export const versionAnchor = (registry: WatchedRegistry, name: string, version: string) => `version-${registry}:${name}@${version}`

/** A link to one version on a server's Supply chain tab (the dashboard's entries, the feed's). */
export const versionHref = (serverId: string, registry: WatchedRegistry, name: string, version: string) =>
  `/servers/${serverId}?tab=${SUPPLY_TAB}#${encodeURIComponent(versionAnchor(registry, name, version))}`

/** The advisory page's section on the watch's method, which the Supply chain tab links to. */
export const ADVISORY_METHOD_HREF = '/security/mcp-supply-chain#watch-method'

/**
 * The landing notice's live line, or null before the watch has run.
 * @example noticeLine(stats) // 'Live: watching 1,204 npm and PyPI packages; 3 High findings in the last 30 days.'
 */
export function noticeLine(stats: Pick<SupplyStats, 'packagesWatched' | 'bands30d' | 'lastRunAt'>): string | null {
  if (stats.lastRunAt === null) return null
  const watched = stats.packagesWatched
  const high = stats.bands30d.high ?? 0
  return (
    `Live: watching ${formatNumber(watched)} npm and PyPI ${watched === 1 ? 'package' : 'packages'}; ` +
    `${formatNumber(high)} High ${high === 1 ? 'finding' : 'findings'} in the last 30 days.`
  )
}

/**
 * What a package or listing the watch has not read yet says: a read within minutes only where the
 * watch runs (the every-minute cron queues new packages); where it is off, that nothing reads it.
 */
export function notCheckedText(watching: boolean): string {
  return watching
    ? 'Not checked yet: the watch reads new packages within minutes.'
    : 'Not checked: the supply-chain watch is off on this catalogue.'
}

/**
 * Why the watch does not read a declared package, in one line for its page.
 * @example unwatchedLine({ registryType: 'nuget', identifier: 'Acme.Mcp', reason: 'registry' }) // 'Not watched: Acme.Mcp is on nuget, a registry the watch does not read (it reads npm and PyPI).'
 */
export function unwatchedLine(pkg: UnwatchedPackage): string {
  if (pkg.reason === 'name') return `Not watched: ${pkg.identifier} is not a name ${pkg.registryType === 'pypi' ? 'PyPI' : 'npm'} allows.`
  const registry = pkg.registryType === 'unknown' ? 'no registry named' : `${pkg.registryType}, a registry the watch does not read`
  return `Not watched: ${pkg.identifier} is on ${registry} (it reads npm and PyPI).`
}

/**
 * What the Supply chain tab says when it shows no package's versions: the declared packages the
 * watch does not read and why, else that it has not read them yet (notCheckedText).
 */
export function supplyEmptyLines(
  supplyChain: Pick<ServerSupplyChain, 'watching' | 'enrolled' | 'packages' | 'unwatched'>,
): string[] | null {
  const read = supplyChain.packages.some((p) => p.checkedAt !== null || p.versions.length > 0)
  if (supplyChain.packages.length === 0 && supplyChain.unwatched.length > 0) return supplyChain.unwatched.map(unwatchedLine)
  if (!supplyChain.enrolled || (supplyChain.packages.length > 0 && !read)) return [notCheckedText(supplyChain.watching)]
  if (supplyChain.packages.length === 0) return ['This server installs no npm or PyPI package the watch reads.']
  return null
}

/**
 * What the watch's last read of a package found, when it is not a plain read.
 * @example lastReadLine({ status: 'not_found', error: null }) // 'Not found in the registry.'
 */
export function lastReadLine(lastRead: WatchedPackage['lastRead']): string | null {
  if (lastRead?.status === 'not_found') return 'Not found in the registry.'
  if (lastRead?.status === 'failed') return `The last read failed: ${lastRead.error ?? 'no reason was given'}.`
  return null
}
