/**
 * Probing MCP servers: one client for the Worker (remotes) and the probe runner (packages). Pure:
 * given a URL, a fetch and bounds, it returns what the server offers or why it could not be read.
 * This is the Worker's entry: nothing it reaches may need Node (the stdio probe is `./node`, which
 * test/worker/import-graph.test.ts keeps out of here).
 */
export { type AddressCheck, type AddressPolicy, checkAddress, isLoopbackHost } from './address'
export { capJson, DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from './bounds'
export { canonicalJson, hashSurface } from './canonical'
export { type FetchLike, GuardError, type GuardFailure, guardedFetch, MAX_REDIRECTS } from './guarded-fetch'
export { sha256Hex } from './hash'
export { blankOutcome, type ProbeRemoteOptions, probeRemote, resourceMetadataOf } from './probe'
export { OLDER_SERVER_CARD_PATHS, SERVER_CARD_MEDIA_TYPE, SERVER_CARD_SUFFIX, serverCardUrls } from './server-card'
export type * from './surface'
