import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { buildGateServer, SESSION_COOKIE } from '../app.ts'
import { createPasswordVerifier } from '../password.ts'

/**
 * The gate decides on the path it serves (issue 36): no spelling of a path that climbs out of a prefix the gate
 * answers without a session (its own /__gate/ routes, the /__sandbox/ forwarding, assets, /es/) reaches a file of
 * the build without the session cookie. Sent over real HTTP with raw paths: app.inject() runs every URL through
 * `new URL()`, which would normalise `..`, `%2e%2e` and `\` before the gate ever saw them.
 */

const PASSWORD = 'correct-horse'

/** One file of each kind the build holds; each carries a marker that must never be answered without a session. */
const FILES: Record<string, string> = {
  'index.html': '<html><body>SECRET-home</body></html>',
  '404.html': '<html><body>SECRET-not-found-en</body></html>',
  'docs/api/index.html': '<html><body>SECRET-page</body></html>',
  'docs/api.md': '# SECRET-markdown-twin',
  'llms.txt': '# SECRET-llms',
  'search-index-0a1b2c3d.json': '[{"documents":["SECRET-search-index"]}]',
  'openapi/order-management.json': '{"info":{"title":"SECRET-openapi"}}',
  'assets/js/main.3f2a1b.js': 'console.log("SECRET-asset")',
  'es/index.html': '<html><body>SECRET-inicio</body></html>',
  'es/404.html': '<html><body>SECRET-not-found-es</body></html>',
  'es/docs/api/index.html': '<html><body>SECRET-es-page</body></html>',
}

/** A file beside the build folder, which no path may reach, session or not. */
const OUTSIDE = 'OUTSIDE-THE-BUILD'

/** The paths of the protected files, as a link or a visitor would write them. */
const TARGETS = [
  'docs/api.md',
  'docs/api',
  'docs/api/',
  'docs/api/index.html',
  'llms.txt',
  'search-index-0a1b2c3d.json',
  'openapi/order-management.json',
  'assets/js/main.3f2a1b.js',
  'es/docs/api/',
  'es/',
  'index.html',
  '',
  'outside.txt',
]

/** Every prefix the gate answered, or still answers, without a session, and the folders of the build. */
const PREFIXES = [
  '/__gate/',
  '/__gate/login/',
  '/__gate/session/',
  '/__gate/logout/',
  '/__sandbox/',
  '/__sandbox/config/',
  '/__sandbox/api/v2/',
  '/assets/',
  '/assets/js/',
  '/es/',
  '/openapi/',
  '/',
]

const DOT_DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '.%2E',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '..;',
  '..%00',
]
const SEPARATORS = ['/', '%2f', '%2F', '%5c', '%5C', '\\', '%c0%af', '//', '%252f', ';/', '/./']
const SUFFIXES = ['', '%00', ';x=1', '?q=1', '%00.html', '/', '#top']

let root: string
let buildDir: string
let gate: FastifyInstance
let port: number
/** A stand-in sandbox API: records what the forwarding sent it. */
let upstream: FastifyInstance
const forwarded: string[] = []
let cookie: string
const agent = new Agent({ keepAlive: true, maxSockets: 4 })

interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A GET with the path exactly as given: nothing on the client side decodes or normalises it. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
    request.on('error', (error) => reject(new Error(`GET ${path}: ${error.message}`)))
    request.end()
  })
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

/**
 * Percent-encodes one character at random (a letter, a dot or a slash), as attackers vary them; never the leading
 * `/`, without which the request line is not a path at all (Node answers 400 and closes the connection).
 */
function encodeOne(random: () => number, path: string): string {
  const positions = [...path].map((char, index) => (index > 0 && /[a-z./_-]/i.test(char) ? index : -1))
  positions.splice(0, positions.length, ...positions.filter((i) => i >= 0))
  if (positions.length === 0) return path
  const at = pick(random, positions)
  const char = path.charAt(at)
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0')
  const encoded = random() < 0.5 ? `%${hex}` : `%${hex.toUpperCase()}`
  return path.slice(0, at) + encoded + path.slice(at + 1)
}

/** The systematic cases: from every prefix, climb its depth (and one more) in every spelling, to every target. */
function systematicPaths(): string[] {
  const paths = new Set<string>()
  for (const prefix of PREFIXES) {
    const depth = prefix.split('/').filter(Boolean).length
    for (const dots of DOT_DOTS) {
      for (const separator of SEPARATORS) {
        for (const climb of [depth, depth + 1, depth + 3]) {
          if (climb === 0) continue
          for (const target of TARGETS) {
            paths.add(`${prefix}${`${dots}${separator}`.repeat(climb)}${target}`)
          }
        }
      }
    }
  }
  return [...paths]
}

/** Random mixtures: several prefixes, dot-dots, separators, encodings and suffixes in one path. */
function randomPaths(count: number, seed: number): string[] {
  const random = seededRandom(seed)
  const pieces = [...DOT_DOTS, '.', '%2e', '', 'x', '__gate', '__sandbox', 'es', 'assets', 'docs', 'api']
  const paths: string[] = []
  for (let i = 0; i < count; i++) {
    let path = pick(random, PREFIXES)
    const length = 1 + Math.floor(random() * 6)
    for (let j = 0; j < length; j++) path += pick(random, pieces) + pick(random, SEPARATORS)
    let target = pick(random, TARGETS)
    if (random() < 0.5) target = encodeOne(random, target)
    path += target + pick(random, SUFFIXES)
    if (random() < 0.3) path = encodeOne(random, path)
    paths.push(path)
  }
  return paths
}

/** The markers of every protected file, and of the file outside the build. */
const MARKERS = [...Object.values(FILES).map((content) => /SECRET-[\w-]+/.exec(content)?.[0] ?? ''), OUTSIDE]

function leaked(body: string): string | undefined {
  return MARKERS.find((marker) => body.includes(marker))
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'plazo-gate-paths-'))
  buildDir = join(root, 'build')
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(buildDir, path, '..'), { recursive: true })
    writeFileSync(join(buildDir, path), content)
  }
  writeFileSync(join(root, 'outside.txt'), OUTSIDE)
  upstream = Fastify()
  upstream.all('/*', async (request) => {
    forwarded.push(request.url)
    return { upstream: true }
  })
  await upstream.listen({ port: 0, host: '127.0.0.1' })
  const upstreamAddress = upstream.server.address()
  if (upstreamAddress === null || typeof upstreamAddress === 'string') throw new Error('no port')
  gate = await buildGateServer({
    buildDir,
    password: createPasswordVerifier(PASSWORD),
    minLoginResponseMs: 0,
    loginAttempts: { max: 1000, windowMs: 60_000 },
    sandboxUrl: `http://127.0.0.1:${upstreamAddress.port}`,
  })
  await gate.listen({ port: 0, host: '127.0.0.1' })
  const address = gate.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  port = address.port
  const login = await gate.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
  const session = login.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!session) throw new Error('no session cookie')
  cookie = `${SESSION_COOKIE}=${session.value}`
})

afterAll(async () => {
  agent.destroy()
  await gate?.close()
  await upstream?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('paths that climb out of a prefix the gate answers without a session', () => {
  it('the reported bypasses get the login screen or a 404, not the file', async () => {
    for (const path of [
      '/__gate/../docs/api.md',
      '/__gate/%2e%2e/docs/api',
      '/__gate/%2E%2E/openapi/order-management.json',
      '/__gate/..%2F..%2Fllms.txt',
      '/__gate/../search-index-0a1b2c3d.json',
      '/__gate/%2e%2e/assets/js/main.3f2a1b.js',
      '/__gate/..%2fes/docs/api/',
      '/__gate/nothing-here',
    ]) {
      const response = await rawGet(path)
      expect(leaked(response.body), path).toBeUndefined()
      expect([400, 401, 404], path).toContain(response.status)
    }
    // Inside the build once normalised: the login screen of that path. Above the build's root: a 404.
    const inside = await rawGet('/__gate/../docs/api.md')
    expect(inside.status).toBe(401)
    expect(inside.body).toContain('name="return_to" value="/docs/api.md"')
    expect((await rawGet('/__gate/..%2F..%2Fllms.txt')).status).toBe(404)
  })

  it('no spelling, encoding or mixture of them reaches a file without the session cookie', async () => {
    const paths = [...systematicPaths(), ...randomPaths(3000, 36)]
    expect(paths.length).toBeGreaterThan(15_000)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    for (let i = 0; i < paths.length; i += 16) {
      const batch = paths.slice(i, i + 16)
      const responses = await Promise.all(batch.map((path) => rawGet(path)))
      responses.forEach((response, j) => {
        const path = batch[j] ?? ''
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const marker = leaked(response.body)
        if (marker || ![400, 401, 404].includes(response.status))
          failures.push(`${path} → ${response.status}${marker ? ` (${marker})` : ''}`)
      })
    }
    expect(failures.slice(0, 20), `${failures.length} of ${paths.length} paths`).toEqual([])
    expect(forwarded, 'nothing reaches the sandbox without a session').toEqual([])
    // The cases really exercise each answer: the login screen, a bad path and a path outside the build.
    expect(statuses.get(401)).toBeGreaterThan(1000)
    expect(statuses.get(404)).toBeGreaterThan(1000)
    expect(statuses.get(400)).toBeGreaterThan(100)
  }, 120_000)

  it('with the session: never a file outside the build, never a 500, and the pages still serve', async () => {
    const paths = [...systematicPaths().filter((_, index) => index % 7 === 0), ...randomPaths(1000, 3600)]
    const failures: string[] = []
    for (let i = 0; i < paths.length; i += 16) {
      const batch = paths.slice(i, i + 16)
      const responses = await Promise.all(batch.map((path) => rawGet(path, { cookie })))
      responses.forEach((response, j) => {
        if (response.body.includes(OUTSIDE) || response.status >= 500)
          failures.push(`${batch[j]} → ${response.status}`)
      })
    }
    expect(failures.slice(0, 20), `${failures.length} of ${paths.length} paths`).toEqual([])
    // The forwarding got only what normalises inside /__sandbox/api/v2/, and passed it on inside /api/v2/.
    expect(forwarded.length).toBeGreaterThan(20)
    expect(forwarded.filter((url) => !url.startsWith('/api/v2/'))).toEqual([])
    for (const [path, marker] of [
      ['/', 'SECRET-home'],
      ['/docs/api', 'SECRET-page'],
      ['/docs/api/', 'SECRET-page'],
      ['/docs/api.md', 'SECRET-markdown-twin'],
      ['/llms.txt', 'SECRET-llms'],
      ['/search-index-0a1b2c3d.json', 'SECRET-search-index'],
      ['/openapi/order-management.json', 'SECRET-openapi'],
      ['/assets/js/main.3f2a1b.js', 'SECRET-asset'],
      ['/es/', 'SECRET-inicio'],
      ['/es/docs/api/', 'SECRET-es-page'],
      // Decoded and normalised once, a path inside the build is that file, for a visitor with a session.
      ['/docs/%61pi.md', 'SECRET-markdown-twin'],
      ['/es/../docs/api/', 'SECRET-page'],
    ] as const) {
      const response = await rawGet(path, { cookie })
      expect(response.status, path).toBe(200)
      expect(response.body, path).toContain(marker)
    }
    const missing = await rawGet('/es/no/such/page', { cookie })
    expect(missing.status).toBe(404)
    expect(missing.body).toContain('SECRET-not-found-es')
  }, 120_000)

  it("answers the gate's own routes only at their exact path and method", async () => {
    expect(JSON.parse((await rawGet('/__gate/session')).body)).toEqual({ authenticated: false })
    expect(JSON.parse((await rawGet('/__gate/session', { cookie })).body)).toEqual({ authenticated: true })
    // Another method or a longer path is a page like any other: the login screen without a session.
    for (const path of ['/__gate/login', '/__gate/session/', '/__gate/session/x', '/__gate/x']) {
      const response = await rawGet(path)
      expect(response.status, path).toBe(401)
      expect(leaked(response.body), path).toBeUndefined()
    }
  })
})
