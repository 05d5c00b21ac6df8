/**
 * The MCP registry's OpenAPI file (test/fixtures/mcp-registry-openapi.yaml) as validators: a
 * response conforms when it validates against what the file declares for that operation and
 * status, `$ref`s and formats included. Ajv does the checking, not hand-written shapes. A
 * server's `server.json` is also held to the published schema and the draft (./server-schema.ts).
 *
 * @example expectConforms(res, body, '/v0.1/servers')
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import { parse } from 'yaml'
import openapiText from '../fixtures/mcp-registry-openapi.yaml?raw'
import { call } from './helpers'
import { expectServerValid } from './server-schema'

const openapi = parse(openapiText) as {
  openapi: string
  $id: string
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
}

// 3.1 schemas are JSON Schema 2020-12 (the file's jsonSchemaDialect), so no 3.0 `nullable` rewrite.
if (!openapi.openapi.startsWith('3.1')) throw new Error(`Expected an OpenAPI 3.1 file, got ${openapi.openapi}`)

// The file is added whole under its own $id: its `#/components/schemas/...` references resolve in
// it, and each operation's response schema is reached by a JSON pointer. Not strict: the document
// around the schemas (paths, info) is not a schema, and OpenAPI's `example` is no JSON Schema word.
const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
ajv.addSchema(openapi as object, openapi.$id)

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
const compiled = new Map<string, ValidateFunction>()

/**
 * The validator of one response: the file's schema for `path` (as the file spells it) `method`
 * and `status`.
 */
export function responseValidator(path: string, status: number, method = 'get'): ValidateFunction {
  const key = `${method} ${path} ${status}`
  let validate = compiled.get(key)
  if (!validate) {
    if (!openapi.paths[path]?.[method]?.responses[String(status)]) throw new Error(`The OpenAPI file declares no ${key}`)
    const ref = `${openapi.$id}#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`
    validate = ajv.compile({ $ref: ref })
    compiled.set(key, validate)
  }
  return validate
}

/** The file's error body for a 400 (declared on the status routes; the read routes declare none). */
export const badRequestValidator = () => responseValidator('/v0.1/servers/{serverName}/status', 400, 'patch')

/** Fails with Ajv's own report when `body` does not validate. */
export function expectValid(validate: ValidateFunction, body: unknown) {
  const ok = validate(body)
  expect(ok ? [] : validate.errors).toEqual([])
}

/**
 * The response is JSON and validates against the file's schema for its operation and status; a
 * 200's every `server` validates against the published server.json schema and the draft too.
 */
export function expectConforms(status: number, body: unknown, path: string) {
  expectValid(status === 400 ? badRequestValidator() : responseValidator(path, status), body)
  if (status !== 200 || !body || typeof body !== 'object') return
  const answer = body as { servers?: Array<{ server: unknown }>; server?: unknown }
  for (const entry of answer.servers ?? [answer]) expectServerValid(entry.server)
}

/** Answers are checked against the OpenAPI file and the schemas, not typed. */
export type RegistryBody = any

/**
 * A GET of the registry API (the catalogue's or a package's) through the app: its body checked
 * against the OpenAPI file's schema for `operation`, each server of a 200 against both server.json
 * schemas (expectConforms).
 */
export async function getConforming(path: string, operation: string, init: RequestInit = {}) {
  const res = await call(path, init)
  const body: RegistryBody = await res.json()
  expectConforms(res.status, body, operation)
  return { status: res.status, body, res }
}
