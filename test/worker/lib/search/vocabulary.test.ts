import { describe, expect, it } from 'vitest'
import { buildFtsQuery } from '../../../../worker/lib/search/query'
import { expandQuery, sameAs } from '../../../../worker/lib/search/vocabulary'
import { TOPICS } from '../../../../worker/lib/search/vocabulary-data'

const terms = (q: string) => expandQuery(q.split(' ')).related.map((r) => r.term)

describe('the search vocabulary', () => {
  it('expands a topic word with its products and protocols, never with what was typed', () => {
    expect(terms('payments')).toEqual(expect.arrayContaining(['billing', 'invoices', 'stripe', 'paypal']))
    expect(terms('payments')).not.toContain('payments')
    expect(expandQuery(['calendars']).related.map((r) => r.term)).toEqual(expect.arrayContaining(['caldav', 'scheduling']))
  })

  it('reads the longest term a position starts, so a phrase is understood as a whole', () => {
    const { related, categories } = expandQuery(['time', 'series', 'database'])
    expect(related.map((r) => r.term)).toContain('influxdb')
    expect(related.every((r) => r.from === 'time series database')).toBe(true)
    expect(categories).toEqual([{ slug: 'databases', from: 'time series database' }])
  })

  it('names categories by their names and slugs', () => {
    expect(expandQuery(['finance']).categories.map((c) => c.slug)).toEqual(['finance'])
    expect(expandQuery(['browser', 'automation']).categories.map((c) => c.slug)).toContain('browser-automation')
  })

  it("never searches for a general '~' term, and a '>' term does not lead to the wider topic", () => {
    expect(terms('grafana')).not.toContain('logs')
    expect(terms('cloud')).toContain('aws')
    expect(terms('gcp')).not.toContain('azure')
  })

  it('folds spellings of one thing into the typed word, phrases included', () => {
    expect(sameAs('postgresql')).toContain('postgres')
    expect(sameAs('mssql')).toContain('sql server')
    expect(buildFtsQuery(['mssql']).any).toContain('"sql server"')
    expect(terms('postgresql')).toContain('neon')
  })

  it('writes every term in lower case', () => {
    for (const topic of TOPICS) for (const term of topic.terms) expect(term).toBe(term.toLowerCase())
  })
})

describe('phrases in the query', () => {
  it('asks for the words in order on the card, the last one still a prefix', () => {
    expect(buildFtsQuery(['text', 'to', 'speech']).phrase).toBe(
      '{display_name name description author tags categories} : "text to speech"*',
    )
    expect(buildFtsQuery(['speech']).phrase).toBeNull()
  })
})
