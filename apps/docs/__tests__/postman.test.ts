// Runs the eight Postman collections the reference pages offer (four references, English and Spanish) with
// newman, Postman's own runner, as a reader presses "Run collection": against a sandbox started here on an
// in-memory database, with only `baseUrl` set. Every request must answer the status its test expects, which it
// does only when the tokens and ids earlier requests kept reach it (scripts/postman-flow.ts).
import type { AddressInfo } from 'node:net'
import newman, { type NewmanRunSummary } from 'newman'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../../packages/api/src/app.ts'
import { loadConfig } from '../../../packages/api/src/config.ts'
import { seedSandbox } from '../../../packages/api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../../packages/api/src/storage/index.ts'
import { type BuiltCollection, buildPostmanCollections } from '../scripts/postman.ts'

function runCollection(collection: object, baseUrl: string): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      { collection, envVar: [{ key: 'baseUrl', value: baseUrl }], reporters: [], timeoutRequest: 20_000 },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    )
  })
}

let collections: BuiltCollection[] = []
let app: App | undefined
let db: Database | undefined
let baseUrl = ''

beforeAll(async () => {
  collections = await buildPostmanCollections()
  db = await openDatabase('sqlite::memory:')
  await seedSandbox(db)
  // No webhook worker: the examples' notification_url is not a loopback address, and nothing is sent anywhere.
  app = await buildApp({ config: loadConfig({}), db, timerIntervalMs: 0, webhooks: { intervalMs: false } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v2`
})

afterAll(async () => {
  await app?.close()
  await db?.close()
})

describe('Postman collections in newman', () => {
  it('are eight, each with its own flow', () => {
    expect(collections.map(({ locale, reference }) => `${locale}/${reference.id}`).sort()).toEqual([
      'en/checkout-session-embedded',
      'en/checkout-session-hpp',
      'en/order-management',
      'en/webhook',
      'es/checkout-session-embedded',
      'es/checkout-session-hpp',
      'es/order-management',
      'es/webhook',
    ])
  })

  // Four collections, about 60 requests, one after another: generous on a loaded machine.
  it.each(['en', 'es'])('run end to end with only baseUrl set (%s)', { timeout: 120_000 }, async (locale) => {
    for (const { reference, collection } of collections.filter((built) => built.locale === locale)) {
      const summary = await runCollection(collection, baseUrl)
      const failures = summary.run.failures.map(
        (failure) => `${reference.id} › ${failure.source?.name ?? '?'}: ${failure.error.message}`,
      )
      expect(failures).toEqual([])
      // Every request ran, and each had its status test.
      expect(summary.run.stats.requests.total).toBe(collection.item.length)
      expect(summary.run.stats.assertions.total).toBe(collection.item.length)
      const statuses = summary.run.executions.map((execution) => execution.response?.code)
      expect(statuses.every((status) => status !== undefined && status < 300)).toBe(true)
    }
  })

  it('keep the tokens the refresh answered, and the ids a create answered, and send them', async () => {
    const hpp = collections.find(
      ({ locale, reference }) => locale === 'en' && reference.id === 'checkout-session-hpp',
    )
    const summary = await runCollection(hpp?.collection ?? {}, baseUrl)
    const executions = summary.run.executions
    const answer = (index: number) => JSON.parse(executions[index]?.response?.stream?.toString() ?? '{}')
    const [login, refresh, created] = [answer(0), answer(1), answer(2)]
    // The refresh sent the login's refresh token; the calls after it send the refreshed access token.
    expect(executions[1]?.request.body?.toString()).toContain(login.refresh_token)
    expect(refresh.access_token).not.toBe(login.access_token)
    const get = executions.find((execution) => execution.item.name === 'Get a checkout session')
    expect(get?.request.headers.get('Authorization')).toBe(`Bearer ${refresh.access_token}`)
    expect(get?.request.url.toString()).toContain(created.checkout_session_id)
    const page = executions.find((execution) => execution.item.name === 'Read the session of a hosted page')
    expect(created.redirect_url).toContain(page?.request.url.path?.at(-1))
  })
})
