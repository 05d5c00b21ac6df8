import { app, type api } from './app'

export type AppType = typeof api
export default app
