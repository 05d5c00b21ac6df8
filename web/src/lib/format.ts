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
