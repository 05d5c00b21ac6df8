import { type FetchLike, GuardError, guardedFetch, MAX_REDIRECTS } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

/** A stand-in network: answers by URL and records what was asked, so nothing leaves the test. */
function network(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const asked: Array<{ url: string; headers: Headers; method: string }> = []
  const fetch: FetchLike = async (url, init = {}) => {
    asked.push({ url: String(url), headers: new Headers(init.headers), method: init.method ?? 'GET' })
    return answer(String(url), init)
  }
  return { asked, fetch }
}

const options = { allowLoopback: false, maxBytes: 1000, timeoutMs: 1000 }

async function failure(promise: Promise<unknown>): Promise<GuardError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GuardError)
  return error as GuardError
}

describe('guardedFetch', () => {
  it('never sends a credential header, whoever set it', async () => {
    const net = network(() => new Response('{}'))
    const get = guardedFetch({ ...options, fetch: net.fetch })
    await get('https://mcp.example.com/mcp', {
      method: 'POST',
      headers: { Authorization: 'Bearer x', Cookie: 'a=b', 'Proxy-Authorization': 'y', 'X-Api-Key': 'k', Accept: 'application/json' },
    })
    expect([...net.asked[0].headers.keys()]).toEqual(['accept'])
  })

  it('follows redirects itself, checking every hop, and refuses a hop to a private address before fetching it', async () => {
    const net = network((url) =>
      url.endsWith('/first')
        ? new Response(null, { status: 307, headers: { Location: '/second' } })
        : url.endsWith('/second')
          ? new Response(null, { status: 308, headers: { Location: 'https://169.254.169.254/latest' } })
          : new Response('never'),
    )
    const error = await failure(guardedFetch({ ...options, fetch: net.fetch })('https://mcp.example.com/first'))
    expect(error.kind).toBe('refused')
    expect(error.message).toContain('169.254.169.254')
    expect(net.asked.map((a) => a.url)).toEqual(['https://mcp.example.com/first', 'https://mcp.example.com/second'])
  })

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const net = network(() => new Response(null, { status: 302, headers: { Location: '/again' } }))
    const error = await failure(guardedFetch({ ...options, fetch: net.fetch })('https://mcp.example.com/'))
    expect(error.kind).toBe('unreachable')
    expect(net.asked).toHaveLength(MAX_REDIRECTS + 1)
  })

  it('keeps a POST a POST: a 302 that would turn it into a GET is answered as it is, not followed', async () => {
    const net = network(() => new Response(null, { status: 302, headers: { Location: '/elsewhere' } }))
    const response = await guardedFetch({ ...options, fetch: net.fetch })('https://mcp.example.com/', { method: 'POST', body: '{}' })
    expect(response.status).toBe(302)
    expect(net.asked).toHaveLength(1)
  })

  it('refuses a body past maxBytes, declared or streamed', async () => {
    const declared = network(() => new Response('x'.repeat(2000), { headers: { 'Content-Length': '2000' } }))
    expect((await failure(guardedFetch({ ...options, fetch: declared.fetch })('https://a.example.com/'))).kind).toBe('too_large')
    const streamed = network(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(400))
            },
          }),
        ),
    )
    const response = await guardedFetch({ ...options, fetch: streamed.fetch })('https://a.example.com/')
    expect((await failure(response.text())).kind).toBe('too_large')
  })

  it('gives up on headers that do not come within timeoutMs', async () => {
    const slow: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    const error = await failure(guardedFetch({ ...options, timeoutMs: 50, fetch: slow })('https://a.example.com/'))
    expect(error.kind).toBe('timeout')
  })

  it('reports a network failure as unreachable', async () => {
    const down: FetchLike = () => Promise.reject(new TypeError('connection refused'))
    expect((await failure(guardedFetch({ ...options, fetch: down })('https://a.example.com/'))).kind).toBe('unreachable')
  })

  it('checks the first address too', async () => {
    const net = network(() => new Response('{}'))
    expect((await failure(guardedFetch({ ...options, fetch: net.fetch })('http://mcp.example.com/'))).kind).toBe('refused')
    expect(net.asked).toHaveLength(0)
  })
})
