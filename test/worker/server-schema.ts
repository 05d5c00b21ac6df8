/**
 * The server.json schemas as validators: the newest published one (2025-12-11,
 * test/fixtures/server.schema.json) and the registry's draft (test/fixtures/server.schema.draft.json:
 * the published one plus the draft's changes, its `$comment` says which). Every `server` the
 * registry API (/v0.1) answers must validate against both: valid for a client of the published
 * schema, and still valid for one of the draft.
 *
 * @example expectServerValid(entry.server)
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import draft from '../fixtures/server.schema.draft.json'
import published from '../fixtures/server.schema.json'

// draft-07 schemas (their `$schema`); not strict, as `example` is an OpenAPI word, no JSON Schema one.
const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)

export const SERVER_SCHEMAS = {
  published: ajv.compile(published),
  draft: ajv.compile(draft),
} satisfies Record<string, ValidateFunction>

/** Each schema's errors for `server` (none when it validates against both). */
export function serverSchemaErrors(server: unknown): Record<keyof typeof SERVER_SCHEMAS, unknown[]> {
  const errors = (validate: ValidateFunction) => (validate(server) ? [] : (validate.errors ?? []))
  return { published: errors(SERVER_SCHEMAS.published), draft: errors(SERVER_SCHEMAS.draft) }
}

/** Fails with Ajv's own report when `server` does not validate against the published schema and the draft. */
export function expectServerValid(server: unknown) {
  expect(serverSchemaErrors(server)).toEqual({ published: [], draft: [] })
}
