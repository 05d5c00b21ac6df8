/**
 * SHA-256 of a text as lower-case hex: content versions, and what is stored instead of a secret id.
 * Written once, in the probe's package, which hashes surfaces with it.
 */
export { sha256Hex } from '@mcp-catalogue/mcp-client'
