import type { Surface } from '@shared/surface'
import { RULES, scanSurface, surfaceTexts } from '../../../../worker/lib/scan'

/**
 * The scanner's work on one surface, counted where it is done rather than timed (a busy machine's
 * milliseconds say nothing): every run of a rule over a text, a pattern's or a detector's, and the
 * characters it was handed; beside them, what an ungated scan would do (every rule each text's role
 * and kind lets read it) and the characters of the surface's texts.
 */
export interface ScanWork {
  runs: number
  read: number
  readable: number
  chars: number
}

/**
 * Scans a surface with every rule's pattern and detector wrapped in place (the scanner reads them
 * from RULES) to count what the scan does, and puts them back after.
 */
export function scanWork(surface: Surface): ScanWork {
  const work = { runs: 0, read: 0 }
  const restore: Array<() => void> = []
  for (const { test } of RULES) {
    if (test instanceof RegExp) {
      // A run starts the pattern at lastIndex 0; the execs after a match read on from it.
      Object.defineProperty(test, 'exec', {
        configurable: true,
        value(this: RegExp, text: string) {
          if (this.lastIndex === 0) {
            work.runs++
            work.read += text.length
          }
          return RegExp.prototype.exec.call(this, text)
        },
      })
      restore.push(() => delete (test as { exec?: unknown }).exec)
    } else {
      const { find } = test
      test.find = (text, input) => {
        work.runs++
        work.read += text.length
        return find(text, input)
      }
      restore.push(() => {
        test.find = find
      })
    }
  }
  try {
    scanSurface(surface)
  } finally {
    for (const undo of restore) undo()
  }
  const texts = [...surfaceTexts(surface)]
  const readable = texts.reduce(
    (sum, t) => sum + RULES.filter((r) => (!r.roles || r.roles.includes(t.role)) && (!r.kinds || r.kinds.includes(t.kind))).length,
    0,
  )
  return { ...work, readable, chars: texts.reduce((sum, t) => sum + t.text.length, 0) }
}
