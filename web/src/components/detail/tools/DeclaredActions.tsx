import { FilePlus2, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { DeclaredSurface } from '@shared/surface'
import { useDeclaredSurface } from '../../../hooks/useDeclaredSurface'
import { isApiError } from '../../../lib/api'
import { buttonClass } from '../../ui/button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DeclareSurfaceDialog } from './DeclareSurfaceDialog'

interface DeclaredActionsProps {
  serverId: string
  serverName: string
  declared: DeclaredSurface | null
}

/**
 * For the server's owners and admins: declare the tools (or edit those declared), and remove
 * them after a confirmation. After a removal the Remove button is gone, so focus goes to the
 * Declare button beside it rather than to the page.
 */
export function DeclaredActions({ serverId, serverName, declared }: DeclaredActionsProps) {
  const { remove } = useDeclaredSurface(serverId)
  const [declaring, setDeclaring] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const [removed, setRemoved] = useState(false)
  const declareButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!removed || confirming) return
    setRemoved(false)
    declareButton.current?.focus()
  }, [removed, confirming])

  const confirmRemove = async () => {
    setPending(true)
    try {
      await remove()
      toast.success('Declared tools removed')
      setRemoved(true)
      setConfirming(false)
    } catch (err) {
      toast.error('The declared tools were not removed.', { description: isApiError(err) ? err.reason : undefined })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button ref={declareButton} type="button" onClick={() => setDeclaring(true)} className={buttonClass('secondary', 'sm')}>
        <FilePlus2 className="size-4" aria-hidden="true" />
        {declared ? 'Edit declared tools' : 'Declare tools'}
      </button>
      {declared && (
        <button type="button" onClick={() => setConfirming(true)} className={buttonClass('secondary', 'sm')}>
          <Trash2 className="size-4" aria-hidden="true" />
          Remove declared tools
        </button>
      )}
      <DeclareSurfaceDialog open={declaring} onOpenChange={setDeclaring} serverId={serverId} serverName={serverName} declared={declared} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove declared tools?"
        message={`${serverName} will no longer show the tools its maintainer declared. Tools the catalogue read stay.`}
        confirmLabel={pending ? 'Removing…' : 'Remove'}
        pending={pending}
        onConfirm={() => void confirmRemove()}
      />
    </div>
  )
}
