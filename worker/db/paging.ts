import type { PageInfo } from '@shared/types'

/** A page of a list as the API is asked for it: 1-based page number and page size. */
export interface PageRequest {
  page: number
  limit: number
}

/** Rows to skip for a page. */
export const pageOffset = ({ page, limit }: PageRequest) => (page - 1) * limit

/**
 * The paging fields every list answers with, from the total it counted.
 * @example return { servers, ...pageInfo(total, opts) }
 */
export const pageInfo = (total: number, { page, limit }: PageRequest): PageInfo => ({
  total,
  currentPage: page,
  totalPages: Math.ceil(total / limit),
})
