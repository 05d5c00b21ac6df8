/**
 * The MCP registry's list of servers (`GET /v0.1/servers`) through its configurable base URL
 * (`MCP_REGISTRY_BASE`: the registry, a mirror or the tests' fixture), with the same time-out as
 * every outbound call. What its entries mean is registry-entry.ts's to say.
 */
import { parseRegistryPage, type RegistryPage } from '../registry-entry'
import { fetchWithTimeout, trimBase } from './fetch'

/** The registry's largest page. */
export const PAGE_SIZE = 100

/** Which page to read: where the last one ended, and whether only changes are wanted. */
export interface PageRequest {
  /** The registry's cursor of the page; null for the first. */
  cursor: string | null
  /** Only entries changed since this time (an incremental sync); null for every entry. */
  updatedSince: string | null
}

/**
 * One page of the registry's list, parsed; throws when the registry answers anything but 2xx.
 * @example await fetchRegistryPage(env.MCP_REGISTRY_BASE, { cursor: null, updatedSince: null }, 5000)
 */
export async function fetchRegistryPage(base: string, page: PageRequest, timeoutMs: number): Promise<RegistryPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) })
  if (page.cursor) params.set('cursor', page.cursor)
  if (page.updatedSince) params.set('updated_since', page.updatedSince)
  const res = await fetchWithTimeout(`${trimBase(base)}/v0.1/servers?${params}`, { headers: { Accept: 'application/json' } }, timeoutMs)
  if (!res.ok) throw new Error(`registry answered ${res.status}`)
  return parseRegistryPage(await res.json())
}
