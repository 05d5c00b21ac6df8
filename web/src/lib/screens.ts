import { type ComponentType, createContext, lazy } from 'react'

/**
 * A screen in a chunk of its own that can also be loaded ahead of time: `Component` for the
 * router, `load` to fetch it before it is shown. Once loaded it renders at once, without
 * suspending (React.lazy accepts a thenable, and this one answers synchronously), so a screen
 * loaded before the app mounts replaces the page's summary directly rather than through a spinner.
 * @example const Detail = screen(() => import('../pages/ServerDetailPage'))
 */
export function screen<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | null = null
  const load = () =>
    importer().then((module) => {
      loaded = module
      return module
    })
  const Component = lazy(() => {
    const ready = loaded
    if (!ready) return load()
    // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point: React.lazy then renders without suspending.
    return { then: (resolve: (m: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>
  })
  return { Component, load }
}

/** The screens a component may load ahead of a visit (a card loads the detail's code on hover). */
export interface ScreenLoaders {
  serverDetail: () => Promise<unknown>
}

/**
 * Screens' loaders for components: the app provides them, as it alone imports pages, so a
 * component can warm a screen without importing one.
 */
export const ScreenLoadersContext = createContext<ScreenLoaders>({ serverDetail: () => Promise.resolve() })
