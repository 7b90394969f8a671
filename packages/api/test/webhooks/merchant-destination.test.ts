// A session without its own notification_url notifies the URL configured for its merchant account, with the
// account's notification_auth unless the session gave one: the account's credentials belong to the account's
// URL, and never go to a URL a session names.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  enqueue,
  type Receiver,
  receiver,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

describe.each(testEngines())("the merchant account's notification URL on $name", (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let account: Receiver
  let own: Receiver

  beforeEach(async () => {
    t = await engine.open()
    api = await webhookApp(t.db)
    account = await receiver({ path: '/account' })
    own = await receiver({ path: '/own' })
    await t.db.run('UPDATE merchants SET notification_url = $2, notification_auth = $3 WHERE id = $1', [
      DEMO,
      account.url,
      { authorization_header: 'Basic YWNjb3VudDpzZWNyZXQ=', content_type: 'application/json' },
    ])
  })
  afterEach(async () => {
    await api.close()
    await account.close()
    await own.close()
    await t.cleanup()
  })

  async function deliver(merchant: Record<string, unknown>) {
    const sessionId = await createSession(api.app, api.demo, merchant)
    await enqueue(t.db, DEMO, sessionId)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })
  }

  it("authenticates to the account's URL with the account's notification_auth", async () => {
    await deliver({})
    expect(account.requests).toHaveLength(1)
    expect(account.requests[0]?.headers.authorization).toBe('Basic YWNjb3VudDpzZWNyZXQ=')
  })

  it("uses the session's notification_auth when it gives one, also towards the account's URL", async () => {
    await deliver({ notification_auth: { authorization_header: 'Bearer session-token' } })
    expect(account.requests[0]?.headers.authorization).toBe('Bearer session-token')
  })

  it("never sends the account's credentials to a URL the session names", async () => {
    await deliver({ notification_url: own.url })
    expect(own.requests).toHaveLength(1)
    expect(own.requests[0]?.headers.authorization).toBeUndefined()
    expect(account.requests).toHaveLength(0)
  })
})
