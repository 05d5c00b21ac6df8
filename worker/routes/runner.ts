import { capJson, DEFAULT_PROBE_BOUNDS, hashSurface, SurfaceError } from '@mcp-catalogue/mcp-client'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { PROBE_STATUSES, type ProbeOutcome, type RunnerClaimResponse, type RunnerJob, type RunnerResultResponse } from '@shared/surface'
import { recordProbe } from '../db/probes'
import { claimDuePackages, deferPackages, takeJobLease } from '../db/runner'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { probeSettings } from '../jobs/probe-remotes'
import { sha256Hex } from '../lib/hash'
import { readPostedSurface } from '../lib/posted-surface'
import { runnerJobPackage } from '../lib/runner-jobs'
import { safeEqual } from '../lib/tokens'
import { AUTH_REQUIRED } from '../middleware/authz'
import { jsonDepthLimit, limitBody } from '../middleware/body'
import { type RateRule, rateLimit } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'

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

/** What the Worker keeps of a runner's strings: enough for a sentence, a package name, a variable. */
const CAPS = { target: 512, error: 2000, protocolVersion: 64, url: 2048, variable: 256 }

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
})

const capped = (max: number) => z.string().transform((text) => text.slice(0, max))

/** The envelope of a result: every field of its own type, strings cut; the surface is read by `readPostedSurface`. */
const resultSchema = z.object({
  jobId: z.string().min(1).max(64),
  serverId: z.string().min(1).max(64),
  version: z.string().min(1).max(256),
  outcome: z.object({
    status: z.enum(PROBE_STATUSES as [ProbeOutcome['status'], ...ProbeOutcome['status'][]]),
    protocolVersion: capped(CAPS.protocolVersion).nullable(),
    transport: z.literal('stdio').nullable(),
    target: capped(CAPS.target),
    startedAt: z.iso.datetime(),
    durationMs: z.number().min(0).max(86_400_000),
    error: capped(CAPS.error).nullable(),
    authMetadataUrl: capped(CAPS.url).nullable(),
    missingVariable: capped(CAPS.variable).nullable(),
    surface: z.unknown(),
    serverCard: z.unknown(),
  }),
})

/**
 * The outcome as the Worker stores it: for 'ok', the surface read through the same caps as a
 * remote's; a surface that cannot be kept makes the probe a protocol error, as it would for a
 * remote, with the reason. Nothing posted is kept as given but the capped strings.
 */
function toOutcome(posted: z.output<typeof resultSchema>['outcome']): ProbeOutcome {
  const base: ProbeOutcome = {
    ...posted,
    transport: 'stdio',
    durationMs: Math.round(posted.durationMs),
    surface: null,
    serverCard:
      posted.serverCard === undefined || posted.serverCard === null ? null : (capJson(posted.serverCard, DEFAULT_PROBE_BOUNDS) ?? null),
  }
  if (posted.status !== 'ok') return base
  if (posted.surface === undefined || posted.surface === null) {
    const message = 'An ok outcome needs its surface'
    throw new ApiError('invalid_input', message, [{ field: 'outcome.surface', message }])
  }
  try {
    return { ...base, surface: readPostedSurface(posted.surface) }
  } catch (error) {
    if (!(error instanceof SurfaceError)) throw error
    return { ...base, status: 'protocol_error', error: error.message.slice(0, CAPS.error) }
  }
}

/** The job handed to a runner for a claimed listing; null when none of its packages can be run. */
function jobOf(claimed: Awaited<ReturnType<typeof claimDuePackages>>[number]): RunnerJob | null {
  const pkg = runnerJobPackage(claimed.packages)
  return pkg && { jobId: claimed.jobId, serverId: claimed.serverId, version: claimed.version, package: pkg, leaseUntil: claimed.leaseUntil }
}

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
    const claimed = await claimDuePackages(c.var.db, { now: new Date(), limit: c.req.valid('json').limit ?? DEFAULT_CLAIM })
    const jobs = claimed.map((claim) => ({ claim, job: jobOf(claim) }))
    await deferPackages(
      c.var.db,
      jobs.filter((j) => !j.job).map((j) => j.claim.serverId),
    )
    return c.json<RunnerClaimResponse>({ jobs: jobs.flatMap((j) => (j.job ? [j.job] : [])) })
  })
  .post('/results', validate('json', resultSchema), async (c) => {
    const { jobId, serverId, version, outcome: posted } = c.req.valid('json')
    const outcome = toOutcome(posted)
    if (!(await takeJobLease(c.var.db, { serverId, jobId, version }))) {
      throw new ApiError('conflict', 'This job is not yours any more: its lease ended or its result was stored already. Claim again.')
    }
    const hashes = outcome.surface ? await hashSurface(outcome.surface) : null
    await recordProbe(c.var.db, { serverId, version, outcome, hashes, source: 'package' })
    return c.json<RunnerResultResponse>({ status: outcome.status, surfaceHash: hashes?.surface ?? null })
  })
