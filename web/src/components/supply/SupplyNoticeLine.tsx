import { useSupplyStats } from '../../hooks/useSupplyStats'
import { noticeLine } from './labels'

/**
 * The landing notice's live line: how many packages the watch reads and how many versions scored
 * High in the last 30 days. Its line is kept from the first render, empty until the figures
 * arrive (and when they fail, or the watch has not run), so the page below never moves.
 */
export function SupplyNoticeLine() {
  const { data } = useSupplyStats()
  const line = data ? noticeLine(data) : null
  return (
    <p className="mt-1 min-h-6 text-sm leading-6" data-testid="supply-live">
      {line}
    </p>
  )
}
