/**
 * The scan of a surface: every rule (rules/) over every text a model reads (texts.ts), the
 * trigger-woken rules again over each text's decoded view when it holds encoded text (decode.ts),
 * and the rules that allow it over each item's texts joined in one, for an instruction split across
 * fields. Local, deterministic and bounded: no outside service, the same findings in the same
 * order for the same surface, at most MAX_FINDINGS.
 */
import type { Finding, RiskLevel, Severity, SurfaceItemKind } from '@shared/scan'
import type { Surface, SurfaceTool } from '@shared/surface'
import { type DecodedSegment, type DecodedView, decodedView, describeEncodings, viewSpan } from './decode'
import { type Hit, type ItemContext, PROSE, PROSE_AND_VALUES, type Rule, type RuleInput, type ScanContext } from './rule-types'
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
  // The copy rule weighs a name's text against what the other tools say (detectors/deceptive-name.ts).
  const siblingTexts = new Map<string, string>()
  for (const tool of surface.tools ?? []) siblingTexts.set(tool.name, `${tool.title ?? ''}\n${tool.description ?? ''}`)
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
    if (!out.has(key)) out.set(key, { kind, name, siblings, siblingTexts, purpose: `${server} ${own}`, own, ...(tool ? { tool } : {}) })
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
  /** The text with its encoded segments decoded (decode.ts), null when it holds none; absent when not worked out. */
  view?: DecodedView | null
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

/** One rule over one text, its hits added as findings (and returned). */
function runOn(rule: Rule, text: SurfaceText, input: RuleInput, cache: TextCache, add: (finding: Finding) => void): Hit[] {
  if (!appliesTo(rule, text.kind)) return []
  const hits = runRule(rule, input, cache)
  for (const hit of hits) add(toFinding(rule, text, hit))
  return hits
}

/** Roles read decoded as well: prose and the values a schema offers. Names, addresses and keywords are read as written. */
const DECODED_ROLES: ReadonlySet<TextRole> = new Set(PROSE_AND_VALUES)

const SEVERITY_OF_RANK: readonly Severity[] = ['low', 'low', 'medium', 'high']

/** A finding read through an encoding that hid what needed no encoding is at least medium: someone took the trouble. */
const encodedSeverity = (severity: Severity, segments: readonly { hides: boolean }[]): Severity =>
  segments.some((seg) => seg.hides) ? SEVERITY_OF_RANK[Math.max(SEVERITY_RANK[severity], SEVERITY_RANK.medium)] : severity

/** A reason after 'Decoded from ...:': its first letter small, unless it starts an acronym (ROT13). */
const lowerFirst = (text: string) => (/^[A-Z](?:[a-z]|\s)/.test(text) ? text[0].toLowerCase() + text.slice(1) : text)

/**
 * The trigger-woken rules over a text's decoded view (the character rules read the raw characters
 * and are not run again). A hit counts when it reads decoded words and the same rule found nothing
 * there in the text as written; it sits on the encoded span of the original field, its excerpt
 * shows the decoded words and its reason says what they were decoded from. Encoding what needs no
 * encoding is a disguise: such a finding is at least medium.
 */
function decodedFindings(
  view: DecodedView,
  text: SurfaceText,
  input: RuleInput,
  plan: RolePlan,
  raw: ReadonlyMap<Rule, Hit[]>,
  add: (finding: Finding) => void,
): void {
  const cache: TextCache = {}
  const viewInput: RuleInput = { ...input, text: view.text, words: undefined }
  wake(cache, view.text)
  for (const rule of cache.woken!) {
    if (!plan.triggered.has(rule) || !appliesTo(rule, text.kind)) continue
    for (const hit of runRule(rule, viewInput, cache)) {
      if (hit.field) continue
      const span = viewSpan(view, hit.start, hit.end)
      if (!span) continue
      if ((raw.get(rule) ?? []).some((h) => h.start < span.end && span.start < h.end)) continue
      const severity = encodedSeverity(hit.severity ?? rule.severity, span.segments)
      add({
        rule: rule.id,
        class: rule.class,
        severity,
        kind: text.kind,
        item: text.item,
        field: text.field,
        start: span.start,
        end: span.end,
        excerpt: hit.excerpt ?? renderExcerpt(view.text.slice(hit.start, hit.end)),
        reason: `Decoded from ${describeEncodings(span.segments)}: ${lowerFirst(hit.reason ?? rule.reason)}`,
      })
    }
  }
}

/** Roles joined in an item's whole text in place: its prose, and the values its schemas offer (enum values, defaults, examples, consts). */
const JOINED_ROLES: ReadonlySet<TextRole> = new Set([...PROSE, 'enum', 'default', 'example', 'const'])

/** The longest name read as words: a name is an identifier, not a place for paragraphs. */
const MAX_NAME_WORDS = 200

/**
 * A property or argument name as the words it is made of ('send_to_email', 'ignorePrevious' read
 * 'send to email', 'ignore Previous'), offsets mapped back; null unless it is two words of two
 * letters or more (a name such as 'q', 'id' or 'path' adds nothing to read).
 */
export function nameAsWords(name: string): Normalized | null {
  if (name.length > MAX_NAME_WORDS) return null
  const norm = normalizeForMatching(name)
  const src = norm.text
  const origin = (i: number) => (norm.map ? norm.map[i] : i)
  let text = ''
  const map: number[] = []
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]
    if (/[_\-.\s]/.test(ch)) {
      text += ' '
      map.push(origin(i))
      continue
    }
    // camelCase: a capital after a small letter starts a word.
    if (i > 0 && /[A-Z]/.test(ch) && /[a-z]/.test(src[i - 1])) {
      text += ' '
      map.push(origin(i))
    }
    text += ch
    map.push(origin(i))
  }
  map.push(origin(src.length))
  if ((text.match(/\p{L}{2,}/gu)?.length ?? 0) < 2) return null
  return { text, map: Int32Array.from(map) }
}

/** One piece of an item's whole text: the text, what the rules read of it (normalized, decoded, mapped to the original), its decoded view. */
interface Piece {
  text: SurfaceText
  norm: Normalized
  /** When the text holds encoded segments: its decoded view, and that view normalized (offsets into the view). */
  view?: DecodedView
  viewNorm?: Normalized
  /** A name read as words: no rule reads it so alone, so a match inside it counts too. */
  worded?: boolean
}

/** A text as a piece of the whole: read decoded when it holds encoded segments, its offsets mapped to the original. */
function pieceOf(text: SurfaceText, cache: TextCache): Piece {
  const view = cache.view
  if (!view) return { text, norm: cache.norm ?? normalizeForMatching(text.text) }
  const viewNorm = normalizeForMatching(view.text)
  const n = viewNorm.text.length
  const map = new Int32Array(n + 1)
  for (let j = 0; j < n; j++) map[j] = view.from[viewNorm.map ? viewNorm.map[j] : j]
  map[n] = text.text.length
  return { text, norm: { text: viewNorm.text, map }, view, viewNorm }
}

/** An item's whole text, joined by spaces, and where each piece starts. */
interface Joined {
  pieces: Piece[]
  woken: Set<Rule>
  words: Set<string>
  starts: number[]
  text: string
}

function join(pieces: Piece[]): Joined {
  const starts: number[] = []
  let text = ''
  for (const piece of pieces) {
    starts.push(text.length)
    text += `${piece.norm.text} `
  }
  // Read whole: a trigger word may be split between two pieces, or come from a decoded one.
  const { rules: woken, words } = triggersIn(text.toLowerCase())
  return { pieces, woken, words, starts, text }
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

/** The decoded segments a joined span reads, piece by piece. */
function decodedIn(joined: Joined, a: number, b: number, start: number, end: number): DecodedSegment[] {
  const out: DecodedSegment[] = []
  for (let p = a; p <= b; p++) {
    const { view, viewNorm, norm } = joined.pieces[p]
    if (!view || !viewNorm) continue
    const from = Math.max(0, start - joined.starts[p])
    const to = Math.min(norm.text.length, end - joined.starts[p])
    if (to <= from) continue
    const inView = toOriginal(viewNorm, from, to)
    out.push(...(viewSpan(view, inView.start, inView.end)?.segments ?? []))
  }
  return out
}

/**
 * An across-rule over one item's whole text, keeping only matches that cross from one field into
 * another (a match inside one field is found by the field's own scan), or that lie inside a name
 * read as words (which no rule reads so on its own). The finding sits in the
 * field where the words start, from there to that field's end; the excerpt shows the words joined,
 * decoded where they were encoded, and the reason names every field the words span.
 */
function acrossFindings(rule: Rule, joined: Joined, item: ItemContext, context: ScanContext): Finding[] {
  if (rule.triggers && !joined.woken.has(rule)) return []
  const first = joined.pieces[0].text
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
    if (a === b && !joined.pieces[a].worded) continue
    const text = joined.pieces[a].text
    const startInPiece = hit.start - joined.starts[a]
    const { start } = toOriginal(joined.pieces[a].norm, startInPiece, startInPiece)
    const fields = [...new Set(joined.pieces.slice(a, b + 1).map((p) => p.text.field))]
    const decoded = decodedIn(joined, a, b, hit.start, hit.end)
    const severity = encodedSeverity(hit.severity ?? rule.severity, decoded)
    const reason = `${(hit.reason ?? rule.reason).replace(/\.$/, '')}, ${a === b ? 'in the words of' : 'split across'} ${fields.join(' and ')}.`
    out.push({
      rule: rule.id,
      class: rule.class,
      severity,
      kind: text.kind,
      item: text.item,
      field: text.field,
      start,
      end: text.text.length,
      excerpt: renderExcerpt(joined.text.slice(hit.start, hit.end)),
      reason: decoded.length > 0 ? `Decoded from ${describeEncodings(decoded)}: ${lowerFirst(reason)}` : reason,
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
  // Each item's texts for its whole text: prose and values in place, names read as words after them
  // (in place, 'mode' between a description and its parameter's would cut a sentence split there).
  const wholes = new Map<string, { texts: Array<[SurfaceText, TextCache]>; names: Piece[] }>()
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
    const raw = new Map<Rule, Hit[]>()
    if (plan.triggered.size > 0) {
      wake(cache, text.text)
      for (const rule of cache.woken!) if (plan.triggered.has(rule)) raw.set(rule, runOn(rule, text, input, cache, add))
      if (DECODED_ROLES.has(text.role)) {
        cache.view = decodedView(text.text)
        if (cache.view) decodedFindings(cache.view, text, input, plan, raw, add)
      }
    }
    const whole = wholes.get(key) ?? wholes.set(key, { texts: [], names: [] }).get(key)!
    if (JOINED_ROLES.has(text.role) && text.text.trim()) whole.texts.push([text, cache])
    else if (text.role === 'property-name' || text.role === 'argument-name') {
      const worded = nameAsWords(text.text)
      if (worded) whole.names.push({ text, norm: worded, worded: true })
    }
  }
  for (const [key, { texts, names }] of wholes) {
    if (texts.length + names.length < 2) continue
    const joined = join([...texts.map(([text, cache]) => pieceOf(text, cache)), ...names])
    if (!ACROSS_RULES.some((rule) => joined.woken.has(rule))) continue
    const item = contexts.get(key)!
    for (const rule of ACROSS_RULES) {
      if (!appliesTo(rule, joined.pieces[0].text.kind)) continue
      for (const finding of acrossFindings(rule, joined, item, context)) add(finding)
    }
  }
  return [...found.values()].sort(compareFindings).slice(0, MAX_FINDINGS)
}
