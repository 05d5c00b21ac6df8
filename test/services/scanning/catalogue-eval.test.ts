/**
 * The labelled set (test/scan-set/) scanned as the catalogue scans it, with the listings behind
 * each tool name and the listing being read (catalogue-scanner.ts): no benign tool of the 62 real
 * servers flagged (Brave's two servers share brave_web_search, the maps servers their map tool
 * names), no class below its baseline; and each real branded tool, copied into another server,
 * caught as a copy naming the listing it belongs to.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Finding } from '@shared/scan'
import type { Surface } from '@shared/surface'
import { benignSet, scanSurface, toolOwners } from './catalogue-scanner'

const SET = resolve(import.meta.dirname, '../../scan-set')
/** What this test uses of test/worker/lib/scan/eval-metrics.ts, loaded by path (it belongs to the Worker's tests' project). */
interface Metrics {
  evaluate(
    set: unknown,
    poisoned: unknown[],
    scan: unknown,
  ): { benign: { falsePositives: unknown[] }; classes: Record<string, { recall: number }> }
  belowBaseline(result: unknown, baseline: unknown): string[]
  surfaceOf(server: unknown): Surface
}
const metrics = (await import(pathToFileURL(resolve(import.meta.dirname, '../../worker/lib/scan/eval-metrics.ts')).href)) as Metrics
const poisoned = JSON.parse(readFileSync(resolve(SET, 'poisoned.json'), 'utf8'))
const baseline = JSON.parse(readFileSync(resolve(SET, 'baseline.json'), 'utf8'))

describe('the labelled set with the catalogue’s context', () => {
  const result = metrics.evaluate(benignSet, poisoned, scanSurface)

  it('flags no benign tool and keeps every class at its baseline', () => {
    expect(result.benign.falsePositives).toEqual([])
    expect(metrics.belowBaseline(result, baseline)).toEqual([])
    expect(result.classes['deceptive-name'].recall).toBeGreaterThanOrEqual(baseline.classes['deceptive-name'].recall)
  })

  it('catches a real branded tool copied into another server, naming its listing', () => {
    // Each tool of a branded server planted in the reference server 'everything' (a listing that is none of them).
    const host = benignSet.everything
    const planted: Array<[string, string]> = [
      ['slack', 'slack_post_message'],
      ['firecrawl', 'firecrawl_scrape'],
      ['brave-official', 'brave_web_search'],
      ['tavily', 'tavily_search'],
      ['notion', 'API-post-search'],
    ]
    for (const [slug, name] of planted) {
      const tool = benignSet[slug].tools.find((t) => t.name === name)
      expect(tool, `${slug} ${name}`).toBeDefined()
      const surface = metrics.surfaceOf({ ...host, tools: [...host.tools, tool] })
      const copy = scanSurface(surface).filter((f: Finding) => f.rule === 'deceptive-name.copied-name' && f.item === name)
      const owner = toolOwners.get(name)?.[0]
      if (slug === 'notion') {
        // 'API-post-search' carries no brand of "Notion MCP Server": nobody's to claim.
        expect(copy).toEqual([])
        continue
      }
      expect(
        copy.map((f) => f.severity),
        name,
      ).toEqual(['high'])
      expect(copy[0].reason).toContain(`a tool of ${owner?.name}`)
    }
  })
})
