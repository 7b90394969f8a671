import type { FastifyInstance } from 'fastify'
import type { Browser, BrowserContext } from 'playwright-core'
import { launchChromium } from '../../../test-support/chromium.ts'
import { buildGateServer } from '../server/app.ts'
import { createPasswordVerifier } from '../server/password.ts'
import { buildDir, ensureBuild } from './build.ts'

export { launchChromium as launchBrowser } from '../../../test-support/chromium.ts'
export { buildDir, buildLogPath, ensureBuild, siteDir } from './build.ts'
export const PASSWORD = 'e2e-docs-password'

export interface RunningGate {
  app: FastifyInstance
  baseUrl: string
}

/** The gate over the real build, on a free loopback port. */
export async function startGate(): Promise<RunningGate> {
  const app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { app, baseUrl: `http://127.0.0.1:${address.port}` }
}

/** The cookies of a logged-in browser, to start logged-in contexts from (logins are rate-limited). */
export type LoggedInState = Awaited<ReturnType<BrowserContext['storageState']>>

export interface LoggedInSite {
  gate: RunningGate
  browser: Browser
  loggedInState: LoggedInState
  close(): Promise<void>
}

/** The build behind the gate, a browser, and the state of one login through the gate's form. */
export async function startLoggedInSite(): Promise<LoggedInSite> {
  ensureBuild()
  const gate = await startGate()
  const browser = await launchChromium()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${gate.baseUrl}/`)
  await page.fill('#password', PASSWORD)
  await page.click('button[type=submit]')
  await page.waitForSelector('.navbar', { timeout: 15_000 })
  const loggedInState = await context.storageState()
  await context.close()
  return {
    gate,
    browser,
    loggedInState,
    async close() {
      await browser.close()
      await gate.app.close()
    },
  }
}
