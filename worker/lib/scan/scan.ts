/**
 * The scan of a surface: every rule (rules/) over every text a model reads (texts.ts), and the
 * rules that allow it over each item's prose joined in one text, for an instruction split across
 * fields. Local, deterministic and bounded: no outside service, the same findings in the same
 * order for the same surface, at most MAX_FINDINGS.
 */
import type { Finding, RiskLevel, Severity, SurfaceItemKind } from '@shared/scan'
import type { Surface, SurfaceTool } from '@shared/surface'
import { type Hit, type ItemContext, PROSE, type Rule, type RuleInput, type ScanContext } from './rule-types'
import { RULES } from './rules'
import { type SurfaceText, surfaceTexts, TEXT_ROLES, type TextRole } from './texts'
import { hasConfusableLetters, hasHiddenCharacters, type Normalized, normalizeForMatching, renderExcerpt, toOriginal } from './unicode'

export type { ScanContext } from './rule-types'

/** Bump when a rule changes, so stored surfaces are scanned again. */
export const SCANNER_VERSION = 3

/** Findings kept per surface: the most severe first. */
export const MAX_FINDINGS = 200

/** Hits kept per rule per text: a text with a thousand zero-width characters is one problem, not a thousand. */
const MAX_HITS_PER_TEXT = 10

const SEVERITY_RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 }
const KIND_RANK: Record<SurfaceItemKind, number> = { server: 0, tool: 1, prompt: 2, resource: 3, resourceTemplate: 4 }

/** A surface's risk: the highest severity among the findings, 'none' without one. */
export function riskLevel(findings: readonly { severity: Severity }[]): RiskLevel {
  let best: RiskLevel = 'none'
  for (const { severity } of findings) {
    if (severity === 'high') return 'high'
    if (best === 'none' || SEVERITY_RANK[severity] > SEVERITY_RANK[best]) best = severity
  }
  return best
}

/**
 * The rules each role of text gets, grouped by what decides whether they run: the rules without a
 * gate, those that need hidden characters, those that need look-alike letters, and those woken by
 * trigger words. A text costs one call per rule that can find something, not one per rule.
 */
interface RolePlan {
  always: readonly Rule[]
  hidden: readonly Rule[]
  confusable: readonly Rule[]
  triggered: ReadonlySet<Rule>
}

const PLANS: ReadonlyMap<TextRole, RolePlan> = new Map(
  TEXT_ROLES.map((role) => {
    const rules = RULES.filter((rule) => !rule.roles || rule.roles.includes(role))
    const plan: RolePlan = {
      always: rules.filter((rule) => !rule.chars && !rule.triggers),
      hidden: rules.filter((rule) => rule.chars === 'hidden'),
      confusable: rules.filter((rule) => rule.chars === 'confusable'),
      triggered: new Set(rules.filter((rule) => !rule.chars && rule.triggers)),
    }
    return [role, plan]
  }),
)

const ACROSS_RULES = RULES.filter((rule) => rule.across)

/** The first sentence of a description: what an item says it is for, before anything it asks. */
function firstSentence(text: string | undefined | null): string {
  if (!text) return ''
  const cut = text.slice(0, 240)
  const end = cut.search(/[.!?](?:\s|$)|\n/)
  return end === -1 ? cut : cut.slice(0, end)
}

const itemKey = (kind: SurfaceItemKind, name: string | null) => `${kind}\u0000${name ?? ''}`

/** Each item's context: its purpose, and the names of the surface's own tools and prompts. */
function itemContexts(surface: Surface): Map<string, ItemContext> {
  const siblings = new Set<string>()
  for (const tool of surface.tools ?? []) siblings.add(tool.name)
  for (const prompt of surface.prompts ?? []) siblings.add(prompt.name)
  const server = `${surface.serverInfo?.name ?? ''} ${surface.serverInfo?.title ?? ''}`
  const out = new Map<string, ItemContext>()
  const add = (
    kind: SurfaceItemKind,
    name: string | null,
    title: string | undefined,
    description: string | undefined | null,
    tool?: SurfaceTool,
  ) => {
    const key = itemKey(kind, name)
    const own = `${name ?? ''} ${title ?? ''} ${firstSentence(description)}`
    if (!out.has(key)) out.set(key, { kind, name, siblings, purpose: `${server} ${own}`, own, ...(tool ? { tool } : {}) })
  }
  add('server', null, undefined, surface.instructions)
  for (const tool of surface.tools ?? []) add('tool', tool.name, tool.title ?? tool.annotations?.title, tool.description, tool)
  for (const prompt of surface.prompts ?? []) add('prompt', prompt.name, prompt.title, prompt.description)
  for (const resource of surface.resources ?? []) add('resource', resource.name, resource.title, resource.description)
  for (const template of surface.resourceTemplates ?? []) add('resourceTemplate', template.name, template.title, template.description)
  return out
}

/** Each trigger word, and the rules it wakes: its own, and those of every trigger it starts with. */
const WAKES: ReadonlyMap<string, readonly Rule[]> = (() => {
  const own = new Map<string, Set<Rule>>()
  for (const rule of RULES) for (const word of rule.triggers ?? []) (own.get(word) ?? own.set(word, new Set()).get(word)!).add(rule)
  const out = new Map<string, Rule[]>()
  for (const word of own.keys()) {
    const rules = new Set<Rule>()
    for (const [prefix, set] of own) if (word.startsWith(prefix)) for (const rule of set) rules.add(rule)
    out.set(word, [...rules])
  }
  return out
})()

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every trigger word in one pattern, the longest first, so one pass over a text finds them all. */
const TRIGGERS = new RegExp(
  [...WAKES.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|'),
  'g',
)

/** Each trigger word and the trigger words it starts with (itself among them). */
const PREFIXES: ReadonlyMap<string, readonly string[]> = new Map(
  [...WAKES.keys()].map((word) => [word, [...WAKES.keys()].filter((prefix) => word.startsWith(prefix))]),
)

/** The rules with triggers that a text wakes, and the trigger words it holds (read lowercased, normalized). */
export function triggersIn(lower: string): { rules: Set<Rule>; words: Set<string> } {
  const rules = new Set<Rule>()
  const words = new Set<string>()
  TRIGGERS.lastIndex = 0
  for (let m = TRIGGERS.exec(lower); m; m = TRIGGERS.exec(lower)) {
    if (!words.has(m[0])) {
      for (const prefix of PREFIXES.get(m[0]) ?? []) words.add(prefix)
      for (const rule of WAKES.get(m[0]) ?? []) rules.add(rule)
    }
    // Every start: a trigger may begin inside another one's match.
    TRIGGERS.lastIndex = m.index + 1
  }
  return { rules, words }
}

/** What is worked out once per text and shared by every rule reading it. */
export interface TextCache {
  norm?: Normalized
  hidden?: boolean
  confusable?: boolean
  woken?: Set<Rule>
  words?: Set<string>
}

const normalizeOnce = (cache: TextCache, text: string) => {
  if (!cache.norm) cache.norm = normalizeForMatching(text)
  return cache.norm
}

/** The rules a text wakes and the trigger words it holds, worked out once. */
function wake(cache: TextCache, text: string): void {
  if (cache.woken) return
  const found = triggersIn(normalizeOnce(cache, text).text.toLowerCase())
  cache.woken = found.rules
  cache.words = found.words
}

/** Whether a rule can find anything in a text at all, by the cheap tests worked out once per text. */
function mayMatch(rule: Rule, text: string, cache: TextCache): boolean {
  if (rule.chars === 'hidden') {
    if (cache.hidden === undefined) cache.hidden = hasHiddenCharacters(text)
    return cache.hidden
  }
  if (rule.chars === 'confusable') {
    if (cache.confusable === undefined) cache.confusable = hasConfusableLetters(text)
    return cache.confusable
  }
  if (rule.triggers) {
    wake(cache, text)
    return cache.woken!.has(rule)
  }
  return true
}

/** A rule pattern's matches in a text (global patterns: every one, at most MAX_HITS_PER_TEXT; empty matches skipped). */
function patternHits(pattern: RegExp, text: string): Hit[] {
  const hits: Hit[] = []
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m && hits.length < MAX_HITS_PER_TEXT; m = pattern.exec(text)) {
    if (m[0].length === 0) {
      pattern.lastIndex++
      continue
    }
    hits.push({ start: m.index, end: m.index + m[0].length })
  }
  return hits
}

/** A rule's hits in one text, in the raw text's offsets; what the rules share is worked out once per text. */
export function runRule(rule: Rule, input: RuleInput, cache: TextCache = {}): Hit[] {
  if (!mayMatch(rule, input.text, cache)) return []
  if (cache.words && !input.words) input.words = cache.words
  let hits: Hit[]
  if (rule.test instanceof RegExp) {
    const norm = normalizeOnce(cache, input.text)
    hits = patternHits(rule.test, norm.text).map((hit) => toOriginal(norm, hit.start, hit.end))
  } else if (rule.test.on === 'raw') {
    hits = rule.test.find(input.text, input).slice(0, MAX_HITS_PER_TEXT)
  } else {
    const norm = normalizeOnce(cache, input.text)
    hits = rule.test
      .find(norm.text, input)
      .slice(0, MAX_HITS_PER_TEXT)
      .map((hit) => ({ ...hit, ...toOriginal(norm, hit.start, hit.end) }))
  }
  return hits
}

function toFinding(rule: Rule, text: SurfaceText, hit: Hit): Finding {
  return {
    rule: rule.id,
    class: rule.class,
    severity: hit.severity ?? rule.severity,
    kind: text.kind,
    item: text.item,
    field: hit.field ?? text.field,
    start: hit.start,
    end: hit.end,
    excerpt: hit.excerpt ?? renderExcerpt(text.text.slice(hit.start, hit.end)),
    reason: hit.reason ?? rule.reason,
  }
}

const appliesTo = (rule: Rule, kind: SurfaceItemKind) => !rule.kinds || rule.kinds.includes(kind)

/** One rule over one text, its hits added as findings. */
function runOn(rule: Rule, text: SurfaceText, input: RuleInput, cache: TextCache, add: (finding: Finding) => void): void {
  if (!appliesTo(rule, text.kind)) return
  for (const hit of runRule(rule, input, cache)) add(toFinding(rule, text, hit))
}

/** The prose of one item, joined by spaces, and where each piece starts. */
interface Joined {
  texts: SurfaceText[]
  woken: Set<Rule>
  words: Set<string>
  norms: Normalized[]
  starts: number[]
  text: string
}

function join(texts: SurfaceText[], caches: TextCache[]): Joined {
  const norms = texts.map((t, i) => caches[i].norm ?? normalizeForMatching(t.text))
  const woken = new Set<Rule>()
  const words = new Set<string>()
  for (const cache of caches) {
    for (const rule of cache.woken ?? []) woken.add(rule)
    for (const word of cache.words ?? []) words.add(word)
  }
  const starts: number[] = []
  let text = ''
  for (const norm of norms) {
    starts.push(text.length)
    text += `${norm.text} `
  }
  return { texts, woken, words, norms, starts, text }
}

/** Which piece of a joined text an offset falls in. */
function pieceAt(joined: Joined, offset: number): number {
  let lo = 0
  let hi = joined.starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (joined.starts[mid] <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * An across-rule over one item's joined prose, keeping only matches that cross from one field into
 * another (a match inside one field is found by the field's own scan). The finding sits in the
 * field where the words start, from there to that field's end; the excerpt shows the words joined.
 */
function acrossFindings(rule: Rule, joined: Joined, item: ItemContext, context: ScanContext): Finding[] {
  if (rule.triggers && !joined.woken.has(rule)) return []
  const first = joined.texts[0]
  const input: RuleInput = { text: joined.text, role: 'description', kind: first.kind, field: '', item, context, words: joined.words }
  let hits: Hit[]
  if (rule.test instanceof RegExp) {
    hits = patternHits(rule.test, joined.text)
  } else if (rule.test.on === 'normalized') {
    hits = rule.test.find(joined.text, input).slice(0, MAX_HITS_PER_TEXT)
  } else return []
  const out: Finding[] = []
  for (const hit of hits) {
    const a = pieceAt(joined, hit.start)
    const b = pieceAt(joined, Math.max(hit.start, hit.end - 1))
    if (a === b) continue
    const text = joined.texts[a]
    const startInPiece = hit.start - joined.starts[a]
    const { start } = toOriginal(joined.norms[a], startInPiece, startInPiece)
    const fields = [...new Set(joined.texts.slice(a, b + 1).map((t) => t.field))]
    out.push({
      rule: rule.id,
      class: rule.class,
      severity: hit.severity ?? rule.severity,
      kind: text.kind,
      item: text.item,
      field: text.field,
      start,
      end: text.text.length,
      excerpt: renderExcerpt(joined.text.slice(hit.start, hit.end)),
      reason: `${(hit.reason ?? rule.reason).replace(/\.$/, '')}, split across ${fields.join(' and ')}.`,
    })
  }
  return out
}

function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    compareText(a.item ?? '', b.item ?? '') ||
    compareText(a.field, b.field) ||
    a.start - b.start ||
    a.end - b.end ||
    compareText(a.rule, b.rule)
  )
}

/** Code-unit order: the same everywhere, unlike localeCompare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Every finding in a surface, deduplicated (same rule, item, field and span), the most severe
 * first (then by kind, item, field and offset), at most MAX_FINDINGS.
 *
 * @example riskLevel(scanSurface(surface, { otherToolNames }))
 */
export function scanSurface(surface: Surface, context: ScanContext = {}): Finding[] {
  const contexts = itemContexts(surface)
  const found = new Map<string, Finding>()
  const add = (finding: Finding) => {
    const key = `${finding.rule}\u0000${finding.kind}\u0000${finding.item ?? ''}\u0000${finding.field}\u0000${finding.start}\u0000${finding.end}`
    if (!found.has(key)) found.set(key, finding)
  }
  const prose = new Map<string, { texts: SurfaceText[]; caches: TextCache[] }>()
  for (const text of surfaceTexts(surface)) {
    const key = itemKey(text.kind, text.item)
    const item = contexts.get(key) ?? { kind: text.kind, name: text.item, purpose: '', own: '', siblings: new Set<string>() }
    const input: RuleInput = {
      text: text.text,
      role: text.role,
      kind: text.kind,
      field: text.field,
      required: text.required,
      note: text.note,
      item,
      context,
    }
    const cache: TextCache = {}
    const plan = PLANS.get(text.role)!
    for (const rule of plan.always) runOn(rule, text, input, cache, add)
    if (plan.hidden.length > 0 && hasHiddenCharacters(text.text)) for (const rule of plan.hidden) runOn(rule, text, input, cache, add)
    if (plan.confusable.length > 0 && hasConfusableLetters(text.text))
      for (const rule of plan.confusable) runOn(rule, text, input, cache, add)
    if (plan.triggered.size > 0) {
      wake(cache, text.text)
      for (const rule of cache.woken!) if (plan.triggered.has(rule)) runOn(rule, text, input, cache, add)
    }
    if (PROSE.includes(text.role) && text.text.trim()) {
      wake(cache, text.text)
      const list = prose.get(key)
      if (list) {
        list.texts.push(text)
        list.caches.push(cache)
      } else prose.set(key, { texts: [text], caches: [cache] })
    }
  }
  for (const [key, { texts, caches }] of prose) {
    if (texts.length < 2) continue
    const joined = join(texts, caches)
    if (!ACROSS_RULES.some((rule) => joined.woken.has(rule))) continue
    const item = contexts.get(key)!
    for (const rule of ACROSS_RULES) {
      if (!appliesTo(rule, texts[0].kind)) continue
      for (const finding of acrossFindings(rule, joined, item, context)) add(finding)
    }
  }
  return [...found.values()].sort(compareFindings).slice(0, MAX_FINDINGS)
}
