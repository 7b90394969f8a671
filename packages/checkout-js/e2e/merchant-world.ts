// The world of checkout-js's browser tests: checkout.js built from source, the sandbox API in-process (it serves
// /checkout.js and, when asked, the checkout app the embedded iframe shows), a merchant's site on its own loopback
// origin, and Debian's chromium driven by playwright-core.
import { spawnSync } from 'node:child_process'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { examples } from '@plazo/contract'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../../../test-support/chromium.ts'
import { SANDBOX, type SandboxApi, startSandboxApi } from '../../../test-support/sandbox-api.ts'
import { buildCheckoutJsIfStale } from '../scripts/build-locked.ts'

const REPO = fileURLToPath(new URL('../../..', import.meta.url))

export interface MerchantWorldOptions {
  /** The sandbox's name (its temporary database). */
  name: string
  /** Whether the embedded checkout is used: its iframe's page is apps/hpp, built first from the current source. */
  checkoutApp?: boolean
  /** The merchant's site, given the sandbox API's origin (for its `<script src=".../checkout.js">`). */
  site: (api: string) => RequestListener
}

export interface MerchantWorld {
  /** The sandbox API's origin. */
  api: string
  /** Demo Store's access token. */
  token: string
  /** The merchant's site's origin. */
  shop: string
  browser: Browser
  close(): Promise<void>
}

export async function startMerchantWorld(options: MerchantWorldOptions): Promise<MerchantWorld> {
  buildCheckoutJsIfStale()
  if (options.checkoutApp) {
    const hpp = spawnSync('npm', ['run', 'build', '--workspace=apps/hpp'], { cwd: REPO, encoding: 'utf8' })
    if (hpp.status !== 0) throw new Error(`apps/hpp build failed:\n${hpp.stdout}\n${hpp.stderr}`)
  }
  let sandbox: SandboxApi | undefined
  let merchant: Server | undefined
  let browser: Browser | undefined
  const close = async () => {
    await browser?.close()
    await new Promise((done) => (merchant ? merchant.close(done) : done(undefined)))
    await sandbox?.close()
  }
  try {
    sandbox = await startSandboxApi({ name: options.name })
    const api = sandbox.url
    const login = await fetch(`${api}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: SANDBOX.demoStore.username, password: SANDBOX.password }),
    })
    const token = String(((await login.json()) as { access_token: string }).access_token)
    const site = createServer(options.site(api))
    merchant = site
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done))
    const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    browser = await launchChromium()
    return { api, token, shop, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * An embedded session offering BNPL and a consumer loan (the guide's example, without webhooks), its order
 * reference `prefix` and a random suffix.
 */
export async function createEmbeddedSession(
  world: MerchantWorld,
  prefix: string,
): Promise<{ id: string; secret: string }> {
  const request = structuredClone(examples.embeddedRequestExample('product'))
  request.merchant = { order_reference_1: `${prefix}-${Math.random().toString(36).slice(2, 8)}` }
  const res = await fetch(`${world.api}/api/v2/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${world.token}` },
    body: JSON.stringify(request),
  })
  const created = (await res.json()) as { checkout_session_id: string; client_secret: string }
  if (res.status !== 201) throw new Error(`create failed (${res.status}): ${JSON.stringify(created)}`)
  return { id: String(created.checkout_session_id), secret: String(created.client_secret) }
}
