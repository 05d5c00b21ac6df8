/**
 * Search that understands topics: related terms and categories below what was typed, the words
 * as a phrase before the words apart, spelling corrected only when a query finds almost nothing,
 * README text below the card's, and each card saying why it matched when it does not show it.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { servers } from '../../../worker/db/schema'
import { insertServer } from '../factories'
import { db, json } from '../helpers'

const search = async (q: string, extra = '') => (await json<ServerList>(`/api/servers/search?q=${encodeURIComponent(q)}${extra}`)).body
const names = (list: ServerList) => list.servers.map((s) => s.displayName)
const reason = (list: ServerList, name: string) => list.servers.find((s) => s.displayName === name)?.matchedBy ?? null

beforeAll(async () => {
  // Better known than the exact match, so only the tiers can put it second.
  await insertServer({
    displayName: 'Ledger Bridge',
    description: 'Create invoices and manage billing',
    popularity: 500,
    stars: 900,
    categories: ['finance'],
  })
  await insertServer({ displayName: 'Pay Desk', description: 'Accept payments in chats', categories: ['finance'] })
  await insertServer({
    displayName: 'Quarterly Numbers',
    description: 'Company filings and ratios',
    popularity: 900,
    stars: 2000,
    categories: ['finance'],
  })
  // Every word apart, and much better known, against every word as a phrase.
  await insertServer({
    displayName: 'Voice Kit',
    description: 'Speech recognition, and text summaries sent to you',
    popularity: 800,
    stars: 5000,
  })
  await insertServer({ displayName: 'Narrator', description: 'Reads any text to speech aloud', categories: ['media'] })
  await insertServer({
    displayName: 'Playwright Pilot',
    description: 'Drive a browser with end to end scripts',
    categories: ['browser-automation'],
  })
  await insertServer({ displayName: 'Grafana Glass', description: 'Dashboards and alerts', categories: ['monitoring'] })
  // README text weighs little: a famous server that only mentions the word there ranks below.
  await insertServer({
    displayName: 'Famous Helper',
    description: 'Does many things',
    popularity: 5000,
    stars: 50000,
    readmeText: 'Also handles kumquat orchards.',
  })
  await insertServer({ displayName: 'Orchard Tools', description: 'Kumquat harvest planner' })
})

describe('related terms and categories', () => {
  it('ranks what was typed first, then related terms, then the category, each card saying why', async () => {
    const body = await search('payments')
    expect(names(body)).toEqual(['Pay Desk', 'Ledger Bridge', 'Quarterly Numbers'])
    expect(reason(body, 'Pay Desk')).toBeNull()
    expect(reason(body, 'Ledger Bridge')).toMatchObject({ kind: 'related' })
    expect(['invoices', 'billing']).toContain(reason(body, 'Ledger Bridge')?.term)
    expect(reason(body, 'Quarterly Numbers')).toEqual({ kind: 'category', term: 'Finance & payments' })
    expect(body.total).toBe(3)
  })

  it('expands a topic word the listings use in another form', async () => {
    const body = await search('invoicing')
    expect(names(body)[0]).toBe('Ledger Bridge')
    expect(names(body)).toContain('Pay Desk')
    expect(reason(body, 'Pay Desk')).toMatchObject({ kind: 'related' })
  })

  it("keeps related matches out of an explicit sort's first part, after servers with the words", async () => {
    const body = await search('payments', '&sortBy=stars')
    expect(names(body)[0]).toBe('Pay Desk')
    expect(names(body).slice(1)).toEqual(['Quarterly Numbers', 'Ledger Bridge'])
  })
})

describe('phrases', () => {
  it('puts servers with the words as a phrase before servers with the words apart', async () => {
    const body = await search('text to speech')
    expect(names(body).slice(0, 2)).toEqual(['Narrator', 'Voice Kit'])
  })
})

describe('spelling', () => {
  it('corrects a misspelt name when the query finds almost nothing, and says so', async () => {
    const body = await search('playwrite')
    expect(names(body)[0]).toBe('Playwright Pilot')
    expect(reason(body, 'Playwright Pilot')).toEqual({ kind: 'typo', term: 'playwright' })
    const grafana = await search('grafna')
    expect(names(grafana)).toEqual(['Grafana Glass'])
    expect(reason(grafana, 'Grafana Glass')).toEqual({ kind: 'typo', term: 'grafana' })
  })

  it('leaves a word alone when enough servers have it as typed', async () => {
    for (let i = 0; i < 3; i++) await insertServer({ displayName: `Grafna ${i}`, description: 'a grafna tool' })
    const body = await search('grafna')
    expect(names(body).sort()).toEqual(['Grafna 0', 'Grafna 1', 'Grafna 2'])
    expect(body.servers.every((s) => s.matchedBy === undefined)).toBe(true)
    await db().run(sql`DELETE FROM ${servers} WHERE display_name LIKE 'Grafna %'`)
    // Held by a single server, the query is thin, but the word is not misspelt: left alone.
    await insertServer({ displayName: 'Grafna Solo', description: 'the only grafna tool' })
    const solo = await search('grafna')
    expect(names(solo)).toEqual(['Grafna Solo'])
    expect(solo.servers[0].matchedBy).toBeUndefined()
    await db().run(sql`DELETE FROM ${servers} WHERE display_name = 'Grafna Solo'`)
    // Unknown, but the query's other word finds plenty: nothing is corrected.
    const mixed = await search('payments grafna')
    expect(names(mixed)).not.toContain('Grafana Glass')
    expect(mixed.servers.some((s) => s.matchedBy?.kind === 'typo')).toBe(false)
  })

  it('never corrects short words', async () => {
    expect((await search('grfa')).total).toBe(0)
  })
})

describe('README text', () => {
  it('ranks a README-only match below every card match, however well known, and says where it matched', async () => {
    const body = await search('kumquat')
    expect(names(body)).toEqual(['Orchard Tools', 'Famous Helper'])
    expect(reason(body, 'Orchard Tools')).toBeNull()
    expect(reason(body, 'Famous Helper')).toEqual({ kind: 'readme', term: 'kumquat' })
  })
})
