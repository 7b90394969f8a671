import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateServer, SESSION_COOKIE } from '../app.ts'
import { ConfigError, loadGateConfig } from '../config.ts'
import { createPasswordVerifier } from '../password.ts'

/**
 * Which proxy the gate believes (issue 36): X-Forwarded-For and X-Forwarded-Proto count only from the proxy
 * PLAZO_DOCS_TRUST_PROXY names. Otherwise a client could pick a new address for every login attempt and never be
 * throttled, or claim HTTPS.
 */

const PASSWORD = 'correct-horse'
let buildDir: string

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'plazo-gate-proxy-'))
  writeFileSync(join(buildDir, 'index.html'), '<html><body>home</body></html>')
  writeFileSync(join(buildDir, '404.html'), '<html><body>Page Not Found</body></html>')
})

afterAll(() => rmSync(buildDir, { recursive: true, force: true }))

function gate(trustProxy?: string | boolean): Promise<FastifyInstance> {
  return buildGateServer({
    buildDir,
    password: createPasswordVerifier(PASSWORD),
    minLoginResponseMs: 0,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  })
}

function login(app: FastifyInstance, password: string, remoteAddress: string, headers = {}) {
  return app.inject({ method: 'POST', url: '/__gate/login', payload: { password }, remoteAddress, headers })
}

/** A seeded stream of made-up client addresses, IPv4 and IPv6, some lists of several, some junk. */
function forwardedFor(count: number): string[] {
  let state = 36
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state
  }
  return Array.from({ length: count }, (_, i) => {
    const n = next()
    const v4 = `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`
    return (
      [v4, `2001:db8::${(n & 0xffff).toString(16)}`, `${v4}, 127.0.0.1`, `junk-${i}`, `${v4},${v4}`][i % 5] ??
      v4
    )
  })
}

describe('without PLAZO_DOCS_TRUST_PROXY', () => {
  it('is off by default, in the configuration and in the gate', () => {
    expect(loadGateConfig({}).trustProxy).toBe(false)
    expect(loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: '' }).trustProxy).toBe(false)
    expect(loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('throttles failed logins from one connected address whatever X-Forwarded-For says', async () => {
    const app = await gate()
    const statuses: number[] = []
    for (const header of forwardedFor(40)) {
      const response = await login(app, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': header })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(30).fill(429))
    // Still throttled with the right password, and with no header at all.
    expect((await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(
      429,
    )
    expect((await login(app, PASSWORD, '127.0.0.1')).statusCode).toBe(429)
    // Another connected address is another client.
    expect((await login(app, PASSWORD, '127.0.0.2')).statusCode).toBe(204)
    await app.close()
  })

  it('does not believe X-Forwarded-Proto: no Secure cookie, no HSTS', async () => {
    const app = await gate()
    const response = await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-proto': 'https' })
    expect(response.statusCode).toBe(204)
    expect(String(response.headers['set-cookie'])).not.toContain('Secure')
    expect(response.headers['strict-transport-security']).toBeUndefined()
    await app.close()
  })
})

describe('with PLAZO_DOCS_TRUST_PROXY naming the proxy', () => {
  it('reads the list of its addresses and ranges, and refuses anything else', () => {
    expect(loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback')
    expect(loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1',
    )
    expect(loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: 'uniquelocal,192.168.0.0/255.255.0.0' }).trustProxy).toBe(
      'uniquelocal,192.168.0.0/255.255.0.0',
    )
    for (const value of [
      'true',
      'yes',
      '10.0.0.300',
      '10.0.0.0/33',
      'loopback,',
      'example.com',
      '1',
      '-1',
      '1.5',
    ]) {
      expect(() => loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: value }), value).toThrow(ConfigError)
      expect(() => loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: value }), value).toThrow(/PLAZO_DOCS_TRUST_PROXY/)
    }
  })

  it('accepts only what Fastify accepts, and answers anything else with a ConfigError (fuzzed)', () => {
    let state = 3600
    const random = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      return state / 2 ** 32
    }
    const pieces = [
      '1',
      '0',
      '255',
      '256',
      '.',
      ':',
      '::',
      '/',
      '/8',
      '/33',
      ',',
      ' ',
      'loopback',
      'x',
      'true',
      '-',
      'ff',
    ]
    let accepted = 0
    for (let i = 0; i < 3000; i++) {
      let value = ''
      for (let j = Math.floor(random() * 8); j >= 0; j--)
        value += pieces[Math.floor(random() * pieces.length)]
      let setting: ReturnType<typeof loadGateConfig>['trustProxy']
      try {
        setting = loadGateConfig({ PLAZO_DOCS_TRUST_PROXY: value }).trustProxy
      } catch (error) {
        expect(error, value).toBeInstanceOf(ConfigError)
        continue
      }
      accepted++
      // proxy-addr (inside Fastify) throws on what it cannot read: what the configuration lets through, it reads.
      expect(() => Fastify({ trustProxy: setting }), value).not.toThrow()
    }
    expect(accepted).toBeGreaterThan(50)
  })

  it('throttles each client the proxy names, and the proxy does not lose its own limit', async () => {
    const app = await gate('loopback')
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login(app, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })
      expect(response.statusCode).toBe(401)
    }
    expect((await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(
      429,
    )
    expect((await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(
      204,
    )
    // A client that is not the named proxy is itself the client, whatever it forwards.
    const outsider = await gate('127.0.0.1')
    for (const header of forwardedFor(15)) {
      await login(outsider, 'wrong-password', '192.0.2.9', { 'x-forwarded-for': header })
    }
    expect(
      (await login(outsider, PASSWORD, '192.0.2.9', { 'x-forwarded-for': '203.0.113.3' })).statusCode,
    ).toBe(429)
    await app.close()
    await outsider.close()
  })

  it('marks the cookie Secure and sends HSTS only for HTTPS the proxy reports', async () => {
    const app = await gate('loopback')
    const https = await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-proto': 'https' })
    expect(String(https.headers['set-cookie'])).toContain('Secure')
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000')
    const cookie = `${SESSION_COOKIE}=${https.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`
    for (const request of [
      { url: '/' },
      { url: '/', headers: { cookie } },
      { url: '/no/such/page', headers: { cookie } },
      { url: '/__gate/session' },
    ]) {
      const response = await app.inject({
        ...request,
        remoteAddress: '127.0.0.1',
        headers: { ...request.headers, 'x-forwarded-proto': 'https' },
      })
      expect(response.headers['strict-transport-security'], request.url).toBe('max-age=31536000')
    }
    // Plain HTTP through the proxy, or a claim of HTTPS from an address that is not the proxy: neither.
    for (const [remoteAddress, headers] of [
      ['127.0.0.1', {}],
      ['127.0.0.1', { 'x-forwarded-proto': 'http' }],
      ['192.0.2.9', { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const response = await app.inject({ url: '/', remoteAddress, headers })
      expect(response.headers['strict-transport-security']).toBeUndefined()
      const loggedIn = await login(app, PASSWORD, remoteAddress, headers)
      expect(String(loggedIn.headers['set-cookie'])).not.toContain('Secure')
    }
    await app.close()
  })
})
