import { checkAddress, isLoopbackHost } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

const check = (url: string, allowLoopback = false) => checkAddress(new URL(url), { allowLoopback })

describe('checkAddress', () => {
  it.each([
    'https://mcp.example.com/mcp',
    'https://api.githubcopilot.com/mcp/',
    'https://93.184.215.14/mcp',
    'https://[2606:4700:4700::1111]/mcp',
    'https://8.8.8.8:8443/sse',
    // Public neighbours of the blocked ranges.
    'https://100.128.0.1/',
    'https://172.32.0.1/',
    'https://169.253.255.255/',
  ])('allows the public https address %s', (url) => {
    expect(check(url)).toEqual({ ok: true })
  })

  it.each([
    // Loopback, in every IPv4 notation the URL parser or a resolver accepts.
    ['https://127.0.0.1/', 'loopback'],
    ['https://127.1/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://0x7f.0.0.1/', 'loopback'],
    ['https://127.255.255.254/', 'loopback'],
    ['https://localhost/', 'loopback'],
    ['https://LOCALHOST./', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    // Private, shared and link-local ranges.
    ['https://10.0.0.1/', 'private'],
    ['https://10.255.255.255/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://172.31.255.255/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://3232235777/', 'private'],
    ['https://0xc0.0xa8.1.1/', 'private'],
    ['https://100.64.0.1/', 'carrier-grade NAT'],
    ['https://100.127.255.255/', 'carrier-grade NAT'],
    ['https://0.0.0.0/', 'this network'],
    ['https://0/', 'this network'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://255.255.255.255/', 'reserved'],
    ['https://[::ffff:10.0.0.1]/', 'private'],
    ['https://[::ffff:a00:1]/', 'private'],
    ['https://[64:ff9b::10.0.0.1]/', 'private'],
    ['https://[2002:a00:1::]/', 'private'],
    ['https://[fc00::1]/', 'unique-local'],
    ['https://[fd12:3456::1]/', 'unique-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[::]/', 'unspecified'],
    ['https://[ff02::1]/', 'multicast'],
    // Cloud metadata services, by address and by name.
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://2852039166/', 'link-local'],
    ['https://[::ffff:169.254.169.254]/', 'link-local'],
    ['https://[fd00:ec2::254]/', 'unique-local'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['https://metadata/', 'metadata'],
    ['https://instance-data.ec2.internal/', 'internal'],
    ['https://printer.local/', 'internal'],
    ['https://intranet/', 'without a domain'],
    // Not https, or carrying credentials.
    ['http://mcp.example.com/mcp', 'only https'],
    ['ftp://mcp.example.com/', 'not https'],
    ['file:///etc/passwd', 'not https'],
    ['https://user:secret@mcp.example.com/', 'credentials'],
  ])('refuses %s (%s)', (url, why) => {
    const result = check(url)
    expect(result.ok === false && result.reason).toContain(why)
  })

  it('with allowLoopback lets loopback through, http included, and nothing private', () => {
    for (const url of ['http://127.0.0.1:8787/mcp', 'http://localhost:3000/', 'http://[::1]:9/', 'https://127.0.0.2/']) {
      expect(check(url, true)).toEqual({ ok: true })
    }
    for (const url of ['http://10.0.0.1/', 'https://192.168.0.1/', 'https://169.254.169.254/', 'http://mcp.example.com/']) {
      expect(check(url, true).ok).toBe(false)
    }
  })
})

describe('isLoopbackHost', () => {
  it('knows loopback in its forms and nothing else', () => {
    for (const host of ['127.0.0.1', '127.9.9.9', 'localhost', 'a.localhost', '[::1]', '[::ffff:7f00:1]']) {
      expect(isLoopbackHost(host)).toBe(true)
    }
    for (const host of ['10.0.0.1', 'example.com', '[fe80::1]', '[::]', 'localhost.example.com']) {
      expect(isLoopbackHost(host)).toBe(false)
    }
  })
})
