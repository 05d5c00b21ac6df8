/**
 * An empty table cell's dash, which a screen reader reads as `label` instead ('No description'):
 * a lone '—' says nothing to someone who cannot see the table.
 */
export function NoValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  )
}
