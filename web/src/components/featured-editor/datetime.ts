/**
 * `<input type="datetime-local">` speaks local wall-clock time without a zone ('2025-03-01T09:30');
 * the API stores ISO instants. These convert between the two in the browser's time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as the input's local value; '' for none or an unreadable one. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * The input's value as an ISO instant with offset; '' stays '' (an open end). Text the browser
 * could not read is passed on unchanged, so the schema reports it as 'Must be a date and time'.
 */
export function fromLocalInput(local: string): string {
  if (!local.trim()) return ''
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? local : d.toISOString()
}
