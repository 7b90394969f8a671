// The world of the demo store's browser test: checkout-js and the checkout app built from source, the Plazo
// API in-process on a free loopback port over a temporary SQLite file, the demo store in-process on another,
// and Debian's chromium driven by playwright-core.
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import type { App } from '../../../packages/api/src/app.ts'
import { buildCheckoutJsIfStale } from '../../../packages/checkout-js/scripts/build-locked.ts'
import { launchChromium } from '../../../test-support/chromium.ts'
import { freePort, startSandboxApi } from '../../../test-support/sandbox-api.ts'
import { buildDemoStore, type DemoStore } from '../src/app.ts'
import { loadDemoConfig } from '../src/config.ts'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** Builds what the pages load from the current source: checkout.js and the checkout app (/embedded). */
export function buildFrontEnds(): void {
  buildCheckoutJsIfStale()
  const hpp = spawnSync('npm', ['run', 'build', '--workspace=apps/hpp'], { cwd: REPO, encoding: 'utf8' })
  if (hpp.status !== 0) throw new Error(`apps/hpp build failed:\n${hpp.stdout}\n${hpp.stderr}`)
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
  const sandbox = await startSandboxApi({ name: 'demo-e2e' })
  const { url: api, app } = sandbox
  const storePort = await freePort()
  const store = `http://127.0.0.1:${storePort}`
  const demo = await buildDemoStore(
    loadDemoConfig({ PLAZO_DEMO_PORT: String(storePort), PLAZO_API_URL: api, PLAZO_DEMO_PUBLIC_URL: store }),
  )
  await demo.app.listen({ port: storePort, host: '127.0.0.1' })
  const browser = await launchChromium()
  return {
    api,
    store,
    app,
    demo,
    browser,
    async close() {
      await browser.close()
      await demo.app.close()
      await sandbox.close()
    },
  }
}
