// The dashboard's pages: every /dashboard path gets the app's index.html (the app routes in the browser) with a
// policy that allows the sandbox's own scripts only and forbids framing; its hashed assets are served compressed
// and immutable; an unbuilt dashboard says how to build it; and with PLAZO_SANDBOX off there is no dashboard.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const [engine] = testEngines()
if (!engine) throw new Error('no test engine')

describe('the dashboard pages', () => {
  let t: TestDatabase
  let dist: string
  const apps: App[] = []
  const app = async (env: Record<string, string>, distDir: string) => {
    const built = await buildApp({
      config: loadConfig(env),
      db: t.db,
      webhooks: { intervalMs: false },
      dashboardDistDir: distDir,
    })
    apps.push(built)
    return built
  }
  beforeAll(async () => {
    t = await engine.open()
    dist = await mkdtemp(join(tmpdir(), 'plazo-dashboard-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><title>Dashboard</title><script type="module" src="/dashboard/assets/app-1.js"></script>',
    )
    await writeFile(join(dist, 'assets', 'app-1.js'), 'console.log(1)')
  })
  afterAll(async () => {
    for (const built of apps) await built.close()
    await t.cleanup()
    await rm(dist, { recursive: true, force: true })
  })

  it('serves the app at every page, without framing and with its own scripts only', async () => {
    const dashboard = await app({}, dist)
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/sessions/abc',
      '/dashboard/sign-up',
      '/dashboard/logs?status=4xx',
    ]) {
      const res = await dashboard.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(200)
      expect(res.body).toContain('<title>Dashboard</title>')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    const asset = await dashboard.inject({ method: 'GET', url: '/dashboard/assets/app-1.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    for (const path of [
      '/dashboard/assets/..%2Findex.html',
      '/dashboard/assets/missing.js',
      '/dashboard/api/nothing',
    ]) {
      expect((await dashboard.inject({ method: 'GET', url: path })).statusCode, path).toBe(404)
    }
  })

  it('says how to build it when it is not built', async () => {
    const res = await (await app({}, join(dist, 'nowhere'))).inject({ method: 'GET', url: '/dashboard' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toContain('npm run build -w apps/dashboard')
  })

  it('is not there when PLAZO_SANDBOX is off', async () => {
    const off = await app({ PLAZO_SANDBOX: 'false' }, dist)
    for (const [method, url] of [
      ['GET', '/dashboard'],
      ['GET', '/dashboard/sign-up'],
      ['POST', '/dashboard/api/sign-up'],
      ['GET', '/dashboard/api/config'],
    ] as const) {
      expect((await off.inject({ method, url })).statusCode, url).toBe(404)
    }
  })
})
