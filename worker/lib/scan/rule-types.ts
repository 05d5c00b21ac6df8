/**
 * What a rule is and what it reads: the record each rule of the table is (rules/), the detector a
 * rule may run instead of a pattern (detectors/), the text and item it is given, what it finds,
 * and the roles of text rules name.
 */
import type { ScanClass, Severity, SurfaceItemKind } from '@shared/scan'
import type { Surface, SurfaceTool } from '@shared/surface'
import type { TextRole } from './texts'

/** Exact tool names other listings have, for the imitation rule. */
export interface ScanContext {
  otherToolNames?: ReadonlySet<string>
}

/** What a rule knows of the item a text belongs to. */
export interface ItemContext {
  kind: SurfaceItemKind
  name: string | null
  /**
   * What the item says it is for: the server's name, the item's name and title, and its
   * description's first sentence. A file or a parameter this explains (an SSH tool naming
   * ~/.ssh) is not reaching for secrets.
   */
  purpose: string
  /** The same without the server's name: a server called 'memory' does not explain every tool of it carrying the conversation. */
  own: string
  /** Names of the surface's own tools and prompts: a tool named here is a sibling, not another server's. */
  siblings: ReadonlySet<string>
  /** For a tool, its whole definition: the annotation-honesty rules weigh its hints against everything it says. */
  tool?: SurfaceTool
}

/** One text as a rule reads it. */
export interface RuleInput {
  text: string
  role: TextRole
  kind: SurfaceItemKind
  field: string
  required?: boolean
  /** A parameter name's own description. */
  note?: string
  /** The trigger words the text holds (every rule's, with the shorter ones they start with), when the scan worked them out. */
  words?: ReadonlySet<string>
  item: ItemContext
  context: ScanContext
}

/** What a rule found: a span of the text it read, and optionally its own excerpt, severity or reason. */
export interface Hit {
  start: number
  end: number
  /** The field the span is in, when a rule reading one text places its finding in another (a hint contradicted by the description). */
  field?: string
  excerpt?: string
  severity?: Severity
  reason?: string
}

/** A named function that finds spans; `on` says whether it reads the raw text or the normalized one. */
export interface Detector {
  name: string
  on: 'raw' | 'normalized'
  find: (text: string, input: RuleInput) => Hit[]
}

/** An example a rule must catch or leave: a text (read with the rule's first role, in a tool), or a small surface. */
export type RuleExample =
  | string
  | { text: string; role?: TextRole; kind?: SurfaceItemKind; item?: Partial<ItemContext>; required?: boolean; note?: string }
  | { surface: Partial<Surface>; otherToolNames?: string[] }

export interface Rule {
  id: string
  class: Exclude<ScanClass, 'change'>
  /** The highest severity the rule gives; a detector may give less for a hit it finds explained. */
  severity: Severity
  /** One plain sentence: why this is a risk. */
  reason: string
  /** The roles of text it reads; all when absent. */
  roles?: readonly TextRole[]
  kinds?: readonly SurfaceItemKind[]
  /** Also read each item's prose joined in one text, for an instruction split across fields. */
  across?: boolean
  /** A global pattern (read on the normalized text) or a detector. */
  test: RegExp | Detector
  /**
   * Words one of which every match contains (lowercase, in the normalized text): the rule reads
   * only texts that hold one, so most texts cost one shared pass instead of every pattern.
   */
  triggers?: readonly string[]
  /**
   * The characters the rule looks for: 'hidden' (invisible, control and escape characters) or
   * 'confusable' (letters of scripts that pass for Latin). A text without any is skipped.
   */
  chars?: 'hidden' | 'confusable'
  /** What the rule must catch, and what it must leave alone. */
  examples: { catch: RuleExample[]; leave: RuleExample[] }
  /** What it leaves alone, in words, for docs/scanning.md. */
  leaves: string
}

/** Texts written as sentences. */
export const PROSE: readonly TextRole[] = [
  'title',
  'description',
  'instructions',
  'annotation-title',
  'schema-title',
  'schema-description',
  'argument-description',
]
/** Values a schema offers the model. */
export const VALUES: readonly TextRole[] = ['enum', 'default', 'example', 'const', 'schema-string']
export const NAMES: readonly TextRole[] = ['name', 'property-name', 'argument-name']
export const PROSE_AND_VALUES: readonly TextRole[] = [...PROSE, ...VALUES]

/** An example that is a whole tool: a surface of one tool whose description is the text. */
export const toolExample = (text: string) => ({
  surface: { tools: [{ name: 'demo_tool', description: text, inputSchema: { type: 'object' } }] },
})
