/**
 * Where an address points, for the rules about data sent out: a reserved documentation address
 * (example.com, 192.0.2.0/24...) points nowhere, the listing's own service is where its data is
 * meant to go, anything else is outside. The exfiltration rules and the change rules ask here, so
 * both draw the line in one place. The exfil helper owns and fleshes this out; the signatures
 * below are the contract the change rules import.
 */
import type { ScanSelf } from './rule-types'

export type Destination = 'documentation' | 'own' | 'outside'

/** The host of a URL or an email address, lowercased, or null when it has none. */
export function hostOf(address: string): string | null {
  const at = address.lastIndexOf('@')
  if (!/^[a-z][\w+.-]*:\/\//i.test(address) && at > 0) return address.slice(at + 1).toLowerCase() || null
  const m = /^[a-z][\w+.-]*:\/\/(?:[^@/?#\s]*@)?(\[[^\]]+\]|[^/:?#\s]+)/i.exec(address)
  return m ? m[1].toLowerCase() : null
}

/** RFC 2606 and RFC 6761 names: reserved for documentation and tests, never a real destination. */
const RESERVED_NAME = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/

/** Where an address (a URL or an email address) points, for the listing `self` when known. */
export function destinationOf(address: string, self?: ScanSelf): Destination {
  const host = hostOf(address)
  if (!host || RESERVED_NAME.test(host)) return 'documentation'
  if (self?.hosts.some((own) => host === own || host.endsWith(`.${own}`))) return 'own'
  return 'outside'
}

/** Whether data sent to this address leaves for somewhere that is neither a placeholder nor the listing's own service. */
export const isOutsideDestination = (address: string, self?: ScanSelf) => destinationOf(address, self) === 'outside'
