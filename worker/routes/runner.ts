import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { PROBE_STATUSES, type ProbeOutcome, type RunnerClaimResponse, type RunnerResultResponse } from '@shared/surface'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { sha256Hex } from '../lib/hash'
import {
  POSTED_CAPS,
  readPostedCause,
  readPostedGenerations,
  readPostedListErrors,
  readPostedOutcome,
  STDIO_GENERATIONS,
} from '../lib/posted-surface'
import { safeEqual } from '../lib/tokens'
import { AUTH_REQUIRED } from '../middleware/authz'
import { jsonDepthLimit, limitBody } from '../middleware/body'
import { type RateRule, rateLimit } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { acceptRunnerResult, claimRunnerJobs } from '../services/probing/runner'
import { probeSettings } from '../services/probing/settings'

/** Where the runner's endpoints are mounted (worker/app.ts), outside the browser's chain. */
export const RUNNER_PATH = '/api/runner'

/**
 * A result carries a whole surface: up to 1,000,000 characters of canonical JSON once capped
 * (DEFAULT_PROBE_BOUNDS.maxSurfaceChars) plus the envelope and what the caps will cut. 2 MB is
 * what the remote probe reads of one server's answer (maxBytes), so a runner may post anything
 * the Worker's own probe could have read; browsers' writes stay at MAX_BODY_BYTES.
 */
export const RUNNER_MAX_BODY_BYTES = DEFAULT_PROBE_BOUNDS.maxBytes

/** Requests per runner address and minute: a claim and 20 results a minute is far below it; a runaway loop is not. */
export const RUNNER_RATE_RULE: RateRule = { limit: 300, windowSeconds: 60 }

/** Packages one claim takes at most, and by default. */
export const MAX_CLAIM = 20
const DEFAULT_CLAIM = 5

/**
 * The runner's bearer token, compared in constant time (both sides hashed first, so neither the
 * content nor the length of the secret shows in the timing). Without the secret the endpoints do
 * not exist (404): a deployment without a runner exposes nothing. Browsers never send this header
 * by themselves, so there is no ambient credential to forge and no CSRF token is asked for.
 */
const runnerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.env.PROBE_RUNNER_TOKEN
  if (!secret) throw new ApiError('not_found', 'Not found')
  const given = /^Bearer ([!-~]+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
  if (!given || !safeEqual(await sha256Hex(given), await sha256Hex(secret))) {
    c.header('WWW-Authenticate', 'Bearer')
    throw new ApiError('auth_required', AUTH_REQUIRED)
  }
  await next()
}

const runnerRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  await rateLimit(c, 'runner', RUNNER_RATE_RULE)
  await next()
}

const claimSchema = z.object({
  limit: z.number().int().min(1).max(MAX_CLAIM).optional(),
  /** A name for the runner, for its own logs; kept nowhere. */
  runner: z.string().max(100).optional(),
  /** That listing's package only, due or not (`npm run probe -- --server ID`); `limit` does not apply. */
  serverId: z.string().min(1).max(64).optional(),
})

const capped = (max: number) => z.string().transform((text) => text.slice(0, max))

/** The envelope of a result: every field of its own type, strings cut; the surface is read by `readPostedOutcome`. */
const resultSchema = z.object({
  jobId: z.string().min(1).max(64),
  serverId: z.string().min(1).max(64),
  version: z.string().min(1).max(256),
  outcome: z.object({
    status: z.enum(PROBE_STATUSES as [ProbeOutcome['status'], ...ProbeOutcome['status'][]]),
    protocolVersion: capped(POSTED_CAPS.protocolVersion).nullable(),
    transport: z.literal('stdio').nullable(),
    target: capped(POSTED_CAPS.target),
    startedAt: z.iso.datetime(),
    durationMs: z.number().min(0).max(86_400_000),
    error: capped(POSTED_CAPS.error).nullable(),
    authMetadataUrl: capped(POSTED_CAPS.url).nullable(),
    missingVariable: capped(POSTED_CAPS.variable).nullable(),
    // Both optional (a runner older than them sends neither) and read, never refused: an unknown
    // cause is null, and only the four lists' keys are kept, each one capped line.
    cause: z.unknown().optional().transform(readPostedCause),
    listErrors: z.unknown().optional().transform(readPostedListErrors),
    // Read the same way: only the generations a stdio probe can meet, each a boolean.
    generations: z
      .unknown()
      .optional()
      .transform((untrusted) => readPostedGenerations(untrusted, STDIO_GENERATIONS)),
    surface: z.unknown(),
    serverCard: z.unknown(),
  }),
})

/**
 * The probe runner's endpoints (docs/probe-runner-api.md): it claims due packages, runs each in its
 * fence, and posts back what it found. Mounted before /api's browser chain (session, CSRF), with
 * a chain of its own: the bearer token first, then a body limit sized for a surface, a rate
 * limit, and the JSON depth limit every /api write has.
 */
export const runnerRoutes = new Hono<AppEnv>()
  .use('*', runnerToken)
  .use('*', limitBody(RUNNER_MAX_BODY_BYTES))
  .use('*', runnerRateLimit)
  .use('*', jsonDepthLimit)
  .post('/claim', validate('json', claimSchema), async (c) => {
    if (!probeSettings(c.env).enabled) return c.json<RunnerClaimResponse>({ jobs: [] })
    const { limit, serverId } = c.req.valid('json')
    const jobs = await claimRunnerJobs(c.var.db, { now: new Date(), limit: limit ?? DEFAULT_CLAIM, serverId })
    return c.json<RunnerClaimResponse>({ jobs })
  })
  .post('/results', validate('json', resultSchema), async (c) => {
    const { jobId, serverId, version, outcome: posted } = c.req.valid('json')
    // Read before the lease is spent: a malformed result leaves it to a corrected one.
    const outcome = readPostedOutcome(posted)
    return c.json<RunnerResultResponse>(await acceptRunnerResult(c.var.db, { jobId, serverId, version, outcome }))
  })
