// The world of the dashboard's browser tests: the dashboard built from source, the API in-process on a free
// loopback port over a temporary SQLite file (its webhook worker running, as `npm start` runs it), a merchant's
// webhook receiver on loopback that can be made to fail, and Debian's chromium driven by playwright-core.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../../../test-support/chromium.ts'
import { type SandboxApi, startSandboxApi } from '../../../test-support/sandbox-api.ts'

const REPO = fileURLToPath(new URL('../../..', import.meta.url))

/** Builds apps/dashboard from the current source, so the tests never run an old dist. */
export function buildDashboard(): void {
  const result = spawnSync('npm', ['run', 'build', '--workspace=apps/dashboard'], {
    cwd: REPO,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`apps/dashboard build failed:\n${result.stdout}\n${result.stderr}`)
}

/** A merchant's notification endpoint: answers 500 with a reason until it is fixed, then 200. */
export interface Receiver {
  url: string
  received: Array<{ event: string; checkout_session_id: string }>
  /** What it answers a failing notification with (the dashboard shows its first 2 KB). */
  failure: string
  fix(): void
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  let broken = true
  const received: Receiver['received'] = []
  const failure = '{"error":"orders database is down","hint":"the receiver answers 500 until it is fixed"}'
  const server: Server = createServer(async (req, res) => {
    let body = ''
    req.setEncoding('utf8')
    for await (const chunk of req) body += chunk
    if (broken) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(failure)
      return
    }
    received.push(JSON.parse(body))
    res.writeHead(200).end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    failure,
    fix: () => {
      broken = false
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface World {
  api: string
  sandbox: SandboxApi
  browser: Browser
  close(): Promise<void>
}

export async function startWorld(name: string): Promise<World> {
  const sandbox = await startSandboxApi({ name, webhookWorker: true })
  const browser = await launchChromium()
  return {
    api: sandbox.url,
    sandbox,
    browser,
    async close() {
      await browser.close()
      await sandbox.close()
    },
  }
}

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface Violation {
  id: string
  impact: string | null
  nodes: string[]
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Through the DevTools protocol: the dashboard's Content-Security-Policy refuses inline scripts, as it should.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    interface AxeResults {
      violations: Array<{
        id: string
        impact: string | null
        nodes: Array<{ target: string[]; failureSummary?: string }>
      }>
    }
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe
    const results = await axe.run(document)
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }))
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}
