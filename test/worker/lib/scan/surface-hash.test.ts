/**
 * The canonical form docs/surface-hash.md publishes for clients that pin tools: its worked
 * example, computed by the code that stores surfaces, and the fields left out of a tool's hash.
 */
import { canonicalJson, hashSurface, toSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

const ECHO = {
  name: 'echo',
  description: 'Echoes back the input',
  inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'] },
  annotations: { readOnlyHint: true },
}

describe('the published canonical form', () => {
  it('gives the documented text and hash for the worked example', async () => {
    expect(canonicalJson(ECHO)).toBe(
      '{"annotations":{"readOnlyHint":true},"description":"Echoes back the input","inputSchema":{"properties":{"message":{"description":"Message to echo","type":"string"}},"required":["message"],"type":"object"},"name":"echo"}',
    )
    const { tools } = await hashSurface(toSurface({ tools: [ECHO] }))
    expect(tools.echo).toBe('d686ff148ee2ebffa3bcc22f12b31eca1c3f940fccb8b788dc5fa50a8ec5366a')
  })

  it('leaves out members the catalogue does not keep, so they never change a tool’s hash', async () => {
    const extra = { ...ECHO, _meta: { vendor: 1 }, icons: [{ src: 'x' }], annotations: { ...ECHO.annotations, vendorHint: true } }
    const { tools } = await hashSurface(toSurface({ tools: [extra] }))
    expect(tools.echo).toBe('d686ff148ee2ebffa3bcc22f12b31eca1c3f940fccb8b788dc5fa50a8ec5366a')
  })
})
