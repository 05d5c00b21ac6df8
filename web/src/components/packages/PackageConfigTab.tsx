import { Check, Copy, Download } from 'lucide-react'
import { useCopy } from '../../hooks/useCopy'
import { usePackageServerDetails } from '../../hooks/usePackageData'
import { prettyJson } from '../../lib/client-config'
import { configFileName, mergedPackageConfig, summaryAsSource } from '../../lib/package-config'
import type { PackageDetail } from '../../../../worker/shared/types'
import { buttonClass } from '../ui/button'

/** Saves text as a file through a temporary object URL (no inline script, so CSP is content). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * One configuration that installs every server of the package at once, to copy or download.
 * Each entry is the one the server's own page gives, so the servers' full details are read.
 */
export function PackageConfigTab({ pkg }: { pkg: PackageDetail }) {
  const ids = pkg.servers.map((s) => s.id)
  const { data: details, isLoading } = usePackageServerDetails(pkg.id, ids)
  const { copied, copy } = useCopy()

  if (!pkg.servers.length) return <p className="text-zinc-700 dark:text-zinc-300">This package has no servers yet, so there is nothing to configure.</p>
  if (isLoading && !details)
    return (
      <p role="status" className="text-zinc-700 dark:text-zinc-300">
        Preparing the configuration...
      </p>
    )

  const json = prettyJson(mergedPackageConfig(pkg.servers.map((s) => details?.get(s.id) ?? summaryAsSource(s))))
  const fileName = configFileName(pkg.name)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-700 dark:text-zinc-300">
        {pkg.servers.length === 1 ? 'The server' : `All ${pkg.servers.length} servers`} of this package in one block. Paste it into <code className="font-mono text-sm">claude_desktop_config.json</code>,{' '}
        <code className="font-mono text-sm">.cursor/mcp.json</code> or Windsurf&apos;s <code className="font-mono text-sm">mcp_config.json</code> (merge with any servers you already have), fill in
        the placeholders, then restart the client.
      </p>
      <figure className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-900">
          <figcaption className="min-w-0 font-mono text-sm break-all">{fileName}</figcaption>
          <div className="flex gap-1.5">
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void copy(json)}>
              {copied ? <Check className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              <span aria-live="polite">{copied ? 'Copied!' : 'Copy JSON'}</span>
            </button>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => download(json, fileName)} aria-label={`Download ${fileName}`}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </button>
          </div>
        </div>
        <pre className="max-h-[32rem] overflow-auto bg-white p-3 font-mono text-[13px] leading-6 dark:bg-zinc-950" tabIndex={0} aria-label="Merged configuration JSON">
          <code>{json}</code>
        </pre>
      </figure>
    </div>
  )
}
