import { toast } from 'sonner'
import { useSWRConfig } from 'swr'
import type { ReviewDecisionInput, ReviewItem } from '@shared/scan'
import { isApiError, isKeyOf, scanApi } from '../lib/api'
import { useApi } from './useApi'
import { serverToolsKey } from './useServerTools'

export type ReviewStatus = 'open' | 'decided'

/** The admins' review queue, open or decided; refetched whenever it mounts, as the sync runs are. */
export function useReviewQueue(status: ReviewStatus) {
  return useApi(scanApi.reviewKey(status), { revalidateOnMount: true })
}

/** What a decision gave back: the item, or the Worker's sentence for why it was refused. */
export type DecisionResult = { ok: true; item: ReviewItem } | { ok: false; message: string }

/**
 * Dismiss a finding or hide a listing, with the reason shown beside it. Toasts the outcome,
 * then refreshes the decided items, the server's Tools tab (the dismissal and the risk
 * level it no longer counts) and its detail and cards (the badge).
 */
export function useReviewDecision() {
  const { mutate } = useSWRConfig()
  return async (item: ReviewItem, input: ReviewDecisionInput): Promise<DecisionResult> => {
    try {
      const decided = await scanApi.decide(item.id, input)
      toast.success(input.action === 'dismiss' ? 'Finding dismissed' : 'Listing hidden', {
        description:
          input.action === 'dismiss'
            ? `${item.serverName}: the reason is shown beside it.`
            : `${item.serverName} is hidden from the catalogue.`,
      })
      // The open list is the caller's to refresh: it drops the item once its dialog has closed (focus, see OpenQueue).
      void mutate(scanApi.reviewKey('decided'))
      void mutate(serverToolsKey(item.serverId))
      void mutate(scanApi.changesKey(item.serverId))
      // The badge on the detail page and on every list of cards.
      void mutate((key) => isKeyOf(key, `/api/servers/${item.serverId}`) || isKeyOf(key, '/api/servers'))
      return { ok: true, item: decided }
    } catch (err) {
      const message = (isApiError(err) && err.reason) || 'The decision was not saved. Try again.'
      return { ok: false, message }
    }
  }
}
