// The dashboard's live stream (GET /dashboard/api/stream) on a real port, since app.inject cannot read an endless
// answer: a signed-in dashboard hears its own merchant's events (without their bodies) and never another's; no
// cookie is the API's 401 and another origin a 403; the stream ends, saying `signed-out`, on sign-out, on
// account deletion and when its login is ended elsewhere (found by its re-check of the cookie). New sessions, which
// write no event, are messages of their own, from this node or another sharing the database. On every engine.
import type { AddressInfo } from 'node:net'
import {
  DashboardNewSessionMessageSchema,
  DashboardStreamMessageSchema,
  ERRORS,
  validate,
} from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { SESSION_COOKIE, STREAM_PATH } from '../../src/routes/dashboard/index.ts'
import { openDatabase } from '../../src/storage/index.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { requestExample } from '../helpers/checkout-create.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Browser, browser, ORIGIN, signUp } from './kit.ts'

interface Message {
  event?: string
  data: string
}

/** Opens the stream with `headers` and collects its messages until it ends or is closed. */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(`${base}${STREAM_PATH}`, { headers, signal: controller.signal })
  const messages: Message[] = []
  let ended = false
  const done = (async () => {
    if (!res.body || !res.ok) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const message: Message = { data: '' }
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith('event: ')) message.event = line.slice(7)
            if (line.startsWith('data: ')) message.data = line.slice(6)
          }
          buffer = buffer.slice(end + 2)
          if (message.data) messages.push(message)
        }
      }
      ended = true
    } catch {
      // aborted by the test
    }
  })()
  return {
    res,
    messages,
    /** The events heard, parsed. */
    events: () =>
      messages.filter((m) => m.event === undefined).map((m) => JSON.parse(m.data) as Record<string, unknown>),
    ended: () => ended,
    close: () => {
      controller.abort()
      return done
    },
  }
}

const cookieOf = (client: Browser) => ({ cookie: `${SESSION_COOKIE}=${client.cookie}` })

describe.each(testEngines())('the dashboard\u2019s live stream on $name', (engine) => {
  let t: TestApp
  let base: string
  const streams: Array<{ close(): Promise<void> }> = []
  /** The app on a real port; by default its streams re-check their cookie too seldom to matter in a test. */
  const start = async (recheckMs = 600_000) => {
    t = await testApp(engine, {}, { dashboardStream: { recheckMs } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  }
  beforeEach(() => start())
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close()
    await t.close()
  })

  const open = async (headers: Record<string, string>) => {
    const stream = await openStream(base, headers)
    streams.push(stream)
    return stream
  }
  const signInAs = async (username: string) => {
    const client = browser(t.app)
    const res = await client.call('POST', '/dashboard/api/sign-in', {
      email: username,
      password: SANDBOX.password,
    })
    expect(res.statusCode).toBe(200)
    return client
  }
  const createAndDeny = async (headers: Record<string, string>) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers,
      payload: requestExample('hpp', 'product'),
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().checkout_session_id as string
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${id}/customer-action/`,
      headers,
      payload: { action: 'deny' },
    })
    expect(denied.statusCode).toBe(201)
    return id
  }

  const signedOut = async (stream: Awaited<ReturnType<typeof openStream>>) => {
    await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 5000 })
    expect(stream.messages.at(-1)?.event).toBe('signed-out')
  }

  it('sends the signed-in merchant\u2019s events, without their bodies, and never another merchant\u2019s', async () => {
    const demo = await open(cookieOf(await signInAs(SANDBOX.demoStore.username)))
    const other = await open(cookieOf(await signInAs(SANDBOX.otherShop.username)))
    expect(demo.res.status).toBe(200)
    expect(demo.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(demo.res.headers.get('cache-control')).toContain('no-store')
    await vi.waitFor(() => expect(demo.messages[0]?.event).toBe('ready'))
    await vi.waitFor(() => expect(other.messages[0]?.event).toBe('ready'))

    const demoSession = await createAndDeny(t.demo)
    await vi.waitFor(() => expect(demo.events().length).toBeGreaterThan(0), { timeout: 5000 })
    for (const event of demo.events()) {
      const checked = validate(DashboardStreamMessageSchema, event)
      expect(checked.ok ? [] : checked.errors).toEqual([])
      expect(event).toMatchObject({ checkout_session_id: demoSession, redelivery: false })
      expect(event).not.toHaveProperty('payload')
    }

    // A create writes no event: the new session is a message of its own.
    const created = (stream: Awaited<ReturnType<typeof openStream>>) =>
      stream.messages.filter((m) => m.event === 'session').map((m) => JSON.parse(m.data))
    await vi.waitFor(() => expect(created(demo)).toEqual([{ checkout_session_id: demoSession }]))
    for (const message of created(demo))
      expect(validate(DashboardNewSessionMessageSchema, message)).toMatchObject({ ok: true })

    // Other Shop hears its own session, written after Demo Store's, and nothing of Demo Store's.
    const otherSession = await createAndDeny(t.other)
    await vi.waitFor(() => expect(other.events().length).toBeGreaterThan(0), { timeout: 5000 })
    expect(new Set(other.events().map((e) => e.checkout_session_id))).toEqual(new Set([otherSession]))
    expect(demo.events().some((e) => e.checkout_session_id === otherSession)).toBe(false)
    await vi.waitFor(() => expect(created(other)).toEqual([{ checkout_session_id: otherSession }]))
    expect(created(demo)).toEqual([{ checkout_session_id: demoSession }])
  })

  it.runIf(engine.engine === 'postgres')(
    'hears of a session created through another node sharing the database',
    async () => {
      const demo = await open(cookieOf(await signInAs(SANDBOX.demoStore.username)))
      await vi.waitFor(() => expect(demo.messages[0]?.event).toBe('ready'))
      const db = await openDatabase(t.t.url)
      const nodeB = await buildApp({ config: loadConfig({}), db, webhooks: { intervalMs: false } })
      try {
        const res = await nodeB.inject({
          method: 'POST',
          url: '/api/v2/checkout/',
          headers: t.demo,
          payload: requestExample('hpp', 'product'),
        })
        expect(res.statusCode).toBe(201)
        const id = res.json().checkout_session_id
        await vi.waitFor(
          () =>
            expect(demo.messages.filter((m) => m.event === 'session').map((m) => m.data)).toContain(
              JSON.stringify({ checkout_session_id: id }),
            ),
          { timeout: 5000 },
        )
      } finally {
        await nodeB.close()
        await db.close()
      }
    },
  )

  it('answers 401 without the cookie or with an ended one, and 403 to another origin', async () => {
    const none = await fetch(`${base}${STREAM_PATH}`)
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ error: ERRORS.TOKEN_MISSING.exception })
    const bogus = await fetch(`${base}${STREAM_PATH}`, { headers: { cookie: `${SESSION_COOKIE}=nope` } })
    expect(bogus.status).toBe(401)

    const client = await signInAs(SANDBOX.demoStore.username)
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example' },
    ]
    for (const headers of refused) {
      const res = await fetch(`${base}${STREAM_PATH}`, { headers: { ...cookieOf(client), ...headers } })
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(await res.json()).toMatchObject({ exception: 'plazo.dashboard.cross_site_request' })
    }
    const own = await open({ ...cookieOf(client), 'sec-fetch-site': 'same-origin', origin: ORIGIN })
    expect(own.res.status).toBe(200)
  })

  it('ends at once, saying signed-out, on sign-out and on account deletion', async () => {
    const leaving = browser(t.app)
    await signUp(leaving)
    const first = await open(cookieOf(leaving))
    await vi.waitFor(() => expect(first.messages[0]?.event).toBe('ready'))
    expect((await leaving.call('POST', '/dashboard/api/sign-out', {})).statusCode).toBe(200)
    await signedOut(first)

    const deleting = browser(t.app)
    const { body } = await signUp(deleting)
    const second = await open(cookieOf(deleting))
    await vi.waitFor(() => expect(second.messages[0]?.event).toBe('ready'))
    expect((await deleting.call('DELETE', '/dashboard/api/account', { email: body.email })).statusCode).toBe(
      200,
    )
    await signedOut(second)
  })

  it('ends, saying signed-out, when its login is ended elsewhere (its re-check of the cookie)', async () => {
    await t.close()
    await start(100)
    // The login ended through the API, which knows nothing of the stream (as another node would not).
    const elsewhere = await signInAs(SANDBOX.demoStore.username)
    const third = await open(cookieOf(elsewhere))
    await vi.waitFor(() => expect(third.messages[0]?.event).toBe('ready'))
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout/',
      headers: { authorization: `Bearer ${elsewhere.cookie}` },
    })
    expect(logout.statusCode).toBeLessThan(300)
    await signedOut(third)
  })
})
