import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateServer, SESSION_COOKIE } from '../app.ts'
import { ConfigError, loadGateConfig } from '../config.ts'
import { createPasswordVerifier } from '../password.ts'

/** The gate's `/__sandbox/api/v2/*` forwarding to the sandbox API, against a stand-in upstream. */

const PASSWORD = 'correct-horse'

interface Seen {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

let buildDir: string
let upstream: FastifyInstance
let upstreamUrl: string
let seen: Seen[] = []

/**
 * A sandbox that does not answer: it accepts each connection and closes it at once. It keeps its port for the
 * whole test, where a port found free and given back could be taken meanwhile by a server of another test file
 * (which then answered 401 instead of the expected 502).
 */
function silentSandbox(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy())
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'plazo-gate-sandbox-'))
  writeFileSync(join(buildDir, 'index.html'), '<html><body>home</body></html>')
  writeFileSync(join(buildDir, '404.html'), '<html><body>Page Not Found</body></html>')
  // Echoes what it received, as raw text, so the test sees exactly what the gate forwarded.
  upstream = Fastify()
  upstream.removeAllContentTypeParsers()
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  upstream.all('/*', async (request, reply) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    })
    return reply
      .code(201)
      .header('x-request-id', 'req-1')
      .header('set-cookie', 'api=1; Path=/')
      .send({ status: 'ok', echoed: request.url })
  })
  await upstream.listen({ port: 0, host: '127.0.0.1' })
  const address = upstream.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  upstreamUrl = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  await upstream?.close()
  rmSync(buildDir, { recursive: true, force: true })
})

function gate(sandboxUrl: string): Promise<FastifyInstance> {
  return buildGateServer({
    buildDir,
    password: createPasswordVerifier(PASSWORD),
    minLoginResponseMs: 0,
    sandboxUrl,
  })
}

async function sessionCookie(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!cookie) throw new Error('no session cookie set')
  return `${SESSION_COOKIE}=${cookie.value}`
}

function json(response: LightMyRequestResponse): unknown {
  return JSON.parse(response.body)
}

describe('the sandbox proxy', () => {
  it('answers 401 with a JSON body, and forwards nothing, without a docs session', async () => {
    const app = await gate(upstreamUrl)
    seen = []
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: '/__sandbox/api/v2/auth/login/',
        payload: method === 'POST' ? { username: 'demo@plazo.test' } : undefined,
      })
      expect(response.statusCode).toBe(401)
      expect(json(response)).toMatchObject({ error: 'docs_session_required' })
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
    }
    const forged = await app.inject({
      url: '/__sandbox/api/v2/checkout/',
      headers: { cookie: `${SESSION_COOKIE}=${Date.now() + 60_000}.forged` },
    })
    expect(forged.statusCode).toBe(401)
    expect(seen).toEqual([])
    await app.close()
  })

  it('forwards the call byte for byte to the API, without the docs cookie', async () => {
    const app = await gate(upstreamUrl)
    const cookie = await sessionCookie(app)
    seen = []
    const body = '{"username": "demo@plazo.test",\n "password": "plazo-sandbox"}'
    const response = await app.inject({
      method: 'POST',
      url: '/__sandbox/api/v2/auth/login/?lang=es',
      payload: body,
      headers: {
        cookie,
        'content-type': 'application/json',
        authorization: 'Bearer token-1',
        'idempotency-key': 'key-1',
      },
    })
    expect(response.statusCode).toBe(201)
    expect(json(response)).toEqual({ status: 'ok', echoed: '/api/v2/auth/login/?lang=es' })
    expect(response.headers['x-request-id']).toBe('req-1')
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(seen).toHaveLength(1)
    const [call] = seen
    expect(call?.method).toBe('POST')
    expect(call?.body).toBe(body)
    expect(call?.headers.authorization).toBe('Bearer token-1')
    expect(call?.headers['idempotency-key']).toBe('key-1')
    expect(call?.headers.cookie).toBeUndefined()
    await app.close()
  })

  it('forwards bodies the login form parser would read, untouched', async () => {
    const app = await gate(upstreamUrl)
    const cookie = await sessionCookie(app)
    seen = []
    await app.inject({
      method: 'POST',
      url: '/__sandbox/api/v2/auth/login/',
      payload: 'username=demo&password=x',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(seen[0]?.body).toBe('username=demo&password=x')
    await app.close()
  })

  it('keeps a base path of PLAZO_DOCS_SANDBOX_URL', async () => {
    const app = await gate(`${upstreamUrl}/sandbox/`)
    const cookie = await sessionCookie(app)
    seen = []
    await app.inject({ url: '/__sandbox/api/v2/checkout/cs_1/', headers: { cookie } })
    expect(seen[0]?.url).toBe('/sandbox/api/v2/checkout/cs_1/')
    await app.close()
  })

  it('tells the console where the API is, for its curl commands', async () => {
    const app = await gate(`${upstreamUrl}/sandbox/`)
    const cookie = await sessionCookie(app)
    const response = await app.inject({ url: '/__sandbox/config', headers: { cookie } })
    expect(json(response)).toEqual({ api_url: `${upstreamUrl}/sandbox/api/v2` })
    expect((await app.inject({ url: '/__sandbox/config' })).statusCode).toBe(401)
    await app.close()
  })

  it('forwards only the API: other sandbox paths are not found', async () => {
    const app = await gate(upstreamUrl)
    const cookie = await sessionCookie(app)
    seen = []
    for (const url of ['/__sandbox/hpp/hpp_1', '/__sandbox/checkout.js', '/__sandbox/api/v2/../../hpp/x']) {
      const response = await app.inject({ url, headers: { cookie } })
      expect(response.statusCode, url).not.toBe(201)
    }
    expect(seen).toEqual([])
    await app.close()
  })

  it('answers 502 with how to start the sandbox when it does not answer', async () => {
    const silent = await silentSandbox()
    const sandboxAddress = silent.address()
    if (sandboxAddress === null || typeof sandboxAddress === 'string') throw new Error('no port')
    const app = await gate(`http://127.0.0.1:${sandboxAddress.port}`)
    const cookie = await sessionCookie(app)
    // Over a real socket: app.inject() rejects on a failed upstream connection instead of answering.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const response = await fetch(`http://127.0.0.1:${address.port}/__sandbox/api/v2/auth/login/`, {
      method: 'POST',
      body: JSON.stringify({ username: 'demo@plazo.test', password: 'plazo-sandbox' }),
      headers: { cookie, 'content-type': 'application/json' },
    })
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      error: 'sandbox_unavailable',
      message: expect.stringContaining('npm run start:api'),
    })
    await app.close()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('is not there when no sandbox URL is given', async () => {
    const app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD) })
    const cookie = await sessionCookie(app)
    seen = []
    const response = await app.inject({ url: '/__sandbox/api/v2/checkout/', headers: { cookie } })
    expect(response.statusCode).toBe(404)
    expect(seen).toEqual([])
    await app.close()
  })
})

describe('PLAZO_DOCS_SANDBOX_URL', () => {
  it('defaults to the API on localhost at PLAZO_API_PORT, or 4000', () => {
    expect(loadGateConfig({}).sandboxUrl).toBe('http://localhost:4000')
    expect(loadGateConfig({ PLAZO_API_PORT: '4123' }).sandboxUrl).toBe('http://localhost:4123')
    expect(loadGateConfig({ PLAZO_DOCS_SANDBOX_URL: 'https://sandbox.example' }).sandboxUrl).toBe(
      'https://sandbox.example',
    )
  })

  it('must be an http(s) URL', () => {
    for (const value of ['localhost:4000', 'ftp://example.com', 'not a url']) {
      expect(() => loadGateConfig({ PLAZO_DOCS_SANDBOX_URL: value }), value).toThrow(ConfigError)
    }
  })
})
