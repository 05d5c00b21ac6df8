/**
 * The package-version scanner of the supply-chain watch: registry documents read into facts
 * (facts.ts), the signals as data (signals.ts), their sum (score.ts), the registries' well-known
 * names (popular.ts), the version a listing's install uses (install.ts) and the review key of a
 * version (review.ts). Pure: it imports only `@shared/*` and its own files. The watch that
 * drives it is worker/services/watch/.
 */

export * from './facts'
export * from './install'
export * from './popular'
export * from './review'
export * from './score'
export * from './signals'
export type * from './types'
