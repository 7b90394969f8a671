import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import jsQRModule from 'jsqr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { type App, buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { assetPathInside } from '../../src/routes/built-assets.ts'
import { HPP_ASSETS_PREFIX, HPP_NOT_BUILT_MESSAGE } from '../../src/routes/hpp/pages.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { type TestDatabase, type TestEngine, testEngines } from '../helpers/engines.ts'
import { HppKit } from './hpp-kit.ts'

// jsqr is CommonJS; under NodeNext its default export arrives wrapped (as ajv-formats in the contract).
type JsQR = typeof jsQRModule.default
const jsQR: JsQR = (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR)

/** The dark modules of the SVG `qrcode` draws: one horizontal run per `h` of its path. */
function modulesOf(svg: string): { size: number; dark: boolean[][] } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1])
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? ''
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  let x = 0
  let y = 0
  for (const [, op, a, b] of path.matchAll(/([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    const dx = Number(a)
    const dy = Number(b ?? 0)
    if (op === 'M') [x, y] = [dx, dy]
    else if (op === 'm') [x, y] = [x + dx, y + dy]
    else {
      for (let i = 0; i < dx; i++) (dark[Math.floor(y)] as boolean[])[x + i] = true
      x += dx
    }
  }
  return { size, dark }
}

/** Decodes an SVG QR code the way a phone camera would: rasterise it, then read it with jsQR. */
function decodeQr(svg: string): string | undefined {
  const { size, dark } = modulesOf(svg)
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4)
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const on = dark[Math.floor(py / scale)]?.[Math.floor(px / scale)]
      pixels.fill(on ? 0 : 255, (py * width + px) * 4, (py * width + px) * 4 + 3)
      pixels[(py * width + px) * 4 + 3] = 255
    }
  }
  return jsQR(pixels, width, width)?.data
}

/** An asset large and repetitive enough to be worth compressing, like the app's bundle. */
const APP_JS = Array.from({ length: 400 }, (_, i) => `console.log("checkout line ${i}")`).join('\n')

const INDEX_HTML =
  '<!doctype html><html lang="es"><head><script type="module" src="/hpp-app/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>'

describe.each(testEngines())('hosted page pages and QR code on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  let dist: string
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'plazo-hpp-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'index.html'), INDEX_HTML)
    await writeFile(join(dist, 'assets', 'app-abc.js'), APP_JS)
    // What the app's build writes beside each asset (scripts/app-build/precompress.ts).
    await writeFile(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(APP_JS))
    await writeFile(join(dist, 'assets', 'app-abc.js.gz'), gzipSync(APP_JS))
    t = await testApp(engine, {}, { timerIntervalMs: 0, hppDistDir: dist })
    kit = new HppKit(t)
  })
  afterAll(async () => {
    await t.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('GET /hpp/:hpp_id/qr is an SVG QR code that reads as the redirect_url', async () => {
    const created = await kit.createHpp()
    const res = await t.app.inject({ method: 'GET', url: new URL(created.qrCodeUrl).pathname })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.body.startsWith('<svg')).toBe(true)
    expect(decodeQr(res.body)).toBe(created.redirectUrl)
  })

  it('the QR code of an unknown hosted page is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hpp/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/qr' })
    expect(res.statusCode).toBe(404)
    expect(res.json().exception).toBe('plazo.hpp.not_found')
    expect((await t.app.inject({ method: 'GET', url: '/hpp/whatever/qr' })).statusCode).toBe(404)
  })

  it('serves the app for the hosted page and the distribution page, never inside a frame', async () => {
    const created = await kit.createHpp()
    for (const url of [created.redirectUrl, created.distributionUrl, `${created.redirectUrl}/`]) {
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toBe(INDEX_HTML)
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    }
  })

  it('an unknown hosted page gets the app (which says so) with a 404 status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hpp/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toBe(INDEX_HTML)
  })

  it('the embedded checkout can be framed by any merchant site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embedded?origin=https%3A%2F%2Fshop.example.com' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
    expect(res.headers['x-frame-options']).toBeUndefined()
    expect(res.headers['content-security-policy']).not.toContain('frame-ancestors')
  })

  it('serves the built assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hpp-app/assets/app-abc.js' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(APP_JS)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  // Issue 41 item 7: the bundle went out uncompressed to browsers that accept br and gzip.
  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/hpp-app/assets/app-abc.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  it('sends the assets brotli-compressed to a browser that accepts br', async () => {
    const res = await asset('gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 4)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('sends them gzipped to a browser that accepts only gzip', async () => {
    const res = await asset('gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('sends them as they are without Accept-Encoding, still varying on it for caches', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await asset(acceptEncoding)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.body).toBe(APP_JS)
      expect(res.headers.vary).toMatch(/accept-encoding/i)
    }
  })
})

describe('paths that climb out of the built assets', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(testEngines()[0] as TestEngine, {}, { timerIntervalMs: 0 })
  })
  afterAll(() => t.close())

  // The security review's request gave a 500 with a stack trace in the log; every variant is a plain 404.
  const climbs = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '..%5c', '..\\']
  const targets = ['package.json', 'src/main.tsx', '..%2fpackage.json', '%2e%2e%2fpackage.json']
  it.each(climbs)('answers %s out of /hpp-app/ with a 404, never the file', async (climb) => {
    for (const target of targets) {
      for (const depth of [1, 2, 3]) {
        const url = `/hpp-app/${Array(depth).fill(climb).join('/')}/${target}`
        const res = await t.app.inject({ method: 'GET', url })
        // Overlong UTF-8 is not UTF-8 at all: the router answers 400 for the malformed percent-encoding.
        expect(res.statusCode, url).toBe(climb.startsWith('%c0') ? 400 : 404)
        expect(res.body, url).not.toContain('"name"')
      }
    }
  })
})

describe('the assets path guard, fuzzed', () => {
  it('only passes paths that resolve inside the build once decoded (20,000 seeded cases)', () => {
    const pieces = [
      '..',
      '.',
      '%2e',
      '%2E',
      '%25',
      '%252e',
      '/',
      '%2f',
      '%5c',
      '\\',
      '%00',
      'assets',
      'a.js',
      '%c0%ae',
      ';',
      '//',
    ]
    const random = seededRandom(7)
    let passed = 0
    for (let n = 0; n < 20_000; n++) {
      let raw = HPP_ASSETS_PREFIX
      for (let i = 0, length = 1 + Math.floor(random() * 6); i < length; i++) {
        raw += pieces[Math.floor(random() * pieces.length)]
      }
      if (!assetPathInside(raw, HPP_ASSETS_PREFIX)) continue
      passed++
      const decoded = decodeURIComponent(raw)
      const file = resolve('/dist', `.${decoded.slice(HPP_ASSETS_PREFIX.length - 1)}`)
      expect(file.startsWith('/dist/'), raw).toBe(true)
      expect(decodeURIComponent(decoded), raw).toBe(decoded)
    }
    expect(passed).toBeGreaterThan(100)
  })
})

describe('without a build of the app', () => {
  let app: App
  let db: TestDatabase
  beforeAll(async () => {
    db = await (testEngines()[0] as TestEngine).open()
    app = await buildApp({
      config: loadConfig({}),
      db: db.db,
      timerIntervalMs: 0,
      hppDistDir: '/nonexistent/dist',
    })
  })
  afterAll(async () => {
    await app.close()
    await db.cleanup()
  })

  it('says plainly how to build it (503) and still answers the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/embedded' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toBe(HPP_NOT_BUILT_MESSAGE)
    expect(HPP_NOT_BUILT_MESSAGE).toContain('npm run build -w apps/hpp')
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
    })
    expect(login.statusCode).toBe(200)
  })
})
