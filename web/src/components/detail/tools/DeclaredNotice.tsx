import { Info } from 'lucide-react'
import { DECLARED_LABEL } from '../../../lib/surface-view'

/**
 * Above a surface nobody read: says, in words and before the first tool, that the maintainer
 * declared it and the catalogue has not checked it against the server.
 */
export function DeclaredNotice() {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{DECLARED_LABEL}</p>
        <p>
          The catalogue has not read this server's tools (many servers need a key or a setting first), so it shows what its maintainer
          declared, as given. Once the catalogue reads them, it shows those instead and compares the two.
        </p>
      </div>
    </div>
  )
}
