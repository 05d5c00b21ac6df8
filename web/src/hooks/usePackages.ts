import useSWR from 'swr'
import type { PackageSummary } from '../../../worker/shared/types'
import { MINUTE, staleAfter } from './swr-options'

/** The landing page's top recommended packages. */
export function useTopPackages(limit = 5) {
  return useSWR<PackageSummary[]>(`/api/packages/top?limit=${limit}`, staleAfter(5 * MINUTE))
}
