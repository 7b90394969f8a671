// Builds the API in-process on a fresh database of one engine, logs in the sandbox users, and gives small
// helpers to call it. Route tests run once per engine:
//
//   describe.each(testEngines())('checkout on $name', (engine) => {
//     let t: TestApp
//     beforeEach(async () => { t = await testApp(engine) })
//     afterEach(() => t.close())
//   })
import type { TSchema } from '@plazo/contract'
import { validate } from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { type App, buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import type { TestDatabase, TestEngine } from './engines.ts'

export interface TestApp {
  app: App
  t: TestDatabase
  /** Bearer headers of the Demo Store and Other Shop users. */
  demo: Record<string, string>
  other: Record<string, string>
  /** Moves real time for token expiry tests (the sandbox clock is separate). */
  setNow(date: Date): void
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Passed to buildApp: 0 turns the background timer loop off, so only the clock helper runs timers. */
  timerIntervalMs?: number
  /** Passed to buildApp. By default the webhook worker's interval is off: tests deliver with deliverDue(). */
  webhooks?: Parameters<typeof buildApp>[0]['webhooks']
  /** Passed to buildApp: the built checkout app served at /hpp and /embedded. */
  hppDistDir?: string
  /** Passed to buildApp: the integration check's settle window and latency bound. */
  integrationChecks?: Parameters<typeof buildApp>[0]['integrationChecks']
  /** Passed to buildApp: the dashboard's live stream's heartbeat and cookie re-check. */
  dashboardStream?: Parameters<typeof buildApp>[0]['dashboardStream']
}

/** Logs both sandbox users in: their Bearer headers. */
export async function signIn(
  app: App,
): Promise<{ demo: Record<string, string>; other: Record<string, string> }> {
  const token = async (username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username, password: SANDBOX.password },
    })
    return { authorization: `Bearer ${res.json().access_token}` }
  }
  return { demo: await token(SANDBOX.demoStore.username), other: await token(SANDBOX.otherShop.username) }
}

export async function testApp(
  engine: TestEngine,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const t = await engine.open()
  let now: Date | undefined
  const app = await buildApp({
    config: loadConfig(env),
    db: t.db,
    now: () => now ?? new Date(),
    ...(options.timerIntervalMs === undefined ? {} : { timerIntervalMs: options.timerIntervalMs }),
    webhooks: options.webhooks ?? { intervalMs: false },
    ...(options.hppDistDir === undefined ? {} : { hppDistDir: options.hppDistDir }),
    ...(options.integrationChecks === undefined ? {} : { integrationChecks: options.integrationChecks }),
    ...(options.dashboardStream === undefined ? {} : { dashboardStream: options.dashboardStream }),
  })
  return {
    app,
    t,
    ...(await signIn(app)),
    setNow: (date) => {
      now = date
    },
    async close() {
      await app.close()
      await t.cleanup()
    },
  }
}

/** Asserts that a response body validates against its contract schema, and returns it parsed. */
export function expectBody<S extends TSchema>(res: LightMyRequestResponse, schema: S): unknown {
  const body = res.json()
  const result = validate(schema, body)
  expect(result.ok ? [] : result.errors).toEqual([])
  return body
}
