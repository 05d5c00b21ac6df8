/// <reference types="vite/client" />
/**
 * The scanner measured on the labelled set (test/scan-set/): real tool lists of widely used
 * servers (benign) and tools poisoned the ways published attacks poison them. The set is checked
 * for what it claims (its sizes, its classes, its hard cases, every item a surface as the probe
 * would store it), the counting is checked on scanners whose answers are known, and the real
 * scanner is held to test/scan-set/baseline.json: a figure below it (or a benign rate above it)
 * fails. `npm run eval:scan` prints the same figures as a table.
 */

import { toSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'
import type { Finding } from '@shared/scan'
import type { Surface } from '@shared/surface'
import { scanSurface } from '../../../../worker/lib/scan'
import baseline from '../../../scan-set/baseline.json'
import listingsJson from '../../../scan-set/listings.json'
import poisonedJson from '../../../scan-set/poisoned.json'
import heldOutJson from '../../../scan-set/poisoned-r5.json'
import round6Json from '../../../scan-set/poisoned-r6.json'
import {
  type Baseline,
  type BenignServer,
  type BenignSet,
  belowBaseline,
  difficultiesOf,
  evaluate,
  HARD_CASES,
  type Listings,
  markdownReport,
  type PoisonedItem,
  poisonedSurface,
  roundFigures,
  roundReport,
  SET_CLASSES,
  scanContext,
  surfaceOf,
} from './eval-metrics'

const files = import.meta.glob<BenignServer>('../../../scan-set/benign/*.json', { import: 'default', eager: true })
const benign: BenignSet = Object.fromEntries(Object.entries(files).map(([path, server]) => [path.replace(/^.*\/|\.json$/g, ''), server]))
/** Rounds 1-4, then rounds 5 and 6, each written held out (before the rules that answer it) in its own file. */
const heldOut = heldOutJson as unknown as PoisonedItem[]
const round6 = round6Json as unknown as PoisonedItem[]
const poisoned = [...(poisonedJson as unknown as PoisonedItem[]), ...heldOut, ...round6]
const listings = listingsJson as Listings

/** The parts of a surface a scan reads: what toSurface must keep exactly as the set has it. */
const listed = (surface: Surface) => ({
  instructions: surface.instructions,
  tools: surface.tools,
  prompts: surface.prompts,
  resources: surface.resources,
  resourceTemplates: surface.resourceTemplates,
})

describe('the labelled set', () => {
  it('holds at least 300 real tools, each server with its package, version, source and a licence that allows copying', () => {
    const servers = Object.values(benign)
    expect(servers.length).toBeGreaterThanOrEqual(15)
    expect(servers.reduce((sum, server) => sum + server.tools.length, 0)).toBeGreaterThanOrEqual(300)
    for (const server of servers) {
      expect(server.source.package).toMatch(/^(@[\w.-]+\/)?[\w.-]+$/)
      expect(server.source.version).toMatch(/^\d+\.\d+\.\d+/)
      // The repository, or the npm page where the package names none.
      expect(server.source.repository).toMatch(/^https:\/\/(github\.com|www\.npmjs\.com\/package)\/[\w.@/-]+$/)
      expect(server.source.licence).toMatch(/^(MIT|Apache-2\.0|ISC|BSD-[23]-Clause)( AND (MIT|Apache-2\.0))?$/)
      expect(server.tools.length).toBeGreaterThan(0)
    }
  })

  it('holds at least 100 poisoned tools, every class many times, every hard case, each naming its attack', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(100)
    expect(new Set(poisoned.map((item) => item.id)).size).toBe(poisoned.length)
    for (const cls of SET_CLASSES) expect(poisoned.filter((item) => item.class === cls).length, cls).toBeGreaterThanOrEqual(12)
    for (const hard of HARD_CASES)
      expect(poisoned.filter((item) => difficultiesOf(item).includes(hard)).length, hard).toBeGreaterThanOrEqual(5)
    const languages = poisoned.filter((item) => item.hard === 'language').map((item) => JSON.stringify(item.tool))
    // Spanish, French, German, Chinese, Russian, Japanese, Korean: scripts beyond Latin are there.
    for (const script of [/\p{Script=Han}/u, /\p{Script=Cyrillic}/u, /\p{Script=Hiragana}|\p{Script=Katakana}/u, /\p{Script=Hangul}/u]) {
      expect(languages.some((text) => script.test(text))).toBe(true)
    }
    for (const item of poisoned) {
      expect(SET_CLASSES).toContain(item.class)
      expect(['high', 'medium']).toContain(item.severity)
      expect([null, ...HARD_CASES]).toContain(item.hard)
      for (const tag of item.tags ?? []) expect(HARD_CASES).toContain(tag)
      expect(item.note.length).toBeGreaterThan(20)
    }
  })

  it('holds a held-out round 5 covering every difficulty several times, every class, and the languages of the issue', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(100)
    expect(heldOut.every((item) => item.id.startsWith('r5-'))).toBe(true)
    for (const cls of SET_CLASSES) expect(heldOut.filter((item) => item.class === cls).length, cls).toBeGreaterThanOrEqual(5)
    for (const hard of HARD_CASES) {
      expect(heldOut.filter((item) => difficultiesOf(item).includes(hard)).length, hard).toBeGreaterThanOrEqual(3)
    }
    const texts = heldOut.filter((item) => difficultiesOf(item).includes('language')).map((item) => JSON.stringify(item.tool))
    for (const script of [/\p{Script=Han}/u, /\p{Script=Cyrillic}/u, /\p{Script=Hiragana}|\p{Script=Katakana}/u, /\p{Script=Hangul}/u]) {
      expect(texts.some((text) => script.test(text))).toBe(true)
    }
  })

  it('holds a held-out round 6 covering every difficulty, every class, and the languages of the issue', () => {
    expect(round6.length).toBeGreaterThanOrEqual(60)
    expect(round6.every((item) => item.id.startsWith('r6-'))).toBe(true)
    for (const cls of SET_CLASSES) expect(round6.filter((item) => item.class === cls).length, cls).toBeGreaterThanOrEqual(5)
    for (const hard of HARD_CASES) {
      expect(round6.filter((item) => difficultiesOf(item).includes(hard)).length, hard).toBeGreaterThanOrEqual(2)
    }
    const texts = round6.filter((item) => difficultiesOf(item).includes('language')).map((item) => JSON.stringify(item.tool))
    for (const script of [/\p{Script=Han}/u, /\p{Script=Cyrillic}/u, /\p{Script=Hiragana}|\p{Script=Katakana}/u, /\p{Script=Hangul}/u]) {
      expect(texts.some((text) => script.test(text))).toBe(true)
    }
  })

  it('knows every benign server as a listing: its standing and its own service’s hosts', () => {
    expect(Object.keys(listings).sort()).toEqual(Object.keys(benign).sort())
    const context = scanContext(benign, 'amap', listings)
    expect(context.self).toMatchObject({ id: 'amap', hosts: ['amap.com'], standing: listings.amap.standing })
    expect(context.self?.names).toContain('@amap/amap-maps-mcp-server')
    expect(context.otherToolNames?.has('maps_weather')).toBe(false)
    // brave_web_search is two servers' own: the reference one, listed earlier, is the more established.
    expect(context.toolOwners?.get('brave_web_search')?.map((o) => o.id)).toEqual(['brave-search', 'brave-official'])
  })

  it('lists every benign surface exactly as the probe would store it (toSurface neither rejects nor changes it)', () => {
    for (const [slug, server] of Object.entries(benign)) {
      const surface = surfaceOf(server)
      expect(listed(toSurface(surface)), slug).toEqual(listed(surface))
    }
  })

  it('makes every poisoned tool a tool the probe would store as it is, altered from a real tool where it names one', () => {
    for (const item of poisoned) {
      expect(toSurface({ tools: [item.tool] }).tools[0], item.id).toEqual(item.tool)
      const { surface } = poisonedSurface(benign, item)
      expect(
        surface.tools.filter((tool) => tool.name === item.tool.name),
        item.id,
      ).toHaveLength(1)
      expect(listed(toSurface(surface)), item.id).toEqual(listed(surface))
      if (item.base?.tool) {
        const original = benign[item.base.server].tools.find((tool) => tool.name === item.base?.tool)
        expect(original, item.id).toBeDefined()
        expect(item.tool, item.id).not.toEqual(original)
      }
    }
  })
})

/** A scanner that flags the tools whose description contains `word`, as one class. */
function flagging(word: string, cls: Finding['class']): (surface: Surface) => Finding[] {
  return (surface) =>
    surface.tools
      .filter((tool) => JSON.stringify(tool).includes(word))
      .map((tool) => ({
        rule: `${cls}.test`,
        class: cls,
        severity: 'high' as const,
        kind: 'tool' as const,
        item: tool.name,
        field: 'description',
        start: 0,
        end: 1,
        excerpt: word,
        reason: 'test',
      }))
}

describe('the counting', () => {
  it('counts nothing caught and nothing flagged for a scanner that finds nothing', () => {
    const result = evaluate(benign, poisoned, () => [])
    expect(result.caught).toBe(0)
    expect(result.highSeverity.recall).toBe(0)
    expect(result.benign.flaggedTools).toBe(0)
    expect(result.misses).toHaveLength(poisoned.length)
    for (const cls of SET_CLASSES) expect(result.classes[cls]).toMatchObject({ caught: 0, recall: 0, precision: 1 })
  })

  it('counts every tool caught and flagged for a scanner that flags every tool, and precision falls with the benign ones', () => {
    const result = evaluate(benign, poisoned, flagging('', 'secrets'))
    expect(result.caught).toBe(poisoned.length)
    expect(result.benign.flaggedRate).toBe(1)
    const secrets = result.classes.secrets
    expect(secrets.caughtOwn).toBe(secrets.poisoned)
    expect(secrets.flagged).toBe(result.benign.tools + poisoned.length)
    expect(secrets.precision).toBeCloseTo(poisoned.length / (result.benign.tools + poisoned.length))
    expect(result.classes.invisible.caughtOwn).toBe(0)
    expect(result.classes.invisible.recall).toBe(1)
  })

  it('attributes a finding to the poisoned tool only, not to the host’s other tools, and a benign flag to its server', () => {
    const result = evaluate(benign, poisoned, flagging('~/.ssh/id_rsa', 'secrets'))
    const expected = poisoned.filter((item) => JSON.stringify(item.tool).includes('~/.ssh/id_rsa'))
    expect(expected.length).toBeGreaterThan(0)
    expect(result.caught).toBe(expected.length)
    expect(result.benign.falsePositives.every((fp) => JSON.stringify(benign[fp.server].tools).includes('~/.ssh/id_rsa'))).toBe(true)
    expect(belowBaseline(result, baseline as Baseline).length).toBeGreaterThan(0)
  })
})

describe('the scanner on the labelled set', () => {
  const result = evaluate(benign, poisoned, scanSurface, listings)

  it('stays at or above the baseline (test/scan-set/baseline.json)', () => {
    const report = [
      markdownReport(result),
      '',
      'Benign flags:',
      ...result.benign.falsePositives.map((fp) => `  ${fp.server} ${fp.kind} ${fp.item ?? ''} ${fp.rule} (${fp.severity}): ${fp.excerpt}`),
      'Misses:',
      ...result.misses.map((miss) => `  ${miss.id} (${miss.class}, ${miss.severity}${miss.hard ? `, ${miss.hard}` : ''})`),
      '',
      roundReport(result, 'r5-'),
      '',
      roundReport(result, 'r6-'),
    ].join('\n')
    expect(belowBaseline(result, baseline as Baseline), report).toEqual([])
  })

  it('holds every class, every difficulty and the benign rate to the baseline, named one by one', () => {
    const held = baseline as Baseline
    for (const cls of SET_CLASSES) expect(result.classes[cls].recall, cls).toBeGreaterThanOrEqual(held.classes[cls].recall)
    for (const hard of HARD_CASES) {
      expect(held.hard?.[hard], `baseline names ${hard}`).toBeDefined()
      expect(result.hard[hard].recall, hard).toBeGreaterThanOrEqual(held.hard?.[hard] ?? 1)
    }
    expect(result.benign.flaggedRate).toBeLessThanOrEqual(held.benignFlaggedRate)
  })

  it('counts each held-out round alone, per class and per difficulty', () => {
    const round = roundFigures(result, 'r5-')
    expect(round.all.poisoned).toBe(heldOut.length)
    expect(SET_CLASSES.reduce((sum, cls) => sum + round.classes[cls].poisoned, 0)).toBe(heldOut.length)
    expect(round.all.caught).toBe(result.items.filter((i) => i.id.startsWith('r5-') && i.caught).length)
    const six = roundFigures(result, 'r6-')
    expect(six.all.poisoned).toBe(round6.length)
    expect(SET_CLASSES.reduce((sum, cls) => sum + six.classes[cls].poisoned, 0)).toBe(round6.length)
    expect(six.all.caught).toBe(result.items.filter((i) => i.id.startsWith('r6-') && i.caught).length)
  })

  it('catches every class with a rule of that class', () => {
    for (const cls of SET_CLASSES) expect(result.classes[cls].caughtOwn, cls).toBeGreaterThan(0)
  })
})

describe('the catalogue context on real tools', () => {
  it('finds no copy among real servers sharing names, even with each read as the newest listing', () => {
    // Read as the newest, every name a real server shares is "another, more established listing's":
    // take_screenshot (a browsing server and Chrome DevTools), takeScreenshot (a DevTools bridge), search.
    for (const slug of Object.keys(benign)) {
      const base = scanContext(benign, slug, listings)
      const context = { ...base, self: { ...base.self!, standing: -1 } }
      const copies = scanSurface(surfaceOf(benign[slug]), context).filter((f: Finding) => f.rule === 'deceptive-name.copied-name')
      expect(copies.map((f) => `${slug} ${f.item}`)).toEqual([])
    }
  })

  it('catches a real branded tool copied into a new listing as a copy naming the listing it belongs to', () => {
    // Each tool of a branded server planted in server-everything, read as a listing newer than every other.
    const host = benign.everything
    const base = scanContext(benign, 'everything', listings)
    const context = { ...base, self: { ...base.self!, standing: -1 } }
    const planted: Array<[string, string]> = [
      ['slack', 'slack_post_message'],
      ['firecrawl', 'firecrawl_scrape'],
      ['brave-official', 'brave_web_search'],
      ['tavily', 'tavily_search'],
      ['notion', 'API-post-search'],
    ]
    for (const [slug, name] of planted) {
      const tool = benign[slug].tools.find((t) => t.name === name)
      expect(tool, `${slug} ${name}`).toBeDefined()
      const surface = surfaceOf({ ...host, tools: [...host.tools, tool!] })
      const copy = scanSurface(surface, context).filter((f: Finding) => f.rule === 'deceptive-name.copied-name' && f.item === name)
      if (slug === 'notion') {
        // 'API-post-search' carries no brand of "Notion MCP Server": nobody's to claim.
        expect(copy).toEqual([])
        continue
      }
      expect(
        copy.map((f) => f.severity),
        name,
      ).toEqual(['high'])
      expect(copy[0].reason).toContain(`a tool of ${context.toolOwners?.get(name)?.[0]?.name}`)
    }
  })
})
