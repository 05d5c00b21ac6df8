import { ExternalLink, FileQuestion } from 'lucide-react'
import { useReadme } from '../../hooks/useServers'
import { isApiError } from '../../lib/api'

/**
 * The loading placeholder and the notices are one height, so the panel (and the sidebar below
 * it on a phone) does not jump as the README arrives, fails or is retried.
 */
const PANEL_HEIGHT = 'min-h-56'

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className={`${PANEL_HEIGHT} rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700`}>
      <FileQuestion className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
      <p className="mt-3 font-medium">{title}</p>
      {children}
    </div>
  )
}

/**
 * The README as the Worker renders it: Markdown turned into HTML and sanitised there (scripts,
 * handlers and unsafe links removed, relative links resolved against the repository), so it is
 * inserted as it comes.
 */
export function ReadmeTab({ serverId, githubUrl }: { serverId: string; githubUrl: string | null }) {
  const { data, error, isLoading } = useReadme(serverId)
  if (isLoading) {
    return (
      <div role="status" className={`${PANEL_HEIGHT} flex flex-col gap-3`} aria-label="Loading README">
        <span className="sr-only">Loading README...</span>
        {[75, 100, 90, 60, 95].map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder that never reorders.
          <div key={i} className="h-4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" style={{ width: `${w}%` }} />
        ))}
      </div>
    )
  }
  const noSource = isApiError(error, 'no_repository')
  if ((!error && !data?.html.trim()) || noSource) return <Notice title="No README available" />
  if (error || !data) {
    return (
      <Notice title="README not found or failed to load">
        {githubUrl && (
          <a
            href={githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1 rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
          >
            View the repository on GitHub
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        )}
      </Notice>
    )
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the Worker (GitHub's allowlist), never raw.
  return <article className="markdown-body" aria-label="README" dangerouslySetInnerHTML={{ __html: data.html }} />
}
