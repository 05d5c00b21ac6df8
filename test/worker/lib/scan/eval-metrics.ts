/**
 * How well the scanner does on the labelled set (test/scan-set/): per class recall and precision,
 * high-severity recall, and how many benign tools it flags. Pure: the set and the scanner come in,
 * figures go out, so the Worker test (eval.test.ts) and scripts/eval-scan.mjs count alike.
 *
 * - A poisoned tool is caught when it has a finding of medium or above; it is scanned inside a
 *   copy of a real benign surface (the one it was copied from, else a default host), so rules
 *   that weigh a text against its surface see what they would see in life.
 * - A benign tool is flagged when its server's whole surface, scanned as listed, gives it a
 *   finding of medium or above. Findings on a benign server's other texts (instructions,
 *   prompts, resources) are listed too, but the rate counts tools.
 * - Only the attack classes' findings count here (SET_CLASSES); annotation honesty has its own
 *   labelled set and figures (annotation-honesty-eval.test.ts).
 * - Every scan gets what the catalogue knows when it scans a listing (scanContext): the tool names
 *   of every other benign server of the set, which of those servers offer each name (toolOwners,
 *   the most established first) and the listing itself (self: its names, its own service's hosts,
 *   its standing), from test/scan-set/listings.json. A poisoned tool is scanned as its host's.
 */
import type { Finding, Severity } from '@shared/scan'
import type { JsonValue, Surface, SurfacePrompt, SurfaceResource, SurfaceResourceTemplate, SurfaceTool } from '@shared/surface'
import type { ScanContext, ToolOwner } from '../../../../worker/lib/scan/rule-types'

/** The classes the poisoned set covers: every scan class but 'change', which compares two surfaces. */
export const SET_CLASSES = ['invisible', 'deceptive-name', 'model-directed', 'secrets', 'exfiltration', 'hidden-bulk'] as const
export type SetClass = (typeof SET_CLASSES)[number]

/**
 * What makes an item hard for rules that match words. The early rounds': a payload split across
 * fields, paraphrased without trigger words, in another language, hidden behind an emoji. Round 5's
 * name where the payload sits or how it is written: only in a nested schema, only in an output
 * schema, only in a title (or annotations.title), in a value (an enum value, a default, an example),
 * encoded (base64, percent, rot13, JSON or HTML escapes, NFKC forms, confusables inside a trigger
 * word), aimed at another listing of the catalogue (a copied or imitated name, a text about its
 * tools), a default or example that acts when the model fills the parameter with it.
 */
export const HARD_CASES = [
  'split',
  'paraphrase',
  'language',
  'emoji',
  'nested',
  'output-schema',
  'title',
  'value',
  'encoded',
  'catalogue',
  'default-acts',
] as const
export type HardCase = (typeof HARD_CASES)[number]

/** One real server's surface as test/scan-set/benign/<slug>.json holds it. */
export interface BenignServer {
  source: {
    name: string
    package: string
    version: string
    repository: string | null
    licence: string
    serverInfo?: { name: string; version: string; title?: string } | null
  }
  instructions: string | null
  tools: SurfaceTool[]
  prompts: SurfacePrompt[]
  resources: SurfaceResource[]
  resourceTemplates?: SurfaceResourceTemplate[]
}

/** One poisoned tool of test/scan-set/poisoned.json (rounds 1-4) or poisoned-r5.json (the held-out round 5). */
export interface PoisonedItem {
  id: string
  class: SetClass
  /** What the tool deserves: high when a model is being attacked, medium when a person should look. */
  severity: Extract<Severity, 'high' | 'medium'>
  /** Its hardest (most specific) difficulty. */
  hard: HardCase | null
  /** Further difficulties it also has (a Chinese text in an output schema): it counts under each. */
  tags?: HardCase[]
  /** The published attack it follows. */
  note: string
  tool: SurfaceTool
  /** The benign server (slug) and tool it was copied from: it is scanned in that server's surface, in that tool's place. */
  base?: { server: string; tool?: string }
  /** Server texts the attack also uses (split across fields): they replace the host's. */
  server?: { instructions?: string }
}

export type ScanFn = (surface: Surface, context?: ScanContext) => Finding[]

/** What the catalogue knows of each benign server as a listing (test/scan-set/listings.json). */
export type Listings = Record<string, { standing: number; hosts: string[] }>

export interface ClassFigures {
  poisoned: number
  /** Poisoned tools of this class with a finding of medium or above, of any class. */
  caught: number
  /** ...with one of a rule of this class. */
  caughtOwn: number
  recall: number
  /** Tools (benign and poisoned) that rules of this class flag medium or above. */
  flagged: number
  /** Of those, the poisoned ones (any class: a rule that catches another class's attack is not wrong). */
  flaggedPoisoned: number
  /** flaggedPoisoned / flagged; 1 when nothing is flagged. */
  precision: number
}

export interface BenignFlag {
  server: string
  kind: Finding['kind']
  item: string | null
  rule: string
  severity: Severity
  field: string
  excerpt: string
}

/** One poisoned item's outcome. */
export interface ItemOutcome {
  id: string
  class: SetClass
  severity: Severity
  hard: HardCase | null
  tags: HardCase[]
  caught: boolean
}

export interface EvalResult {
  classes: Record<SetClass, ClassFigures>
  /** Per difficulty: an item counts under its hard case and under each of its tags. */
  hard: Record<HardCase, { poisoned: number; caught: number; recall: number }>
  items: ItemOutcome[]
  poisoned: number
  caught: number
  highSeverity: { poisoned: number; caught: number; recall: number }
  benign: {
    servers: number
    tools: number
    /** Benign tools with a finding of medium or above. */
    flaggedTools: number
    flaggedRate: number
    /** Every medium+ finding on a benign surface, tools and other texts alike. */
    falsePositives: BenignFlag[]
  }
  misses: Array<{ id: string; class: SetClass; severity: Severity; hard: HardCase | null }>
}

/** The server a poisoned tool without a base is scanned in: the reference server every client knows. */
export const DEFAULT_HOST = 'everything'

const MEDIUM_UP = new Set<Severity>(['medium', 'high'])

/**
 * A finding this set counts: medium or above, of an attack class. Annotation honesty (hints that
 * claim less than a tool does) is measured on its own labelled set (annotation-honesty.json, whose
 * real tools include this set's, each judged), since a real server's dishonest hint is a true
 * finding, not a false alarm of the attack classes.
 */
const counted = (f: Finding) => MEDIUM_UP.has(f.severity) && (SET_CLASSES as readonly string[]).includes(f.class)

export function surfaceOf(server: BenignServer): Surface {
  return {
    serverInfo: server.source.serverInfo ?? { name: server.source.package, version: server.source.version },
    capabilities: { tools: {} } as JsonValue,
    instructions: server.instructions,
    tools: server.tools,
    prompts: server.prompts,
    resources: server.resources,
    resourceTemplates: server.resourceTemplates ?? [],
  }
}

/** The set's benign servers by slug (the file's name without .json). */
export type BenignSet = Record<string, BenignServer>

/** A server's names as a listing would hold them: its display name, package, and the names its serverInfo gives. */
function namesOf(server: BenignServer): string[] {
  const info = server.source.serverInfo
  return [...new Set([server.source.name, server.source.package, info?.name, info?.title].filter((n): n is string => !!n))]
}

/**
 * What the catalogue tells the scan of the listing `slug`: the tool names of every other benign
 * server, who offers each (most established first), and the listing itself.
 */
export function scanContext(set: BenignSet, slug: string, listings: Listings = {}): ScanContext {
  const otherToolNames = new Set<string>()
  const toolOwners = new Map<string, ToolOwner[]>()
  for (const [other, server] of Object.entries(set)) {
    if (other === slug) continue
    const owner: ToolOwner = { id: other, name: server.source.name, standing: listings[other]?.standing ?? 0 }
    for (const tool of server.tools) {
      otherToolNames.add(tool.name)
      const owners = toolOwners.get(tool.name) ?? []
      if (!owners.some((o) => o.id === other)) owners.push(owner)
      toolOwners.set(tool.name, owners)
    }
  }
  for (const owners of toolOwners.values()) owners.sort((a, b) => b.standing - a.standing || a.id.localeCompare(b.id))
  const server = set[slug]
  return {
    otherToolNames,
    toolOwners,
    self: {
      id: slug,
      names: server ? namesOf(server) : [],
      hosts: listings[slug]?.hosts ?? [],
      standing: listings[slug]?.standing ?? 0,
    },
  }
}

/** The host surface with the poisoned tool in its base tool's place (or added last), and the attack's server texts. */
export function poisonedSurface(set: BenignSet, item: PoisonedItem): { slug: string; surface: Surface } {
  const slug = item.base?.server ?? DEFAULT_HOST
  const host = set[slug]
  if (!host) throw new Error(`${item.id}: no benign server ${slug}`)
  const surface = surfaceOf(host)
  // Another tool of the host with the poisoned tool's name would be two tools of one name.
  const tools = surface.tools.filter((tool) => tool.name !== item.tool.name && tool.name !== item.base?.tool)
  const at = item.base?.tool ? surface.tools.findIndex((tool) => tool.name === item.base?.tool) : -1
  tools.splice(at >= 0 ? Math.min(at, tools.length) : tools.length, 0, item.tool)
  return {
    slug,
    surface: {
      ...surface,
      tools,
      instructions: item.server?.instructions !== undefined ? item.server.instructions : surface.instructions,
    },
  }
}

/** The findings of a poisoned item: its tool's, and the server's when the attack wrote the server's texts. */
function attributed(findings: Finding[], item: PoisonedItem): Finding[] {
  return findings.filter(
    (f) => (f.kind === 'tool' && f.item === item.tool.name) || (f.kind === 'server' && item.server?.instructions !== undefined),
  )
}

const ratio = (part: number, whole: number, empty = 1) => (whole === 0 ? empty : part / whole)

/** An item's difficulties: its hard case and its tags, once each. */
export const difficultiesOf = (item: Pick<PoisonedItem, 'hard' | 'tags'>): HardCase[] => [
  ...new Set([...(item.hard ? [item.hard] : []), ...(item.tags ?? [])]),
]

/**
 * Scans the whole set and counts.
 *
 * @example const result = evaluate(benignSet, poisoned, scanSurface)
 */
export function evaluate(set: BenignSet, poisoned: readonly PoisonedItem[], scan: ScanFn, listings: Listings = {}): EvalResult {
  const classes = Object.fromEntries(
    SET_CLASSES.map((cls) => [cls, { poisoned: 0, caught: 0, caughtOwn: 0, recall: 0, flagged: 0, flaggedPoisoned: 0, precision: 1 }]),
  ) as Record<SetClass, ClassFigures>
  const hard = Object.fromEntries(HARD_CASES.map((h) => [h, { poisoned: 0, caught: 0, recall: 0 }])) as EvalResult['hard']
  const falsePositives: BenignFlag[] = []
  let benignTools = 0
  let flaggedTools = 0
  const contexts = new Map<string, ScanContext>()
  const contextOf = (slug: string) => {
    const known = contexts.get(slug)
    if (known) return known
    const context = scanContext(set, slug, listings)
    contexts.set(slug, context)
    return context
  }

  for (const [slug, server] of Object.entries(set)) {
    const findings = scan(surfaceOf(server), contextOf(slug)).filter(counted)
    for (const f of findings) {
      falsePositives.push({
        server: slug,
        kind: f.kind,
        item: f.item,
        rule: f.rule,
        severity: f.severity,
        field: f.field,
        excerpt: f.excerpt,
      })
    }
    for (const tool of server.tools) {
      benignTools++
      const own = findings.filter((f) => f.kind === 'tool' && f.item === tool.name)
      if (own.length > 0) flaggedTools++
      for (const cls of new Set(own.map((f) => f.class))) if (cls in classes) classes[cls as SetClass].flagged++
    }
  }

  const misses: EvalResult['misses'] = []
  const outcomes: ItemOutcome[] = []
  let caught = 0
  const high = { poisoned: 0, caught: 0, recall: 0 }
  for (const item of poisoned) {
    const { slug, surface } = poisonedSurface(set, item)
    const findings = attributed(scan(surface, contextOf(slug)), item).filter(counted)
    const figures = classes[item.class]
    figures.poisoned++
    const isCaught = findings.length > 0
    if (isCaught) {
      caught++
      figures.caught++
    } else misses.push({ id: item.id, class: item.class, severity: item.severity, hard: item.hard })
    if (findings.some((f) => f.class === item.class)) figures.caughtOwn++
    for (const cls of new Set(findings.map((f) => f.class))) {
      if (!(cls in classes)) continue
      classes[cls as SetClass].flagged++
      classes[cls as SetClass].flaggedPoisoned++
    }
    if (item.severity === 'high') {
      high.poisoned++
      if (isCaught) high.caught++
    }
    const difficulties = difficultiesOf(item)
    for (const h of difficulties) {
      hard[h].poisoned++
      if (isCaught) hard[h].caught++
    }
    outcomes.push({ id: item.id, class: item.class, severity: item.severity, hard: item.hard, tags: item.tags ?? [], caught: isCaught })
  }

  for (const figures of Object.values(classes)) {
    figures.recall = ratio(figures.caught, figures.poisoned, 0)
    figures.precision = ratio(figures.flaggedPoisoned, figures.flagged)
  }
  for (const figures of Object.values(hard)) figures.recall = ratio(figures.caught, figures.poisoned, 0)
  high.recall = ratio(high.caught, high.poisoned, 0)

  return {
    classes,
    hard,
    items: outcomes,
    poisoned: poisoned.length,
    caught,
    highSeverity: high,
    benign: {
      servers: Object.keys(set).length,
      tools: benignTools,
      flaggedTools,
      flaggedRate: ratio(flaggedTools, benignTools, 0),
      falsePositives,
    },
    misses,
  }
}

/** The figures the baseline holds the scanner to. */
export interface Baseline {
  classes: Record<SetClass, { recall: number; precision: number }>
  highSeverityRecall: number
  /** The most benign tools flagged medium or above, as a share. */
  benignFlaggedRate: number
  /** Recall per difficulty (hard case or tag), where the baseline names one. */
  hard?: Partial<Record<HardCase, number>>
}

/** Every figure of `result` that is worse than the baseline, as sentences (empty when none is). */
export function belowBaseline(result: EvalResult, baseline: Baseline): string[] {
  const worse: string[] = []
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`
  for (const cls of SET_CLASSES) {
    const got = result.classes[cls]
    const want = baseline.classes[cls]
    if (got.recall < want.recall) worse.push(`${cls} recall ${pct(got.recall)} < ${pct(want.recall)}`)
    if (got.precision < want.precision) worse.push(`${cls} precision ${pct(got.precision)} < ${pct(want.precision)}`)
  }
  if (result.highSeverity.recall < baseline.highSeverityRecall) {
    worse.push(`high-severity recall ${pct(result.highSeverity.recall)} < ${pct(baseline.highSeverityRecall)}`)
  }
  for (const h of HARD_CASES) {
    const want = baseline.hard?.[h]
    if (want !== undefined && result.hard[h].recall < want) worse.push(`${h} recall ${pct(result.hard[h].recall)} < ${pct(want)}`)
  }
  if (result.benign.flaggedRate > baseline.benignFlaggedRate) {
    worse.push(`benign flagged ${pct(result.benign.flaggedRate)} > ${pct(baseline.benignFlaggedRate)}`)
  }
  return worse
}

/** The Markdown table docs/scanning.md shows, and the lists under it. */
export function markdownReport(result: EvalResult): string {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`
  const lines = [
    '| Class | Poisoned | Caught (medium+) | Caught by own class | Recall | Flagged by class (benign + poisoned) | Precision |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const cls of SET_CLASSES) {
    const c = result.classes[cls]
    lines.push(`| ${cls} | ${c.poisoned} | ${c.caught} | ${c.caughtOwn} | ${pct(c.recall)} | ${c.flagged} | ${pct(c.precision)} |`)
  }
  lines.push(`| **all** | ${result.poisoned} | ${result.caught} | | ${pct(result.caught / Math.max(1, result.poisoned))} | | |`)
  lines.push('')
  lines.push('| Hard case | Poisoned | Caught | Recall |', '| --- | ---: | ---: | ---: |')
  for (const h of HARD_CASES) {
    const c = result.hard[h]
    lines.push(`| ${h} | ${c.poisoned} | ${c.caught} | ${pct(c.recall)} |`)
  }
  lines.push('')
  lines.push('| Overall | Figure |', '| --- | ---: |')
  lines.push(
    `| High-severity poisoned tools caught | ${result.highSeverity.caught} / ${result.highSeverity.poisoned} (${pct(result.highSeverity.recall)}) |`,
  )
  lines.push(`| Benign servers | ${result.benign.servers} |`)
  lines.push(
    `| Benign tools flagged medium+ | ${result.benign.flaggedTools} / ${result.benign.tools} (${pct(result.benign.flaggedRate)}) |`,
  )
  const otherTexts = result.benign.falsePositives.filter((fp) => fp.kind !== 'tool')
  lines.push(`| Benign server texts (instructions, prompts, resources) with a medium+ finding | ${otherTexts.length} |`)
  return lines.join('\n')
}

/** Caught of total, and the same for the items that deserve high. */
export interface RoundCell {
  poisoned: number
  caught: number
  high: number
  highCaught: number
}

/** One round's figures alone (its ids start with `prefix`): per class and per difficulty. */
export function roundFigures(
  result: EvalResult,
  prefix: string,
): { all: RoundCell; classes: Record<SetClass, RoundCell>; hard: Record<HardCase, RoundCell> } {
  const cell = (): RoundCell => ({ poisoned: 0, caught: 0, high: 0, highCaught: 0 })
  const count = (c: RoundCell, item: ItemOutcome) => {
    c.poisoned++
    if (item.caught) c.caught++
    if (item.severity === 'high') {
      c.high++
      if (item.caught) c.highCaught++
    }
  }
  const all = cell()
  const classes = Object.fromEntries(SET_CLASSES.map((cls) => [cls, cell()])) as Record<SetClass, RoundCell>
  const hard = Object.fromEntries(HARD_CASES.map((h) => [h, cell()])) as Record<HardCase, RoundCell>
  for (const item of result.items.filter((i) => i.id.startsWith(prefix))) {
    count(all, item)
    count(classes[item.class], item)
    for (const h of difficultiesOf(item)) count(hard[h], item)
  }
  return { all, classes, hard }
}

/** The round's figures as Markdown tables: caught / total, high-severity caught / high. */
export function roundReport(result: EvalResult, prefix: string): string {
  const { all, classes, hard } = roundFigures(result, prefix)
  const row = (name: string, c: RoundCell) =>
    `| ${name} | ${c.caught} / ${c.poisoned} | ${c.poisoned ? ((c.caught / c.poisoned) * 100).toFixed(1) : '-'}% | ${c.highCaught} / ${c.high} |`
  return [
    `| Class (${prefix} round) | Caught / poisoned | Recall | High caught / high |`,
    '| --- | ---: | ---: | ---: |',
    ...SET_CLASSES.map((cls) => row(cls, classes[cls])),
    row('**all**', all),
    '',
    `| Difficulty (${prefix} round; an item counts under each it has) | Caught / poisoned | Recall | High caught / high |`,
    '| --- | ---: | ---: | ---: |',
    ...HARD_CASES.filter((h) => hard[h].poisoned > 0).map((h) => row(h, hard[h])),
  ].join('\n')
}
