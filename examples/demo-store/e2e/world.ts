// The world of the demo store's browser test: checkout-js and the checkout app built from source, the Plazo
// API in-process on a free loopback port over a temporary SQLite file, the demo store in-process on another,
// and Debian's chromium driven by playwright-core.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { type App, buildApp } from '../../../packages/api/src/app.ts'
import { loadConfig } from '../../../packages/api/src/config.ts'
import { seedSandbox } from '../../../packages/api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../../packages/api/src/storage/index.ts'
import { buildCheckoutJsIfStale } from '../../../packages/checkout-js/scripts/build-locked.ts'
import { buildDemoStore, type DemoStore } from '../src/app.ts'
import { loadDemoConfig } from '../src/config.ts'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Builds what the pages load from the current source: checkout.js and the checkout app (/embedded). */
export function buildFrontEnds(): void {
  buildCheckoutJsIfStale()
  const hpp = spawnSync('npm', ['run', 'build', '--workspace=apps/hpp'], { cwd: REPO, encoding: 'utf8' })
  if (hpp.status !== 0) throw new Error(`apps/hpp build failed:\n${hpp.stdout}\n${hpp.stderr}`)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

export interface World {
  api: string
  store: string
  app: App
  demo: DemoStore
  browser: Browser
  close(): Promise<void>
}

export async function startWorld(): Promise<World> {
  const folder = await mkdtemp(join(tmpdir(), 'plazo-demo-e2e-'))
  const [apiPort, storePort] = [await freePort(), await freePort()]
  const api = `http://127.0.0.1:${apiPort}`
  const store = `http://127.0.0.1:${storePort}`
  const db: Database = await openDatabase(`sqlite:${join(folder, 'plazo.sqlite')}`)
  await seedSandbox(db)
  // Webhooks are delivered when the test asks (deliverDue), so it never waits on a timer.
  const app = await buildApp({
    config: loadConfig({ PLAZO_PUBLIC_URL: api }),
    db,
    timerIntervalMs: 0,
    webhooks: { intervalMs: false },
  })
  await app.listen({ port: apiPort, host: '127.0.0.1' })
  const demo = await buildDemoStore(
    loadDemoConfig({ PLAZO_DEMO_PORT: String(storePort), PLAZO_API_URL: api, PLAZO_DEMO_PUBLIC_URL: store }),
  )
  await demo.app.listen({ port: storePort, host: '127.0.0.1' })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  return {
    api,
    store,
    app,
    demo,
    browser,
    async close() {
      await browser.close()
      await demo.app.close()
      await app.close()
      await db.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
