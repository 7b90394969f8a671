// webhooks.streamEvents against a real sandbox, as `plazo listen` uses it: ready, then each event typed and valid
// against the contract's EventStreamMessage; resumed from lastEventId (sent as Last-Event-ID) after a stop or a
// cut, with the events written meanwhile; ended at once by its signal, by itself after `timeout`; errors typed.
import { EventStreamMessageSchema, validate } from '@plazo/contract'
import {
  type EventStreamItem,
  Plazo,
  PlazoConnectionError,
  PlazoInvalidRequestError,
  type StreamEventsOptions,
} from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { embeddedRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, sqliteEngine } from './helpers/sandbox.ts'

describe('webhooks.streamEvents', () => {
  let s: Sandbox
  let plazo: Plazo
  /** The stream requests the SDK sent, in order. */
  const opened: Request[] = []

  beforeAll(async () => {
    s = await sandbox(sqliteEngine())
    plazo = new Plazo({
      username: s.username,
      password: s.password,
      apiUrl: s.apiUrl,
      fetch: (request) => {
        if (new URL(request.url).pathname.endsWith('/webhooks/events/stream')) opened.push(request.clone())
        return fetch(request)
      },
    })
  })
  afterAll(() => s.close())

  /** Iterates a stream in the background; `stop()` aborts it and answers how the iteration ended. */
  function follow(options: StreamEventsOptions = {}) {
    const controller = new AbortController()
    const stream = plazo.webhooks.streamEvents({ ...options, signal: controller.signal })
    const items: EventStreamItem[] = []
    const done = (async () => {
      for await (const item of stream) items.push(item)
      return 'ended'
    })().catch((error: unknown) => error)
    const messages = () => items.flatMap((item) => (item.event === 'message' ? [item] : []))
    const ready = () =>
      vi.waitFor(() => expect(items[0]).toMatchObject({ event: 'ready', id: expect.any(String) }))
    const stop = () => {
      controller.abort()
      return done
    }
    return { stream, items, messages, ready, done, stop }
  }

  /** A session the sandbox lender approves (auto_capture): it writes four events. Answers them, oldest first. */
  async function approvedSessionEvents(): Promise<string[]> {
    const { checkout_session_id: id } = await plazo.checkoutSessions.create(embeddedRequest())
    await plazo.testHelpers.customerAction(id, { action: 'approve' })
    const { payload } = await plazo.webhooks.listEvents({ checkout_session_id: id })
    return payload.map((event) => event.event_id)
  }

  it('yields ready, then each event of the merchant, typed by type and valid against the contract', async () => {
    const first = follow()
    await first.ready()
    const written = await approvedSessionEvents()
    expect(written.length).toBeGreaterThan(1)
    await vi.waitFor(() => expect(first.messages().map((m) => m.data.event_id)).toEqual(written), {
      timeout: 5_000,
    })
    for (const { data } of first.messages()) {
      expect(validate(EventStreamMessageSchema, data)).toMatchObject({ ok: true })
      expect(data.payload.event).toBe(data.type)
      expect(data.redelivery).toBe(false)
    }
    expect(first.stream.lastEventId).toBe(first.items.at(-1)?.id)
    expect(first.stream.retry).toBe(1000)

    // The signal ends the iteration at once, with its reason.
    const started = performance.now()
    expect(await first.stop()).toMatchObject({ name: 'AbortError' })
    expect(performance.now() - started).toBeLessThan(1_000)

    // From the first message's id: the others again, the header sent as Last-Event-ID.
    const from = first.messages()[0]?.id
    const resumed = follow({ lastEventId: from })
    await vi.waitFor(() => expect(resumed.messages().map((m) => m.data.event_id)).toEqual(written.slice(1)))
    await resumed.stop()
    expect(opened.at(-2)?.headers.get('last-event-id')).toBeNull()
    expect(opened.at(-1)?.headers.get('last-event-id')).toBe(from)
    expect(opened.at(-1)?.headers.get('authorization')).toMatch(/^Bearer /)
  })

  it('a cut stream throws PlazoConnectionError; resumed from lastEventId it brings what was written meanwhile', async () => {
    const first = follow()
    await first.ready()
    s.app.server.closeAllConnections()
    const error = await first.done
    expect(error).toBeInstanceOf(PlazoConnectionError)
    expect((error as PlazoConnectionError).cause).toBeDefined()

    const written = await approvedSessionEvents()
    const resumed = follow({ lastEventId: first.stream.lastEventId })
    await vi.waitFor(() => expect(resumed.messages().map((m) => m.data.event_id)).toEqual(written), {
      timeout: 5_000,
    })
    await resumed.stop()
  })

  it('ends by itself after timeout seconds, and throws the error class of a refused request', async () => {
    const items: EventStreamItem[] = []
    for await (const item of plazo.webhooks.streamEvents({ timeout: 1 })) items.push(item)
    expect(items[0]?.event).toBe('ready')

    const tooLong = (async () => {
      for await (const _ of plazo.webhooks.streamEvents({ timeout: 7200 })) break
    })()
    await expect(tooLong).rejects.toBeInstanceOf(PlazoInvalidRequestError)
  })

  it('break closes the stream and keeps the last id handed out', async () => {
    const stream = plazo.webhooks.streamEvents()
    let ready: EventStreamItem | undefined
    for await (const item of stream) {
      ready = item
      break
    }
    expect(ready?.event).toBe('ready')
    expect(stream.lastEventId).toBe(ready?.id)
  })
})
