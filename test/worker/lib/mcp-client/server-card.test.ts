import { OLDER_SERVER_CARD_PATHS, SERVER_CARD_MEDIA_TYPE, serverCardUrls } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

const urls = (endpoint: string) => serverCardUrls(new URL(endpoint)).map(String)

describe('serverCardUrls', () => {
  it('tries the endpoint’s own /server-card first, then the earlier drafts’ paths at its origin', () => {
    expect(urls('https://mcp.example.com/mcp')).toEqual([
      'https://mcp.example.com/mcp/server-card',
      'https://mcp.example.com/.well-known/mcp/server-card.json',
      'https://mcp.example.com/.well-known/mcp.json',
    ])
    expect(OLDER_SERVER_CARD_PATHS).toEqual(['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'])
    expect(SERVER_CARD_MEDIA_TYPE).toBe('application/mcp-server-card+json')
  })

  it('appends to the endpoint’s path, whatever it is, and leaves its query and fragment off', () => {
    expect(urls('https://host.example/')[0]).toBe('https://host.example/server-card')
    expect(urls('https://host.example')[0]).toBe('https://host.example/server-card')
    expect(urls('https://host.example/server/mcp/')[0]).toBe('https://host.example/server/mcp/server-card')
    expect(urls('https://host.example:8443/v1/mcp?api_key=secret#x')[0]).toBe('https://host.example:8443/v1/mcp/server-card')
    expect(urls('https://host.example:8443/v1/mcp?api_key=secret')[2]).toBe('https://host.example:8443/.well-known/mcp.json')
  })
})
