// What a merchant's URL or endpoint can do to the sender (security review, issue 36): a URL Node cannot build a
// request from, a 101 answer, a kept-alive socket reset as it is reused, Retry-After and 410 Gone. None of them
// may end the process, hang a try until its deadline, or lose the event.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTryDelayMs } from '../../src/domain/webhooks/backoff.ts'
import { DeliveryError, post } from '../../src/domain/webhooks/http-post.ts'
import { retryAfterMs } from '../../src/domain/webhooks/sender.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachClockedWebhookTest,
  enqueue,
  eventsOf,
  type Receiver,
  type WebhookTestApp,
} from './helpers.ts'

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function serve(handler: http.RequestListener, configure?: (server: http.Server) => void) {
  const server = http.createServer(handler)
  configure?.(server)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

describe('post() with URLs and answers a merchant controls', () => {
  it('fails the try, without throwing later, for user-info Node cannot decode', async () => {
    let requests = 0
    const port = await serve((_req, res) => {
      requests++
      res.end()
    })
    for (const userInfo of ['%ff', 'a:%ff', '%c3%28', '%e2%82']) {
      const url = new URL(`http://${userInfo}@127.0.0.1:${port}/hook`)
      const sent = post({ url, headers: {}, body: '{}', timeoutMs: 50 })
      await expect(sent).rejects.toBeInstanceOf(DeliveryError)
      await expect(sent).rejects.toThrow(/URL cannot be used/)
    }
    // Past every deadline: a timer left behind would throw here, and Vitest fails the file on it.
    await sleep(150)
    expect(requests).toBe(0)
  })

  it('records a 101 Switching Protocols as an answer at once, not as a timeout', async () => {
    const port = await serve(
      () => undefined,
      (server) =>
        server.on('upgrade', (_req, socket) => {
          socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n')
        }),
    )
    const started = Date.now()
    const answer = await post({
      url: new URL(`http://127.0.0.1:${port}/hook`),
      headers: { connection: 'Upgrade', upgrade: 'websocket' },
      body: '{}',
      timeoutMs: 5_000,
    })
    expect(answer.statusCode).toBe(101)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('sends once more on a new socket when a kept-alive one is reset as it is reused', async () => {
    const sockets = new Map<unknown, number>()
    let answered = 0
    const port = await serve((req, res) => {
      const seen = (sockets.get(req.socket) ?? 0) + 1
      sockets.set(req.socket, seen)
      // The second request on a socket finds it closing: reset without an answer.
      if (seen > 1) {
        req.socket.resetAndDestroy()
        return
      }
      answered++
      res.end('ok')
    })
    const agent = new http.Agent({ keepAlive: true })
    const url = new URL(`http://127.0.0.1:${port}/hook`)
    try {
      expect((await post({ url, headers: {}, body: '{}', timeoutMs: 2_000, agent })).statusCode).toBe(200)
      expect((await post({ url, headers: {}, body: '{}', timeoutMs: 2_000, agent })).statusCode).toBe(200)
    } finally {
      agent.destroy()
    }
    expect(answered).toBe(2)
    expect(sockets.size).toBe(2)
  })

  it('reads Retry-After as seconds or an HTTP date, and ignores what is neither', () => {
    const now = new Date('2026-11-28T10:00:00Z')
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs(' 0 ', now)).toBe(0)
    expect(retryAfterMs('Sat, 28 Nov 2026 10:05:00 GMT', now)).toBe(300_000)
    for (const junk of [undefined, '', '-5', '1.5', 'soon', '2026-11-28', 'Sat, 28 Nov 2026 09:00:00 GMT']) {
      expect(retryAfterMs(junk, now)).toBeUndefined()
    }
  })

  it('lets Retry-After move the next try later, never earlier, up to the longest step of the schedule', () => {
    const middle = () => 0.5
    expect(nextTryDelayMs(1, {}, middle)).toBe(5_000)
    expect(nextTryDelayMs(1, { retryAfterMs: 1_000 }, middle)).toBe(5_000)
    expect(nextTryDelayMs(1, { retryAfterMs: 600_000 }, middle)).toBe(600_000)
    expect(nextTryDelayMs(1, { retryAfterMs: 10 ** 12 }, middle)).toBe(36_000_000)
    expect(nextTryDelayMs(8, { retryAfterMs: 1_000 }, middle)).toBeUndefined()
  })
})

describe.each(testEngines())('the delivery worker facing hostile receivers on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver
  const { now, advance, pass } = eachClockedWebhookTest(
    engine,
    { random: () => 0.5, timeoutMs: 300 },
    (made) => {
      ;({ t, api, hook } = made)
    },
  )

  it('records a stored URL it cannot use as a failed try and lives on to retry it', async () => {
    // A URL accepted before the contract refused such user-info, still in the database.
    const sessionId = await createSession(api.app, api.demo)
    await t.db.run('UPDATE merchants SET notification_url = $2 WHERE id = $1', [
      DEMO,
      `http://%ff@127.0.0.1:9/hook`,
    ])
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ claimed: 1, retrying: 1 })
    await sleep(400)
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event).toMatchObject({ status: 'pending', attempts: [{ status_code: null }] })
    expect(event.last_error).toMatch(/not a usable http or https URL/)
    advance(5_000)
    expect(await pass()).toMatchObject({ claimed: 1, retrying: 1 })
  })

  it("keeps the first 2 KB of a refusal's body with the try, cut on a character, and none of a 2XX", async () => {
    // 2,047 ASCII bytes then a 2-byte character: the cut falls inside it, which is left out whole.
    const body = `${'x'.repeat(2_047)}ñ${'y'.repeat(5_000)}`
    hook.replies.push({ status: 500, body }, { status: 200, body: 'thanks' })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ retrying: 1 })
    advance(6_000)
    expect(await pass()).toMatchObject({ delivered: 1 })
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event.attempts.map((a: { response_excerpt: string | null }) => a.response_excerpt)).toEqual([
      'x'.repeat(2_047),
      null,
    ])
  })

  it('waits as long as a 429 asks with Retry-After before the next try', async () => {
    hook.replies.push({ status: 429, headers: { 'retry-after': '900' } })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ retrying: 1 })
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(Date.parse(event.next_attempt_at) - now().getTime()).toBe(900_000)
  })

  it('gives an event up at once when the endpoint answers 410 Gone, and a redelivery still sends it', async () => {
    hook.replies.push({ status: 410, body: 'gone' })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [written] = await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ claimed: 1, failed: 1 })
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event).toMatchObject({ status: 'failed', next_attempt_at: null, last_error: 'HTTP 410: gone' })
    const redelivered = await api.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${written?.event_id}/redeliver/`,
      headers: api.demo,
    })
    expect(redelivered.statusCode).toBe(201)
    expect(await pass()).toMatchObject({ delivered: 1 })
  })
})
