import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { type Browser, chromium } from 'playwright-core'
import { buildGateServer } from '../server/app.ts'
import { createPasswordVerifier } from '../server/password.ts'

export const siteDir = fileURLToPath(new URL('..', import.meta.url))
export const buildDir = `${siteDir}build`
export const buildLogPath = `${siteDir}.cache/build.log`
export const PASSWORD = 'e2e-docs-password'

/**
 * Builds the site once (about a minute) unless a complete build is already there; set
 * PLAZO_DOCS_REBUILD=1 to force a fresh one.
 */
export function ensureBuild(): void {
  const complete = [`${buildDir}/index.html`, `${buildDir}/es/index.html`, buildLogPath].every((path) =>
    existsSync(path),
  )
  if (complete && process.env.PLAZO_DOCS_REBUILD !== '1') return
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
