import { useState } from 'react'

/** How a screen lays out its cards. */
export type CardLayout = 'grid' | 'list'

/**
 * Grid or list for one screen's cards, remembered on this device under `storageKey`. Storage may
 * be off (private mode): the choice then lasts for this visit.
 * @example const [layout, setLayout] = useLayoutPreference('servers-layout')
 */
export function useLayoutPreference(storageKey: string): [CardLayout, (layout: CardLayout) => void] {
  const [layout, setLayout] = useState<CardLayout>(() => {
    try {
      return localStorage.getItem(storageKey) === 'list' ? 'list' : 'grid'
    } catch {
      return 'grid'
    }
  })
  const save = (next: CardLayout) => {
    setLayout(next)
    try {
      localStorage.setItem(storageKey, next)
    } catch {
      // Storage is off: the choice lasts for this visit.
    }
  }
  return [layout, save]
}
