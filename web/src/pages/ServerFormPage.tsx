import { ArrowLeft, LoaderCircle, ShieldX } from 'lucide-react'
import { useState } from 'react'
import { Link, Redirect } from 'wouter'
import type { SessionUser } from '@shared/types'
import { ServerNotFound } from '../components/detail/ServerNotFound'
import { emptyForm, type FormValues, formFromServer } from '../components/server-form/form-model'
import { BackToServers, ServerForm } from '../components/server-form/ServerForm'
import { buttonClass } from '../components/ui/button'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useServer, useServerPermissions } from '../hooks/useServers'
import { useSession } from '../hooks/useSession'
import { hasStatus, isApiError } from '../lib/api'

function PageFrame({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <div className="container-page max-w-3xl py-6">
      <BackToServers />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">{intro}</p>
      <div className="mt-6">{children}</div>
    </div>
  )
}

function LoadingServer() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center gap-3" role="status">
      <LoaderCircle className="size-6 animate-spin text-blue-700 dark:text-blue-400" aria-hidden="true" />
      <span className="text-zinc-700 dark:text-zinc-300">Loading server information...</span>
    </div>
  )
}

function AccessDenied() {
  return (
    <div className="container-page py-24 text-center">
      <ShieldX className="mx-auto size-10 text-red-700 dark:text-red-400" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">Access Denied</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">You don't have permission to edit this MCP server.</p>
      <Link href="/servers" className={buttonClass('primary', 'md', 'mt-8')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Servers
      </Link>
    </div>
  )
}

function LoadFailed() {
  return (
    <div className="container-page py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Failed to load server</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">The catalogue did not answer. Reload the page to try again.</p>
      <Link href="/servers" className={buttonClass('secondary', 'md', 'mt-6')}>
        Back to Servers
      </Link>
    </div>
  )
}

function RegisterServer({ user }: { user: SessionUser }) {
  // The form's starting values are fixed once: a session refresh must not wipe what is typed.
  const [initial] = useState(() => emptyForm(user))
  return (
    <PageFrame title="Register Server" intro="Add an MCP server to the catalogue. Paste its repository and press Load Info to start.">
      <ServerForm mode="create" initial={initial} />
    </PageFrame>
  )
}

function EditServer({ id }: { id: string }) {
  const { data: server, error: serverError } = useServer(id)
  const { data: permissions, error: permissionsError } = useServerPermissions(id, true)
  // Taken from the first loaded copy only, so a background refetch never resets the form.
  const [initial, setInitial] = useState<FormValues | null>(null)
  if (server && !initial) setInitial(formFromServer(server))

  const notFound = [serverError, permissionsError].some((e) => hasStatus(e, 404, 400))
  if (notFound) return <ServerNotFound />
  if (isApiError(permissionsError, 'forbidden') || (permissions && !permissions.canEdit)) return <AccessDenied />
  if (serverError || permissionsError) return <LoadFailed />
  if (!server || !permissions || !initial) return <LoadingServer />

  const restricted = permissions.userRole === 'restricted'
  return (
    <PageFrame title="Edit Server" intro={`Change the listing of ${server.displayName}.`}>
      <ServerForm
        key={id}
        mode={restricted ? 'restricted' : 'edit'}
        initial={initial}
        serverId={id}
        canDelete={permissions.canDelete}
        registryFields={server.provenance.registryFields}
        categorySource={server.categorySource}
      />
    </PageFrame>
  )
}

/**
 * /servers/new registers a server; /servers/{id}/edit edits one (the same form). Signed-out
 * visitors are sent to the landing page, as the specification says.
 */
export default function ServerFormPage({ id }: { id?: string }) {
  const { user } = useSession()
  useDocumentMeta(id ? 'Edit Server' : 'Register Server', id ? "Edit an MCP server's listing." : 'Add an MCP server to the catalogue.')
  if (!user) return <Redirect to="/" replace />
  return id ? <EditServer id={id} /> : <RegisterServer user={user} />
}
