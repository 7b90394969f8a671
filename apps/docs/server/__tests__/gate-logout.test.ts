import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { buildGateServer } from '../app.ts'
import { createPasswordVerifier } from '../password.ts'

/**
 * `POST /__gate/logout` reads the Origin (or Referer) of the form post to refuse other sites (issue 36: `Origin:
 * garbage` threw in `new URL()`, a 500). Whatever the header holds, the answer is the redirect or a 403.
 */

let buildDir: string
let app: FastifyInstance
const HOST = 'docs.plazo.test:3000'

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'plazo-gate-logout-'))
  writeFileSync(join(buildDir, 'index.html'), '<html><body>home</body></html>')
  app = await buildGateServer({
    buildDir,
    password: createPasswordVerifier('correct-horse'),
    minLoginResponseMs: 0,
  })
})

afterAll(async () => {
  await app?.close()
  rmSync(buildDir, { recursive: true, force: true })
})

function logout(headers: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/__gate/logout', headers: { host: HOST, ...headers } })
}

/** Junk a client can put in a header: URL-ish fragments glued together, and random bytes HTTP allows there. */
function junkValues(count: number, seed: number): string[] {
  const random = seededRandom(seed)
  const pieces = [
    'http://',
    'https://',
    '//',
    'garbage',
    'null',
    HOST,
    'docs.plazo.test',
    ':3000',
    ':99999',
    ':',
    '[',
    ']',
    '::1',
    '@',
    '#',
    '?',
    '/',
    '\\',
    '%',
    '%zz',
    '%00',
    ' ',
    '\t',
    'é',
    'javascript:',
    'data:',
    'file:///',
    'blob:',
    'evil.example',
    'xn--',
    '..',
    '\u00ff',
  ]
  const values: string[] = []
  for (let i = 0; i < count; i++) {
    let value = ''
    if (random() < 0.3) {
      // Bytes a header value may carry: visible ASCII, space, tab and obs-text (0x80–0xFF).
      for (let j = Math.floor(random() * 40); j >= 0; j--) {
        const code = Math.floor(random() * 224) + 32
        value += String.fromCharCode(code === 127 ? 9 : code)
      }
    } else {
      for (let j = Math.floor(random() * 6); j >= 0; j--)
        value += pieces[Math.floor(random() * pieces.length)]
    }
    values.push(value.trim())
  }
  return values
}

describe('POST /__gate/logout', () => {
  it('refuses an Origin that is not a URL with a 403, not a 500', async () => {
    const response = await logout({ origin: 'garbage' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'cross_origin' })
  })

  it('ends the session for a post from this site, and refuses another site by Origin or by Referer', async () => {
    expect((await logout({ origin: `http://${HOST}` })).statusCode).toBe(303)
    expect((await logout({ referer: `http://${HOST}/es/docs/api/` })).statusCode).toBe(303)
    expect((await logout({})).statusCode).toBe(303)
    expect((await logout({ origin: 'null' })).statusCode).toBe(303)
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: `http://${HOST}.evil.example` },
      { origin: `http://docs.plazo.test` },
      { origin: '' },
      { referer: 'https://evil.example/' },
      { referer: 'garbage' },
      { referer: `javascript://${HOST}/` },
      // The Origin decides when both are there.
      { origin: 'https://evil.example', referer: `http://${HOST}/` },
    ] as Record<string, string>[]) {
      const response = await logout(headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
      expect(response.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined()
    }
  })

  it('answers any junk Origin or Referer with the redirect or a 403, never a 500 (fuzzed)', async () => {
    const seen = new Set<number>()
    const values = junkValues(3000, 36)
    for (const [index, value] of values.entries()) {
      const headers: Record<string, string> = index % 2 === 0 ? { origin: value } : { referer: value }
      const response = await logout(headers)
      seen.add(response.statusCode)
      expect([303, 403], JSON.stringify(headers)).toContain(response.statusCode)
      expect(response.body, JSON.stringify(headers)).not.toMatch(/at .*\.(ts|js):\d+|stack/i)
    }
    // The junk does reach both answers (some of it names this host, most of it not).
    expect(seen).toEqual(new Set([303, 403]))
  })
})
