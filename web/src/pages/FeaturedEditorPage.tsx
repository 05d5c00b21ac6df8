import { ArrowLeft, ShieldX } from 'lucide-react'
import { Link, useParams } from 'wouter'
import { FeaturedForm } from '../components/featured-editor/FeaturedForm'
import { PageSpinner } from '../components/Spinner'
import { buttonClass } from '../components/ui/button'
import { useApi } from '../hooks/useApi'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { featuredKey, useServer } from '../hooks/useServers'
import { useSession } from '../hooks/useSession'
import { hasStatus, isApiError } from '../lib/api'

function Message({ title, text }: { title: string; text: string }) {
  return (
    <div className="container-page py-24 text-center">
      <ShieldX className="mx-auto size-10 text-zinc-500" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">{text}</p>
      <Link href="/servers" className={buttonClass('primary', 'md', 'mt-8')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Servers
      </Link>
    </div>
  )
}

function Editor({ id }: { id: string }) {
  const { data: server, error: serverError } = useServer(id)
  // Always fresh: another admin may have changed it since this tab last looked.
  const { data: featured, error: featuredError } = useApi(featuredKey(id), { revalidateOnMount: true })

  const missing = [serverError, featuredError].some((e) => hasStatus(e, 404, 400))
  if (missing) return <Message title="Server not found" text="The requested MCP server could not be found." />
  if (isApiError(featuredError, 'forbidden'))
    return <Message title="Access denied" text="Only administrators can manage featured servers." />
  if (serverError || featuredError)
    return <Message title="Failed to load" text="Failed to fetch recommendation. Reload the page to try again." />
  if (!server || featured === undefined) return <PageSpinner />

  return (
    <div className="container-page max-w-3xl py-6">
      <Link
        href={`/servers/${id}`}
        className="inline-flex max-w-full items-center gap-1 rounded text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate" title={server.displayName}>
          Back to {server.displayName}
        </span>
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Manage Featured</h1>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">
        Recommend <span className="font-medium text-zinc-900 dark:text-zinc-100">{server.displayName}</span> on the landing page and its
        detail page.
      </p>
      <div className="mt-6">
        <FeaturedForm key={id} serverId={id} featured={featured} />
      </div>
    </div>
  )
}

/** /servers/{id}/featured: the admin's featured editor. Its code (the editor) loads only here. */
export default function FeaturedEditorPage() {
  const { id } = useParams<{ id: string }>()
  const { user } = useSession()
  useDocumentMeta('Manage Featured', 'Feature a server with a recommendation.')
  if (!user?.isAdmin) return <Message title="Access denied" text="Only administrators can manage featured servers." />
  return <Editor id={id} />
}
