/**
 * The Worker's route tree, for the SPA's typed client (`hc<AppType>` in web/src/lib/api.ts). A
 * type only, erased from every build: the SPA gets the API's paths, parameters and answers from
 * here without a line of the Worker's code. The one look out of shared/ (see import-graph.test.ts).
 */
export type { AppType } from '../index'
