/**
 * The compatibility dimension of the verdict (docs/compatibility.md): how the listing speaks MCP,
 * from the latest probe of each of its remotes and packages (which protocol generations answered,
 * over which transport, with a Server Card or not), turned into the badges' facts, "works with"
 * per client from the install clients' table (@shared/install `CLIENTS[].speaks`), and a grade
 * with its reasons. Pure: the caller reads the probes; nothing here reaches a database or the
 * network.
 */
import { OLDER_SERVER_CARD_PATHS, SERVER_CARD_SUFFIX, serverCardUrls } from '@mcp-catalogue/mcp-client'
import { CLIENTS, type ClientInfo } from '@shared/install'
import { PROTOCOL_GENERATIONS, type ProbeStatus, type ProbeTransport, type ProtocolGenerations } from '@shared/surface'
import {
  type ClientCompatibility,
  type CompatibilityFacts,
  type DimensionVerdict,
  gradeOfScore,
  type ProtocolGeneration,
  type VerdictReason,
} from '@shared/verdict'

/** The latest probe of one target: a remote's URL or a package ('npm:name@1.2.3'). */
export interface CompatibilityProbe {
  target: string
  /** A remote (probed by the Worker over HTTP) or a package (by the probe runner over stdio). */
  kind: 'remote' | 'package'
  /** How the surface was reached; null when it was not. */
  transport: ProbeTransport | null
  protocolVersion: string | null
  status: ProbeStatus
  /** As stored (server_probes.generations); empty when the probe told nothing of them (a probe older than the column). */
  generations: ProtocolGenerations
}

/** What the grade reads: the listing's latest probe per target and what it declares. */
export interface CompatibilityInput {
  /** The latest probe of each target, in any order; none when nothing was probed yet. */
  probes: readonly CompatibilityProbe[]
  /**
   * Whether a probe of a remote read a Server Card: at the endpoint's `/server-card` (the draft's
   * location), `/.well-known/mcp/server-card.json` or `/.well-known/mcp.json`, the first that answered one.
   */
  serverCard: boolean
  /** What the listing declares. */
  declared: {
    /** Its packages' registries ('npm', 'pypi', 'oci'...), in its order. */
    packageKinds: readonly string[]
    /** Its remotes, each with the transport it is listed with. */
    remotes: ReadonlyArray<{ url: string; transport: 'streamable-http' | 'sse' }>
  }
}

/** The first protocol revision of the stateless exchange: an 'ok' before the column with this version or later read it. */
const FIRST_STATELESS_VERSION = '2026-07-28'

/**
 * What a probe tells of the generations: as stored, or for an 'ok' probe stored before the
 * column, what its transport and version can only mean (an answer over SSE is the old transport;
 * a 2026-07-28 version came from the stateless exchange, an earlier one from `initialize`).
 */
function toldBy(probe: CompatibilityProbe): ProtocolGenerations {
  if (Object.keys(probe.generations).length > 0) return probe.generations
  if (probe.status !== 'ok' || probe.protocolVersion === null) return {}
  if (probe.transport === 'sse') return { sse: true }
  return probe.protocolVersion >= FIRST_STATELESS_VERSION ? { stateless: true } : { initialize: true }
}

/** One way into the server that answered: a remote over Streamable HTTP or SSE, or a package over stdio. */
interface Way {
  probe: CompatibilityProbe
  told: ProtocolGenerations
  /** Where it answered: 'sse' when only the old transport did. */
  over: 'streamable-http' | 'sse' | 'stdio'
  /** A remote listed as Streamable HTTP that answered only over SSE: the configurations name Streamable HTTP. */
  fellBack: boolean
}

function wayOf(probe: CompatibilityProbe, input: CompatibilityInput): Way | null {
  const told = toldBy(probe)
  const answered = PROTOCOL_GENERATIONS.some((g) => told[g] === true)
  if (!answered) return null
  if (probe.kind === 'package') return { probe, told, over: 'stdio', fellBack: false }
  const modern = told.stateless === true || told.initialize === true
  const listed = input.declared.remotes.find((r) => r.url === probe.target)?.transport ?? null
  return { probe, told, over: modern ? 'streamable-http' : 'sse', fellBack: !modern && listed === 'streamable-http' }
}

/** Points of each fact, per kind of way in: a remote's add to 100 with a Server Card, a package's without one. */
export const COMPATIBILITY_POINTS = {
  remote: { initialize: 55, stateless: 25, serverCard: 20, sseOnly: 30 },
  package: { initialize: 70, stateless: 30 },
} as const

const plus = (text: string, points: number): VerdictReason => ({ effect: 'plus', text, points })
const info = (text: string): VerdictReason => ({ effect: 'info', text })

/**
 * Where the probe looks for a remote's Server Card, as a person reads it: the endpoint's own
 * `/server-card` (its path, never its query), then the older well-known paths (mcp-client's
 * serverCardUrls reads them in this order).
 */
function cardPlaces(target: string): string {
  let own = SERVER_CARD_SUFFIX
  try {
    own = serverCardUrls(new URL(target))[0].pathname
  } catch {}
  return `${own}, ${OLDER_SERVER_CARD_PATHS.join(' or ')}`
}

/** A way's score and the reasons it rests on. */
function scoreWay(way: Way, serverCard: boolean): { score: number; reasons: VerdictReason[] } {
  const reasons: VerdictReason[] = []
  const { told } = way
  if (way.over === 'stdio') {
    const points = COMPATIBILITY_POINTS.package
    if (told.initialize) reasons.push(plus('Answers `initialize` over stdio, the handshake every client speaks.', points.initialize))
    if (told.stateless) reasons.push(plus('Answers the 2026-07-28 stateless exchange (`server/discover`) over stdio.', points.stateless))
    if (told.initialize === false) reasons.push(info('Does not answer `initialize`: the clients in use today open with that handshake.'))
    if (told.stateless === false)
      reasons.push(info('Does not answer the 2026-07-28 stateless exchange: clients that drop `initialize` will not reach it.'))
    return { score: reasons.reduce((sum, r) => sum + (r.points ?? 0), 0), reasons }
  }
  const points = COMPATIBILITY_POINTS.remote
  if (way.over === 'sse') {
    reasons.push(plus('Answers only over the old HTTP+SSE transport, deprecated since the 2025-03-26 revision.', points.sseOnly))
    if (way.fellBack) reasons.push(info('Listed as Streamable HTTP, but refused it: only the old SSE transport answered.'))
  } else {
    if (told.initialize)
      reasons.push(plus('Answers `initialize` over Streamable HTTP, the handshake every client speaks.', points.initialize))
    if (told.stateless)
      reasons.push(plus('Answers the 2026-07-28 stateless exchange (`server/discover`) over Streamable HTTP.', points.stateless))
    if (told.initialize === false) reasons.push(info('Does not answer `initialize`: the clients in use today open with that handshake.'))
    if (told.stateless === false)
      reasons.push(info('Does not answer the 2026-07-28 stateless exchange: clients that drop `initialize` will not reach it.'))
    if (told.sse) reasons.push(info('Also answers over the old HTTP+SSE transport.'))
  }
  reasons.push(
    serverCard
      ? plus('Publishes a Server Card, so a client can learn how to connect before it does.', points.serverCard)
      : info(`Publishes no Server Card: none at ${cardPlaces(way.probe.target)}.`),
  )
  return { score: reasons.reduce((sum, r) => sum + (r.points ?? 0), 0), reasons }
}

const WORKS_RANK: Record<ClientCompatibility['works'], number> = { yes: 3, bridge: 2, unknown: 1, no: 0 }

/** How one client fares on one way in, and why. */
function clientOnWay(client: ClientInfo, way: Way): Omit<ClientCompatibility, 'client' | 'label'> {
  const { speaks, label } = client
  const initialize = way.over === 'sse' ? way.told.sse === true : way.told.initialize === true
  const where =
    way.over === 'stdio'
      ? 'the package over stdio'
      : way.over === 'sse'
        ? 'the remote over the old SSE transport'
        : 'the remote over Streamable HTTP'
  const statelessOnly = !initialize && way.told.stateless === true
  if (statelessOnly) {
    if (speaks.stateless === true)
      return { works: 'yes', why: `${label} speaks the 2026-07-28 stateless exchange, which ${where} answers.` }
    if (speaks.stateless === false)
      return { works: 'no', why: `${where} answers only the 2026-07-28 stateless exchange, which ${label} does not speak.` }
    return {
      works: 'unknown',
      why: `${capital(where)} answers only the 2026-07-28 stateless exchange, and ${label}'s documentation does not say whether it speaks it.`,
    }
  }
  if (way.over === 'stdio')
    return { works: 'yes', why: `${label} starts the package and speaks \`initialize\` over stdio, which it answers.` }
  const bridge = `${label} reaches the remote through the mcp-remote bridge its configuration starts (needs Node.js); the bridge speaks \`initialize\``
  if (way.fellBack) {
    // The configurations name Streamable HTTP; the bridge tries it first and falls back to SSE.
    if (speaks.bridged.includes('streamable-http'))
      return { works: 'bridge', why: `${bridge} and falls back to the old SSE transport, where the remote answers.` }
    return {
      works: 'unknown',
      why: `Listed as Streamable HTTP but answered only over the old SSE transport: ${label}'s configuration names Streamable HTTP, and whether it falls back is not documented.`,
    }
  }
  const transport = way.over
  if (speaks.transports.includes(transport)) {
    return {
      works: 'yes',
      why: `${label} speaks ${transport === 'sse' ? 'the old SSE transport' : 'Streamable HTTP'} natively, and \`initialize\`, which the remote answers.`,
    }
  }
  if (speaks.bridged.includes(transport)) return { works: 'bridge', why: `${bridge}, which the remote answers.` }
  return {
    works: 'no',
    why: `${label} speaks neither ${transport === 'sse' ? 'the old SSE transport' : 'Streamable HTTP'} nor a bridge to it.`,
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Each client's best way in: 'yes' over 'bridge' over 'unknown' over 'no'; the first way of equal rank. */
function worksWith(ways: readonly Way[]): ClientCompatibility[] {
  return CLIENTS.map((client) => {
    let best: Omit<ClientCompatibility, 'client' | 'label'> = { works: 'unknown', why: 'No probe has read the server yet.' }
    let rank = -1
    for (const way of ways) {
      const fares = clientOnWay(client, way)
      if (WORKS_RANK[fares.works] > rank) {
        best = fares
        rank = WORKS_RANK[fares.works]
      }
    }
    return { client: client.id, label: client.label, ...best }
  })
}

/** Per generation over every way: true when one answered, false when tried and none did, null when none tried. */
function mergedGenerations(probes: readonly CompatibilityProbe[]): Record<ProtocolGeneration, boolean | null> {
  const merged: Record<ProtocolGeneration, boolean | null> = { stateless: null, initialize: null, sse: null }
  for (const probe of probes) {
    const told = toldBy(probe)
    for (const g of PROTOCOL_GENERATIONS) {
      if (told[g] === true) merged[g] = true
      else if (told[g] === false && merged[g] === null) merged[g] = false
    }
  }
  return merged
}

const TRANSPORT_ORDER = ['streamable-http', 'sse', 'stdio'] as const

/**
 * The compatibility dimension and its facts. The grade is the best way into the server (a person
 * picks one): a remote scores `initialize` over Streamable HTTP 55, the stateless exchange 25 and a
 * Server Card 20 (only the old SSE transport: 30); a package over stdio, where no card can be read,
 * `initialize` 70 and the stateless exchange 30. Nothing read: no grade, and `missing` says so.
 *
 * @example gradeCompatibility({ probes: [], serverCard: false, declared: { packageKinds: ['npm'], remotes: [] } }).dimension.missing
 * // 'no probe has read the server yet'
 */
export function gradeCompatibility(input: CompatibilityInput): { facts: CompatibilityFacts | null; dimension: DimensionVerdict } {
  const applies = input.declared.packageKinds.length > 0 || input.declared.remotes.length > 0 || input.probes.length > 0
  const failed = input.probes
    .filter((probe) => wayOf(probe, input) === null)
    .map((probe) =>
      info(`The latest probe of ${probe.target} ended ${probe.status.replace('_', ' ')}: it tells nothing of how the server speaks.`),
    )
  const ways = input.probes.flatMap((probe) => wayOf(probe, input) ?? [])
  if (ways.length === 0) {
    return {
      facts: null,
      dimension: {
        dimension: 'compatibility',
        grade: null,
        score: null,
        reasons: failed,
        missing: applies ? 'no probe has read the server yet' : null,
        applies,
      },
    }
  }
  const scored = ways.map((way) => ({ way, ...scoreWay(way, input.serverCard && way.probe.kind === 'remote') }))
  // The best way first; of equal scores, a remote (which a client needs nothing installed for).
  scored.sort((a, b) => b.score - a.score || Number(b.way.probe.kind === 'remote') - Number(a.way.probe.kind === 'remote'))
  const [best, ...others] = scored
  const named = (way: Way) => (way.probe.kind === 'remote' ? `the remote ${way.probe.target}` : `the package ${way.probe.target}`)
  const reasons: VerdictReason[] = [
    ...(scored.length > 1 ? [info(`Graded on its best way in: ${named(best.way)}.`)] : []),
    ...best.reasons,
    ...others.map(({ way, score }) => info(`Also ${named(way)}, which scores ${score} on its own.`)),
    ...failed,
  ]
  const answered = new Set(ways.map((way) => way.over))
  const facts: CompatibilityFacts = {
    generations: mergedGenerations(input.probes),
    transports: TRANSPORT_ORDER.filter((t) => answered.has(t) || (t === 'sse' && ways.some((w) => w.told.sse === true))),
    protocolVersions: [...new Set(ways.flatMap((way) => way.probe.protocolVersion ?? []))].sort().reverse(),
    serverCard: input.serverCard,
    worksWith: worksWith(ways),
  }
  return {
    facts,
    dimension: {
      dimension: 'compatibility',
      grade: gradeOfScore(best.score),
      score: best.score,
      reasons,
      missing: null,
      applies: true,
    },
  }
}
