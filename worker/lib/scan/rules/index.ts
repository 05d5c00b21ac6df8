/**
 * The scanner's rules, as data: each names its class and severity, the texts it reads (by role and
 * kind), what it looks for (a pattern, or a small named detector of ../detectors/), one sentence
 * for a person, and examples it must catch and leave alone (test/worker/lib/scan/rules.test.ts
 * holds every rule to both). Patterns read the normalized text (unicode.ts: invisible characters
 * dropped, look-alike letters folded), so a disguised trigger word is still one; detectors that
 * look at characters read the raw text. One module per class, which this one puts together, the
 * classes in the order the table has always listed them.
 *
 * Tuned against real tool lists (server-everything, -filesystem, -memory, the search evaluation's
 * surfaces, the labelled set under test/scan-set/): a rule that fires on ordinary documentation is
 * either narrowed or kept low. Bump SCANNER_VERSION (scan.ts) whenever a rule changes.
 */
import { TRIGGER_WORDS as triggerWords } from '../detectors/matching'
import type { Rule } from '../rule-types'
import { ANNOTATION_HONESTY_RULES } from './annotation-honesty'
import { DECEPTIVE_NAME_RULES } from './deceptive-name'
import { EXFILTRATION_RULES } from './exfiltration'
import { HIDDEN_BULK_RULES } from './hidden-bulk'
import { INVISIBLE_RULES } from './invisible'
import { MODEL_DIRECTED_RULES } from './model-directed'
import { SECRETS_RULES } from './secrets'

export const RULES: readonly Rule[] = [
  ...INVISIBLE_RULES,
  ...DECEPTIVE_NAME_RULES,
  ...MODEL_DIRECTED_RULES,
  ...SECRETS_RULES,
  ...EXFILTRATION_RULES,
  ...HIDDEN_BULK_RULES,
  ...ANNOTATION_HONESTY_RULES,
]

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((rule) => [rule.id, rule]))

for (const rule of RULES) for (const word of rule.triggers ?? []) triggerWords.add(word)

/** Every rule's trigger words. */
export const TRIGGER_WORDS: ReadonlySet<string> = triggerWords
