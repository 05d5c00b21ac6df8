/**
 * What the catalogue's scanner finds in a server's surface (the texts an AI client's model reads)
 * and what changed between two surfaces of one server. Shared by the Worker (worker/lib/scan/,
 * storage, the APIs, the feeds) and the SPA (badges, the Tools tab, the Changes timeline, the
 * review queue). Every string quoted here came from a stranger's server: plain text, never HTML.
 */

/** How bad one finding is. */
export type Severity = 'low' | 'medium' | 'high'

export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high']

/** A version's risk: the highest severity among its surface's open findings, 'none' without one. */
export type RiskLevel = 'none' | Severity

export const RISK_LEVELS: readonly RiskLevel[] = ['none', 'low', 'medium', 'high']

/**
 * The attack class a rule belongs to; the labelled set measures precision and recall per class.
 * - invisible: tag characters, zero-width, bidirectional controls, soft hyphens, stray variation selectors
 * - deceptive-name: names mixing scripts or imitating another listed server's tool name
 * - model-directed: instructions aimed at the model (override, secrecy, urgency wrappers, call-this-first, shadowing)
 * - secrets: reaching for credential files, keys, client configuration, unexplained token parameters
 * - exfiltration: URLs, email addresses, image links, parameters told to carry conversation or file contents
 * - hidden-bulk: very long texts, encoded blobs, HTML comments, terminal escape sequences
 * - annotation-honesty: hints that claim less than the tool says it does (readOnlyHint: true on a tool that deletes, sends, pays or runs commands...)
 * - change: a surface that changed in a way that needs a person's eye (without a new version, a tool turned destructive...)
 */
export type ScanClass =
  | 'invisible'
  | 'deceptive-name'
  | 'model-directed'
  | 'secrets'
  | 'exfiltration'
  | 'hidden-bulk'
  | 'annotation-honesty'
  | 'change'

export const SCAN_CLASSES: readonly ScanClass[] = [
  'invisible',
  'deceptive-name',
  'model-directed',
  'secrets',
  'exfiltration',
  'hidden-bulk',
  'annotation-honesty',
  'change',
]

/** What a finding or a change is about. 'server' is the surface as a whole (its instructions, its serverInfo). */
export type SurfaceItemKind = 'server' | 'tool' | 'prompt' | 'resource' | 'resourceTemplate'

/** One thing a rule found, at one place in one text. */
export interface Finding {
  /** The rule's id, stable across releases (for example 'invisible.tag-characters'). */
  rule: string
  class: ScanClass
  severity: Severity
  kind: SurfaceItemKind
  /** The tool's (prompt's, resource's) name; null for the server's own texts. */
  item: string | null
  /**
   * Where in the item the text sits, as a dotted path from the item: 'name', 'description',
   * 'inputSchema.properties.path.description', 'inputSchema.properties.mode.enum.2',
   * 'annotations.title', 'arguments.0.description'; for kind 'server': 'instructions', 'serverInfo.name'.
   */
  field: string
  /** The span in that text, in UTF-16 code units (JavaScript string offsets), end exclusive. */
  start: number
  end: number
  /** The span as a person can read it: invisible characters written as <U+E0041>, cut to 200 characters. */
  excerpt: string
  /** One sentence a person understands: why this is a risk. */
  reason: string
}

/** An admin's decision on a finding (or a change): shown beside it wherever it is shown. */
export interface ReviewDecision {
  status: 'dismissed' | 'hidden'
  reason: string
  by: string
  at: string
}

/** A finding as the APIs carry it: with its stored id and the admin's decision when there is one. */
export interface StoredFinding extends Finding {
  id: number
  review: ReviewDecision | null
}

/** One part of a word-level diff: text kept, added or removed, in order. */
export interface DiffPart {
  op: 'same' | 'added' | 'removed'
  text: string
}

/** One difference between two versions of a JSON Schema (input or output), by property path. */
export interface SchemaChange {
  /** 'inputSchema' or 'outputSchema'. */
  schema: 'inputSchema' | 'outputSchema'
  /** The property's path: 'path', 'options.recursive'; '' for the schema itself. */
  path: string
  change: 'added' | 'removed' | 'type' | 'required' | 'optional' | 'description' | 'enum' | 'default' | 'other'
  /** A short plain rendering of the old and new value (a type, a description, an enum list), when there is one. */
  before?: string
  after?: string
}

/** One annotation hint that changed; `risky` when it now promises less safety (destructiveHint on, readOnlyHint off...). */
export interface AnnotationChange {
  hint: 'title' | 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'
  before: string | boolean | null
  after: string | boolean | null
  risky: boolean
  /**
   * Present (true) when the tool now claims more safety than before: readOnlyHint turned on,
   * destructiveHint turned off or dropped, openWorldHint turned off. Clients then stop asking
   * before it runs, so the change rules weigh it against what the tool says it does.
   */
  claimsSafer?: boolean
}

/** What happened to one tool, prompt, resource or resource template between two surfaces. */
export interface ItemChange {
  kind: Exclude<SurfaceItemKind, 'server'>
  change: 'added' | 'removed' | 'renamed' | 'changed'
  /** The name now (for 'removed', the name it had). */
  name: string
  /** For 'renamed': the name it had (same definition otherwise, or close to it). */
  previousName?: string
  /** The title's old and new text, when it changed. */
  title?: { before: string | null; after: string | null }
  /** A word-level diff of the description, when it changed. */
  description?: DiffPart[]
  /** For tools: what changed in the input and output schemas. */
  schema?: SchemaChange[]
  /** For tools: hints that changed. */
  annotations?: AnnotationChange[]
  /** Other fields that changed, by name ('uri', 'mimeType', 'arguments.0.required'...). */
  other?: string[]
}

/** What changed between a server's previous surface and its new one. */
export interface SurfaceDiff {
  /** A word-level diff of the server's instructions, when they changed. */
  instructions?: DiffPart[]
  /** The version the server declares about itself (serverInfo.version), before and after. */
  serverVersion: { before: string | null; after: string | null }
  /** The listing's version each surface belongs to. */
  listingVersion: { before: string; after: string }
  /** Neither the listing's version nor the server's declared version changed, yet the surface did. */
  withoutNewVersion: boolean
  items: ItemChange[]
  counts: { added: number; removed: number; renamed: number; changed: number }
}

/** One entry of a server's Changes timeline: a surface first seen, or a change from the one before. */
export interface SurfaceChangeEntry {
  id: number
  at: string
  source: 'remote' | 'package' | 'declared'
  /** The new surface's hash and the previous one's (null for the first surface seen). */
  hash: string
  previousHash: string | null
  listingVersion: string
  /** Null for the first surface seen: there is nothing to compare it with. */
  diff: SurfaceDiff | null
  /** Findings the new surface has that the previous one had not (by rule, item and field). */
  newFindings: number
  /** The new surface's risk level. */
  risk: RiskLevel
  /** One line, as the dashboard and the feed say it ('First read: 3 tools', '1 tool changed, without a new version'). */
  summary: string
  review: ReviewDecision | null
}

/** GET /api/servers/:id/changes */
export interface ServerChangesResponse {
  entries: SurfaceChangeEntry[]
}

/** The pinning answer: GET /api/servers/:id/surface-check?hash=... (&tool=name for one tool's hash). */
export interface SurfaceCheckResponse {
  serverId: string
  hash: string
  /** The tool the hash was checked as, when `tool` was given. */
  tool: string | null
  /** True when the catalogue has seen (and scanned) a surface, or a tool definition, with exactly this hash. */
  match: boolean
  /** The surface it matched: its listing version, source, when it was first and last seen, its risk and findings (only the tool's, for a tool hash). */
  surface: {
    version: string
    source: 'remote' | 'package' | 'declared'
    firstSeenAt: string
    lastSeenAt: string
    risk: RiskLevel
    findings: StoredFinding[]
  } | null
  /** The hash the catalogue holds for the listing's current version now (whole surface, or the tool's), so a client can tell 'changed' from 'never seen'. */
  current: { version: string; hash: string | null } | null
}

/** What the review queue holds: one row per thing a person should look at, whatever made it. */
export interface ReviewItem {
  id: number
  /** 'finding': a scanner finding of medium or above; 'change': a surface changed without a new version; 'package': a package version the supply-chain watch scored Medium or above. */
  kind: 'finding' | 'change' | 'package'
  serverId: string
  serverName: string
  severity: Severity
  /** A one-line title ('Hidden instructions in tool search: <IMPORTANT>...'). */
  title: string
  /** The reason a person reads (the finding's reason, or the change's summary). */
  reason: string
  createdAt: string
  status: 'open' | 'dismissed' | 'hidden'
  decision: ReviewDecision | null
}

/** GET /api/admin/review?status=open|decided */
export interface ReviewQueueResponse {
  items: ReviewItem[]
  counts: { open: number; dismissed: number; hidden: number }
}

/** POST /api/admin/review/:id  body */
export interface ReviewDecisionInput {
  action: 'dismiss' | 'hide'
  /** Shown beside the finding (dismiss) or recorded with the hiding; 3 to 500 characters. */
  reason: string
}

/** Live figures for the advisory page. */
export interface ScanStats {
  surfacesScanned: number
  serversScanned: number
  /** Open findings (not dismissed), per class and severity. */
  findings: Array<{ class: ScanClass; severity: Severity; count: number }>
  /** Listings whose current surface has each risk level. */
  risk: Record<RiskLevel, number>
  lastScanAt: string | null
}

/** A dashboard entry: a server the user follows (its author), liked or keeps in a category changed its surface, or gained a finding of medium or above. */
export interface SurfaceAlert {
  serverId: string
  serverName: string
  displayName: string
  /** The change entry it is about (its id in the server's Changes timeline). */
  changeId: number
  at: string
  /** Why the user sees it: they follow its author, liked it, or keep it in a category. */
  why: 'follow' | 'like' | 'category'
  /** One line: '2 tools changed, 1 added, without a new version', 'New finding: hidden characters in search'. */
  summary: string
  withoutNewVersion: boolean
  risk: RiskLevel
}

/** A count before a rescan and after it. */
export interface BeforeAfter {
  before: number
  after: number
}

/**
 * A rescan run (GET /api/admin/rescans): the stored surfaces scanned again after the rules changed
 * (one run per SCANNER_VERSION), how far it got, and what the rescanned surfaces and their
 * listings held before and hold after.
 */
export interface RescanRun {
  scannerVersion: number
  startedAt: string
  /** Null while surfaces older rules scanned are left. */
  finishedAt: string | null
  surfacesTotal: number
  surfacesRescanned: number
  /** Open (not dismissed) findings of the rescanned surfaces, by severity, the worst first. */
  bySeverity: Array<{ severity: Severity } & BeforeAfter>
  /** The same by class, in SCAN_CLASSES' order, classes with none on either side left out. */
  byClass: Array<{ class: ScanClass } & BeforeAfter>
  /** Rescanned surfaces by risk level, and the listings they belong to, in RISK_LEVELS' order. */
  surfaceRisk: Array<{ risk: RiskLevel } & BeforeAfter>
  listingRisk: Array<{ risk: RiskLevel } & BeforeAfter>
  /** Listings whose risk rose, fell, or stayed. */
  listings: { rose: number; fell: number; same: number }
}
