/**
 * What a rule is and what it reads: the record each rule of the table is (rules/), the detector a
 * rule may run instead of a pattern (detectors/), the text and item it is given, what it finds,
 * and the roles of text rules name.
 */
import type { ScanClass, Severity, SurfaceItemKind } from '@shared/scan'
import type { Surface, SurfaceTool } from '@shared/surface'
import type { TextRole } from './texts'

/** A listing of the catalogue that offers a tool, for findings that name it. */
export interface ToolOwner {
  /** The listing's id (its registry name). */
  id: string
  /** What a person calls it: its title, else its name. */
  name: string
  /**
   * How established it is, to tell the original from the copy: higher is more established
   * (stars, likes and age folded into one number by the catalogue's read; only the order matters).
   */
  standing: number
  /** Its registry or technical name ('io.github.modelcontextprotocol/server-slack'), for a finding that names it. */
  ref?: string
}

/** What the scan knows of the listing whose surface it reads: its own service is not "outside". */
export interface ScanSelf {
  /** The listing's id, so the catalogue's tools of this very listing are not "another listing's". */
  id?: string
  /** Its names: registry name, title, the server's own name; a brand word they hold is the listing's own. */
  names: readonly string[]
  /** Hosts of its own service: its remotes, its website, its repository's host and owner pages. */
  hosts: readonly string[]
  /** Its standing, as ToolOwner's: a listing more established than the one it shares a name with is not the copy. */
  standing?: number
}

/** What the catalogue tells the scan beyond the surface itself. */
export interface ScanContext {
  /** Exact tool names other listings have, for the imitation rule. */
  otherToolNames?: ReadonlySet<string>
  /**
   * Which listings offer each tool name (the most established first, a few per name), so a finding
   * about a copied, imitated or shadowed tool can name the listing it belongs to. The names are
   * otherToolNames' own.
   */
  toolOwners?: ReadonlyMap<string, readonly ToolOwner[]>
  /** The listing being scanned, when the scan knows it. */
  self?: ScanSelf
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
  /**
   * Each tool's title and description by its name: what the listing says it is about, so a copied
   * name whose text speaks of another listing is told from a server that speaks of it throughout.
   */
  siblingTexts?: ReadonlyMap<string, string>
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
  | {
      surface: Partial<Surface>
      otherToolNames?: string[]
      /** The catalogue's listings behind tool names (ScanContext.toolOwners), as an object; its names join otherToolNames. */
      toolOwners?: Record<string, ToolOwner[]>
      self?: ScanSelf
    }

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
