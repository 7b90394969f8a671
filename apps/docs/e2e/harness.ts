import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { buildGateServer } from '../server/app.ts'
import { createPasswordVerifier } from '../server/password.ts'

export const siteDir = fileURLToPath(new URL('..', import.meta.url))
export const buildDir = `${siteDir}build`
export const buildLogPath = `${siteDir}.cache/build.log`
export const PASSWORD = 'e2e-docs-password'

/** What the build is made from; a build older than any of these is rebuilt. */
const SOURCES = [
  'docs',
  'i18n',
  'src',
  'samples',
  'static/img',
  'plugins',
  'scripts',
  'docusaurus.config.ts',
  'sidebars.ts',
  'site.config.ts',
  'api-references.ts',
  '../../packages/contract/openapi',
  '../../packages/checkout-js/docs-md',
  '../../packages/checkout-js/docs-md-es',
]
const GENERATED = /(^|\/)(globals\.mdx|api\.generated\.json)$/

function newestSource(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return GENERATED.test(path) ? 0 : stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))))
}

/**
 * Builds the site (a minute or two) unless a complete build newer than every source is already there;
 * PLAZO_DOCS_REBUILD=1 forces a build even then.
 */
export function ensureBuild(): void {
  const outputs = [`${buildDir}/index.html`, `${buildDir}/es/index.html`, buildLogPath]
  const complete = outputs.every((path) => existsSync(path))
  const fresh =
    complete &&
    statSync(buildLogPath).mtimeMs > Math.max(...SOURCES.map((source) => newestSource(join(siteDir, source))))
  if (fresh && process.env.PLAZO_DOCS_REBUILD !== '1') return
  const result = spawnSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`)
}

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
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
  const browser = await launchBrowser()
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
