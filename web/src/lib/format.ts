/**
 * The SPA's shared formats: numbers, counts with their plural, dates, how long ago. Every screen
 * says a figure or a moment in the same words, in en-US whatever the browser's locale, so texts
 * stay predictable (and testable).
 */
const whole = new Intl.NumberFormat('en-US')

/** 1234 -> '1,234': thousands separators, the same in every locale so texts stay predictable. */
export function formatNumber(n: number): string {
  return whole.format(n)
}

/** Up to two uppercase initials of a display name: 'Awesome Mcp Servers' -> 'AM'. */
export function initials(name: string): string {
  const words = name.split(/[\s._/-]+/).filter((w) => /[\p{L}\p{N}]/u.test(w))
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
    .join('')
    .toUpperCase()
}

/** The last path segment of a registry name: 'io.github.acme/widget' -> 'widget'. */
export function shortName(name: string): string {
  const parts = name.split('/').filter(Boolean)
  return parts[parts.length - 1] ?? name
}

/** Package counts: 1000 and above as '1.2k' (one decimal), below as they are. */
export function formatCompact(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n)
}

/** 'n things' with the right plural: count(1, 'server') -> '1 server', count(2, 'finding was', 'findings were'). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** 'N server(s) included': what a package holds. */
export function serversIncluded(n: number): string {
  return `${count(n, 'server')} included`
}

/** The ranking score with one decimal. */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1)
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** 'Jan 5, 2026'; an unreadable date shows as it came. */
export function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d)
}

/** 'Jan 5, 2026, 3:04 PM'; an unreadable date shows as it came. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d)
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** '3 hours ago', 'just now'; a date that does not parse shows as it came. */
export function timeAgo(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const past = Math.max(0, now - at)
  for (const [unit, ms] of UNITS) if (past >= ms) return relative.format(-Math.floor(past / ms), unit)
  return 'just now'
}
