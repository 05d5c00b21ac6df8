import { useState } from 'react'
import { CLIENTS, type ClientGroup, type ClientId, type ClientInfo } from '@shared/install'
import { OptionSelect } from '../ui/OptionSelect'

const GROUP_NAMES: Record<ClientGroup, string> = { primary: 'Most used', terminal: 'Terminal agents', editor: 'Editors' }

const isClient = (v: string | null): v is ClientId => CLIENTS.some((c) => c.id === v)

/**
 * A client picked once and remembered for the visitor (localStorage), so every server page
 * opens on the client they use. Storage may be refused (private windows): the pick then lasts
 * for the page only.
 */
export function useRememberedClient(storageKey: string, fallback: ClientId): [ClientId, (id: ClientId) => void] {
  const [client, setClient] = useState<ClientId>(() => {
    try {
      const saved = localStorage.getItem(storageKey)
      return isClient(saved) ? saved : fallback
    } catch {
      return fallback
    }
  })
  function pick(id: ClientId) {
    setClient(id)
    try {
      localStorage.setItem(storageKey, id)
    } catch {
      // Remembering is a convenience.
    }
  }
  return [client, pick]
}

interface ClientSelectProps {
  value: ClientId
  onChange: (id: ClientId) => void
  clients: readonly ClientInfo[]
  label: string
}

/** The clients as a select, grouped (most used, terminal agents, editors) so the list scans. */
export function ClientSelect({ value, onChange, clients, label }: ClientSelectProps) {
  const options = clients.map((c) => ({ value: c.id, label: c.label, group: GROUP_NAMES[c.group] }))
  return <OptionSelect label={label} value={value} options={options} onChange={onChange} />
}
