import { type api, app } from './app'

/** The route tree the SPA's typed client (`hc<AppType>`) is built from. */
export type AppType = typeof api
export default app
