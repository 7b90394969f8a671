// A real sandbox for the SDK's tests: the API built in-process on a fresh database of one engine, listening on
// a loopback port the system picks, so the SDK talks real HTTP to it.
import type { AddressInfo } from 'node:net'
import { SANDBOX } from '../../../api/src/domain/sandbox/seed.ts'
import { type TestApp, type TestAppOptions, testApp } from '../../../api/test/helpers/app.ts'
import { type TestEngine, testEngines } from '../../../api/test/helpers/engines.ts'

export { testEngines }

export interface Sandbox extends TestApp {
  /** `http://127.0.0.1:<port>/api/v2` */
  apiUrl: string
  username: string
  password: string
}

export async function sandbox(
  engine: TestEngine,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<Sandbox> {
  const t = await testApp(engine, env, options)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  return {
    ...t,
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    username: SANDBOX.demoStore.username,
    password: SANDBOX.password,
  }
}

/** The in-memory SQLite engine: for what does not depend on the engine (HTTP, auth, retries, webhooks). */
export function sqliteEngine(): TestEngine {
  const [engine] = testEngines()
  if (!engine) throw new Error('no test engine')
  return engine
}
