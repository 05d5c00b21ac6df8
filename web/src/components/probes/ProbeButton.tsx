import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useProbeNow } from '../../hooks/useProbes'
import { buttonClass } from '../ui/button'
import { cx } from '../ui/cx'

/** A 'Probe now' that says which server it queues, and is busy while it does. */
export function ProbeButton({ serverId, serverName, className }: { serverId: string; serverName: string; className?: string }) {
  const probeNow = useProbeNow()
  const [busy, setBusy] = useState(false)
  const click = async () => {
    setBusy(true)
    await probeNow(serverId, serverName)
    setBusy(false)
  }
  return (
    <button type="button" onClick={() => void click()} disabled={busy} className={buttonClass('secondary', 'sm', className)}>
      <RefreshCw className={cx('size-4', busy && 'animate-spin')} aria-hidden="true" />
      {busy ? 'Queueing…' : 'Probe now'}
      <span className="sr-only"> {serverName}</span>
    </button>
  )
}
