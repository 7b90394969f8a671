import { describe, expect, it } from 'vitest'
import { readRequestPath } from '../request-path.ts'

/** The one reading of a request's path (issue 36): decoded once, normalised once, never above the root. */

describe('readRequestPath', () => {
  it('decodes once and resolves dot segments, keeping the query as received', () => {
    expect(readRequestPath('/docs/api/?tab=node')).toEqual({
      ok: true,
      path: '/docs/api/',
      url: '/docs/api/?tab=node',
    })
    expect(readRequestPath('/__gate/../docs/api.md')).toMatchObject({ ok: true, path: '/docs/api.md' })
    expect(readRequestPath('/__gate/%2e%2e/docs/api')).toMatchObject({ ok: true, path: '/docs/api' })
    expect(readRequestPath('/es/.%2E/openapi%2Fwebhook.json')).toMatchObject({
      ok: true,
      path: '/openapi/webhook.json',
      url: '/openapi/webhook.json',
    })
    expect(readRequestPath('//docs///api/./x/..')).toMatchObject({ ok: true, path: '/docs/api/' })
    // Decoded once only: a double-encoded dot-dot is a name, kept encoded for the router.
    expect(readRequestPath('/%252e%252e/llms.txt')).toEqual({
      ok: true,
      path: '/%2e%2e/llms.txt',
      url: '/%252e%252e/llms.txt',
    })
    expect(readRequestPath('/docs/a;b/c%3Fd#x')).toEqual({
      ok: true,
      path: '/docs/a;b/c?d',
      url: '/docs/a;b/c%3Fd#x',
    })
  })

  it('answers 404 for what names nothing inside the build, 400 for what is not a path', () => {
    for (const url of ['/..', '/../llms.txt', '/__gate/../../llms.txt', '/%2e%2e%2fllms.txt', '/a/../../b']) {
      expect(readRequestPath(url), url).toEqual({ ok: false, status: 404, error: 'not_found' })
    }
    for (const url of ['/llms.txt%00', '/a%5c..%5cllms.txt', '/a\\b', '/a%0ab', '/a%7f']) {
      expect(readRequestPath(url), url).toEqual({ ok: false, status: 404, error: 'not_found' })
    }
    for (const url of [
      '/%c0%ae%c0%ae/llms.txt',
      '/%c0%af',
      '/%zz',
      '/%',
      '/%e2%82',
      '*',
      'llms.txt',
      '',
      '%2f',
    ]) {
      expect(readRequestPath(url), url).toEqual({ ok: false, status: 400, error: 'bad_path' })
    }
  })

  it('is a fixed point: its URL reads back as the same path (what the router matches is what the gate decided on)', () => {
    // A seeded generator of hostile paths: escapes (valid, invalid, overlong, double), dots, slashes, backslashes,
    // path parameters, queries, fragments and non-ASCII text.
    let state = 0x36
    const random = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      return state / 2 ** 32
    }
    const alphabet = [
      '/',
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%5c',
      '\\',
      '%25',
      '%252e',
      '%c0%ae',
      '%c0%af',
      '%00',
      '%',
      '%zz',
      ';',
      '?',
      '#',
      '&',
      '=',
      '+',
      '%20',
      ' ',
      'a',
      'es',
      '__gate',
      'é',
      '%C3%A9',
      '%e2%82%ac',
      '~',
      ':',
      '@',
    ]
    const statuses = new Set<number | true>()
    for (let i = 0; i < 20_000; i++) {
      let url = '/'
      const length = 1 + Math.floor(random() * 12)
      for (let j = 0; j < length; j++) url += alphabet[Math.floor(random() * alphabet.length)]
      const read = readRequestPath(url)
      statuses.add(read.ok || read.status)
      if (!read.ok) continue
      expect(read.path.startsWith('/'), url).toBe(true)
      const segments = read.path.split('/').slice(1, read.path.endsWith('/') ? -1 : undefined)
      for (const segment of segments) expect(['', '.', '..'], url).not.toContain(segment)
      expect(read.path, url).not.toMatch(/[\p{Cc}\\]/u)
      const again = readRequestPath(read.url)
      expect(again, url).toEqual(read)
    }
    expect(statuses).toEqual(new Set([true, 400, 404]))
  })
})
