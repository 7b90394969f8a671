// The Plazo API as the tests of the other workspaces run it (the hosted page, checkout-js, the demo store and
// the docs): in-process, on a free loopback port, over a temporary SQLite file seeded with the sandbox.
import { mkdtemp, rm } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, buildApp } from '../packages/api/src/app.ts'
import { loadConfig } from '../packages/api/src/config.ts'
import { seedSandbox } from '../packages/api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../packages/api/src/storage/index.ts'

/** The sandbox's merchants, users and agents (DESIGN.md), for the tests that log in or name an agent. */
export { SANDBOX } from '../packages/api/src/domain/sandbox/seed.ts'

/** A free port on the loopback interface, for a server whose URL must be known before it listens. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface SandboxApiOptions {
  /** Names the temporary folder (`plazo-<name>-…`), so a leftover one says which test left it. */
  name: string
  /**
   * Runs the webhook worker on its timer. Off by default: a test delivers webhooks when it asks
   * (`app.services.webhookDelivery.deliverDue()`), so it never waits on a timer.
   */
  webhookWorker?: boolean
  /** Called after the app is built and before it listens: hooks a test adds to watch the requests. */
  beforeListen?(app: App): void
}

export interface SandboxApi {
  /** `http://127.0.0.1:<port>`, also the API's public URL (the links in its answers point here). */
  url: string
  app: App
  db: Database
  /** Stops the API, closes the database and removes its folder. */
  close(): Promise<void>
}

export async function startSandboxApi(options: SandboxApiOptions): Promise<SandboxApi> {
  const folder = await mkdtemp(join(tmpdir(), `plazo-${options.name}-`))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const db = await openDatabase(`sqlite:${join(folder, 'plazo.sqlite')}`)
  await seedSandbox(db)
  const app = await buildApp({
    config: loadConfig({ PLAZO_PUBLIC_URL: url }),
    db,
    timerIntervalMs: 0,
    ...(options.webhookWorker ? {} : { webhooks: { intervalMs: false } }),
  })
  options.beforeListen?.(app)
  await app.listen({ port, host: '127.0.0.1' })
  return {
    url,
    app,
    db,
    async close() {
      await app.close()
      await db.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
