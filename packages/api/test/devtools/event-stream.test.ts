import type { AddressInfo } from 'node:net'
import { EventStreamMessageSchema, validate } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/storage/index.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { requestExample } from '../helpers/checkout-create.ts'
import { testEngines } from '../helpers/engines.ts'

// The merchant's event stream that `plazo listen` reads: SSE, bearer token, resumable with Last-Event-ID,
// every event of the merchant's sessions (they have no notification_url here), redeliveries included, and on
// PostgreSQL across nodes sharing the database.

interface StreamData {
  event_id: string
  type: string
  checkout_session_id: string
  redelivery: boolean
}

interface Message {
  id?: string
  event?: string
  data: string
}

/** Opens the stream and collects its messages (a small SSE reader: the CLI's parser is tested by the CLI). */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/v2/webhooks/events/stream`, { headers, signal: controller.signal })
  const messages: Message[] = []
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const message: Message = { data: '' }
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ')
            const value = rest.join(': ')
            if (field === 'id') message.id = value
            else if (field === 'event') message.event = value
            else if (field === 'data') message.data = value
          }
          if (message.data) messages.push(message)
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted
    }
  })()
  const events = () =>
    messages
      .filter((m) => m.event === undefined)
      .map((m) => ({ id: m.id, ...(JSON.parse(m.data) as StreamData) }))
  const close = () => {
    controller.abort()
    return done
  }
  return { res, messages, events, close }
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}

async function createAndDeny(app: TestApp['app'], headers: Record<string, string>): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/checkout/',
    headers,
    payload: requestExample('hpp', 'product'),
  })
  expect(created.statusCode).toBe(201)
  const id = created.json().checkout_session_id as string
  const denied = await app.inject({
    method: 'POST',
    url: `/api/v2/test-helpers/checkout/${id}/customer-action/`,
    headers,
    payload: { action: 'deny' },
  })
  expect(denied.statusCode).toBe(201)
  return id
}

describe.each(testEngines())('the event stream on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  it('sends each event of the merchant, only its own, resumes with Last-Event-ID and repeats redeliveries', async () => {
    const base = await listen(t)
    const demo = await openStream(base, t.demo)
    const other = await openStream(base, t.other)
    expect(demo.res.status).toBe(200)
    expect(demo.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await vi.waitFor(() => expect(demo.messages.length).toBeGreaterThan(0))

    const id = await createAndDeny(t.app, t.demo)
    await vi.waitFor(() => expect(demo.events().length).toBeGreaterThan(0), { timeout: 5000 })
    const events = demo.events()
    for (const event of events) {
      const { id: _cursor, ...data } = event
      expect(validate(EventStreamMessageSchema, data)).toMatchObject({ ok: true })
      expect(event.checkout_session_id).toBe(id)
      expect(event.redelivery).toBe(false)
    }
    const list = await t.app.inject({
      url: `/api/v2/webhooks/events?checkout_session_id=${id}`,
      headers: t.demo,
    })
    const written = list.json().payload.map((e: { event_id: string }) => e.event_id)
    await vi.waitFor(() => expect(demo.events().map((e) => e.event_id)).toEqual(written))

    // A listener that reconnects from the first event's id gets the others again.
    const first = demo.events()[0]
    const resumed = await openStream(base, { ...t.demo, 'last-event-id': String(first?.id) })
    await vi.waitFor(() => expect(resumed.events().map((e) => e.event_id)).toEqual(written.slice(1)))

    const redelivered = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${written[0]}/redeliver`,
      headers: t.demo,
    })
    expect(redelivered.statusCode).toBe(201)
    await vi.waitFor(() =>
      expect(demo.events().at(-1)).toMatchObject({ event_id: written[0], redelivery: true }),
    )

    expect(other.events()).toEqual([])
    await Promise.all([demo.close(), other.close(), resumed.close()])
  })

  it('needs the bearer token, and ends after `timeout` seconds when asked', async () => {
    const res = await t.app.inject({ url: '/api/v2/webhooks/events/stream' })
    expect(res.statusCode).toBe(401)
    const bounded = await t.app.inject({ url: '/api/v2/webhooks/events/stream?timeout=1', headers: t.demo })
    expect(bounded.statusCode).toBe(200)
    expect(bounded.body).toMatch(/^retry: 1000\nevent: ready\nid: \d+-\d+\n/)
    const tooLong = await t.app.inject({
      url: '/api/v2/webhooks/events/stream?timeout=7200',
      headers: t.demo,
    })
    expect(tooLong.statusCode).toBe(400)
  })

  it.runIf(engine.engine === 'postgres')(
    'reaches a listener on another node sharing the database',
    async () => {
      const base = await listen(t)
      const stream = await openStream(base, t.demo)
      await vi.waitFor(() => expect(stream.messages.length).toBeGreaterThan(0))
      const db = await openDatabase(t.t.url)
      const nodeB = await buildApp({ config: loadConfig({}), db, webhooks: { intervalMs: false } })
      try {
        const id = await createAndDeny(nodeB, t.demo)
        await vi.waitFor(() => expect(stream.events().map((e) => e.checkout_session_id)).toContain(id), {
          timeout: 5000,
        })
      } finally {
        await stream.close()
        await nodeB.close()
        await db.close()
      }
    },
  )
})
