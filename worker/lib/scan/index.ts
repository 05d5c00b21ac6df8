/**
 * The catalogue's scanners of what servers offer a model: the scan of every text a model reads
 * (rules as data, rules/), and the changes between two surfaces of one server (diff, word diff,
 * change findings). Pure: it imports only `@shared/*` and its own files.
 */

// Changes between surfaces (written beside the scanner by another hand).
export * from './changes'
export * from './diff'
export type { Detector, Hit, ItemContext, Rule, RuleExample, RuleInput, ScanContext, ScanSelf, ToolOwner } from './rule-types'
export { RULES, RULES_BY_ID } from './rules'
export { MAX_FINDINGS, riskLevel, runRule, SCANNER_VERSION, scanSurface } from './scan'
export { type SurfaceText, surfaceTexts, type TextRole } from './texts'
export { renderExcerpt, skeleton } from './unicode'
export * from './word-diff'
