import { useState } from 'react'
import { toast } from 'sonner'
import type { ServerDetail, ServerSummary } from '@shared/types'
import { isApiError } from '../../lib/api'
import { OptionSelect } from '../ui/OptionSelect'

/** The select's value for "no pin" (a Radix item cannot have the empty value). */
const NEWEST = '__newest__'

/** The versions an owner may pin: every one the registry has not deleted, newest first; the listing's own when it knows no others. */
export function pinnableVersions(server: ServerSummary, detail: ServerDetail | undefined, pinned: string | undefined): string[] {
  const known = detail?.versions.filter((v) => v.status !== 'deleted').map((v) => v.version) ?? []
  const versions = known.length ? known : [server.version]
  // A pin to a version since deleted stays shown, so the select says what is served.
  return pinned && !versions.includes(pinned) ? [pinned, ...versions] : versions
}

interface ServerPinSelectProps {
  server: ServerSummary
  detail: ServerDetail | undefined
  /** The pinned version, undefined when the registry serves the newest not held back. */
  pinned: string | undefined
  onPin: (serverId: string, version: string | null) => Promise<unknown>
}

/** The owner's choice of the version the package's registry serves for one server. */
export function ServerPinSelect({ server, detail, pinned, onPin }: ServerPinSelectProps) {
  const [pending, setPending] = useState(false)
  const id = `pin-${server.id}`
  const options = [
    { value: NEWEST, label: 'Newest not held back' },
    ...pinnableVersions(server, detail, pinned).map((v) => ({ value: v, label: `Pinned to ${v}` })),
  ]

  async function change(value: string) {
    const version = value === NEWEST ? null : value
    if (version === (pinned ?? null)) return
    setPending(true)
    try {
      await onPin(server.id, version)
      toast.success(version ? `${server.displayName} pinned to ${version}` : `${server.displayName} follows its newest version`)
    } catch (err) {
      toast.error('Failed to change the version.', { description: (isApiError(err) && err.reason) || 'Please try again.' })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-1" aria-busy={pending}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Version in the registry
      </label>
      <OptionSelect id={id} value={pinned ?? NEWEST} options={options} onChange={(v) => void change(v)} className="w-full" />
    </div>
  )
}
