import { readFileSync, statSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Plazo } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../api/src/app.ts'
import { loadConfig } from '../../api/src/config.ts'
import { openDatabase } from '../../api/src/storage/index.ts'
import { embeddedRequest } from '../../sdk-node/test/helpers/requests.ts'
import { type Sandbox, sandbox, testEngines } from '../../sdk-node/test/helpers/sandbox.ts'
import { findScenario, SCENARIOS } from '../src/scenarios.ts'
import { cliEnv, listen, receiver, run } from './helpers/cli.ts'
import { tcpProxy } from './helpers/tcp-proxy.ts'

// The real `plazo` binary against a real sandbox (SQLite, over HTTP): login without a TTY, every scenario's
// events at a local receiver that verifies their signatures, the same secret after a restart, resend reaching
// the listener, the request log with a 400's body, and the error paths.

const [engine] = testEngines()

describe('plazo against a sandbox', { timeout: 180_000 }, () => {
  let s: Sandbox
  let env: Record<string, string>
  /** CI mode: credentials in the environment, nothing stored. */
  let ci: Record<string, string>
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    s = await sandbox(engine)
    env = cliEnv({ PLAZO_API_URL: s.apiUrl })
    ci = cliEnv({ PLAZO_API_URL: s.apiUrl, PLAZO_USERNAME: s.username, PLAZO_PASSWORD: s.password })
  })
  afterAll(() => s.close())

  it('logs in without a terminal from flags, stores tokens only (0600), and refuses to prompt', async () => {
    const refused = await run(['login'], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toMatch(/--username and --password/)

    const wrong = await run(['login', '--username', s.username, '--password', 'nope'], env)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
    expect(wrong.stderr).not.toMatch(/at .*\.ts/)

    const ok = await run(['login', '--username', s.username, '--password', s.password], env)
    expect(ok.stderr).toBe('')
    expect(ok.code).toBe(0)
    const file = join(env.XDG_CONFIG_HOME as string, 'plazo', 'config.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const stored = readFileSync(file, 'utf8')
    expect(stored).toContain('access_token')
    expect(stored).not.toContain(s.password)

    // A stored access token that no longer works is refreshed with the refresh token, and the new one kept.
    const config = JSON.parse(stored) as { access_token: string }
    writeFileSync(file, JSON.stringify({ ...config, access_token: 'expired-token' }))
    const after = await run(['--json', 'trigger', 'checkout.desisted'], env)
    expect(after.stderr).toBe('')
    expect(after.code).toBe(0)
    const renewed = JSON.parse(readFileSync(file, 'utf8')) as { access_token: string }
    expect(renewed.access_token).not.toBe('expired-token')
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('forwards every scenario’s documented events, signed, and resends to a running listener', async () => {
    const target = await receiver()
    const listener = listen(['--forward-to', target.url], ci)
    try {
      const { secret } = await listener.ready
      expect(secret).toMatch(/^whsec_/)
      const trigger = async (scenario: (typeof SCENARIOS)[number]) => {
        const result = await run(['--json', 'trigger', scenario.name], ci)
        expect(result.stderr).toBe('')
        expect(result.code).toBe(0)
        const out = JSON.parse(result.stdout) as {
          checkout_session_id: string
          events: Array<{ event_id: string; type: string }>
        }
        expect(
          out.events.map((event) => event.type),
          scenario.name,
        ).toEqual(scenario.events)
        return out
      }
      // checkout.expired moves the merchant's clock a day on, which would expire the others: it runs last.
      const triggered = await Promise.all(
        SCENARIOS.filter((scenario) => scenario.name !== 'checkout.expired').map(trigger),
      )
      triggered.push(await trigger(findScenario('checkout.expired')))
      const all = triggered.flatMap((t) => t.events.map((event) => event.event_id))
      const receivedIds = () => target.verified(secret).map((event) => event.event_id)
      await vi.waitFor(() => expect(receivedIds()).toEqual(expect.arrayContaining(all)), {
        timeout: 20_000,
        interval: 100,
      })
      // Every notification verifies (verified() throws otherwise). The expiry also expires the other scenarios'
      // open sessions (challenge), so the receiver may get more than the scenarios' own events.
      const verified = target.verified(secret)
      // Each session's events arrive in the order they were written.
      for (const t of triggered) {
        const ids = t.events.map((event) => event.event_id)
        expect(verified.map((event) => event.event_id).filter((id) => ids.includes(id))).toEqual(ids)
      }

      const resent = all[0] as string
      const before = target.received.length
      const again = await run(['events', 'resend', resent], ci)
      expect(again.code).toBe(0)
      await vi.waitFor(() => expect(target.received.length).toBe(before + 1), { timeout: 10_000 })
      expect(target.verified(secret).at(-1)?.event_id).toBe(resent)
      expect(listener.lines.at(-1)).toMatchObject({ event_id: resent, redelivery: true, status: 200 })

      // events list: the merchant's latest events, and one session's with their tries.
      const latest = await run(['--json', 'events', 'list', '--limit', '500'], ci)
      expect(latest.code).toBe(0)
      expect((JSON.parse(latest.stdout) as Array<{ event_id: string }>).map((e) => e.event_id)).toEqual(
        expect.arrayContaining(all),
      )
      const first = triggered[0]
      const one = await run(['--json', 'events', 'list', '--session', String(first?.checkout_session_id)], ci)
      expect((JSON.parse(one.stdout) as Array<{ event_id: string }>).map((e) => e.event_id)).toEqual(
        first?.events.map((e) => e.event_id),
      )
    } finally {
      expect(await listener.stop()).toBe(0)
      await target.close()
    }

    // A restarted listener signs with the same secret.
    const second = listen(['--forward-to', target.url], ci)
    const { secret } = await second.ready
    await second.stop()
    expect(secret).toBe((listener.lines[0] as { secret: string }).secret)
  })

  it('reports a target that is down and keeps listening', async () => {
    const target = await receiver(() => 503)
    const listener = listen(['--forward-to', target.url, '--events', 'checkout_session_status_changed'], ci)
    try {
      await listener.ready
      expect((await run(['trigger', 'checkout.desisted'], ci)).code).toBe(0)
      await vi.waitFor(() => expect(listener.lines.some((line) => line.ok === false)).toBe(true), {
        timeout: 15_000,
      })
      expect(listener.lines.find((line) => line.ok === false)).toMatchObject({ status: 503, tries: 3 })
      expect(listener.child.exitCode).toBeNull()
    } finally {
      await listener.stop()
      await target.close()
    }
  })

  it('resumes after losing the stream: the events written meanwhile arrive once, and none twice', async () => {
    const network = await tcpProxy(s.apiUrl)
    const target = await receiver()
    const listener = listen(['--forward-to', target.url], { ...ci, PLAZO_API_URL: network.apiUrl })
    // The sessions are written straight to the API, in-process: the listener alone goes through the proxy.
    const plazo = new Plazo({ apiUrl: s.apiUrl, username: s.username, password: s.password })
    const approvedSessionEvents = async () => {
      const { checkout_session_id: id } = await plazo.checkoutSessions.create(embeddedRequest())
      await plazo.testHelpers.customerAction(id, { action: 'approve' })
      const { payload } = await plazo.webhooks.listEvents({ checkout_session_id: id })
      return payload.map((event) => event.event_id)
    }
    try {
      const { secret } = await listener.ready
      const receivedIds = () => target.verified(secret).map((event) => event.event_id)
      const before = await approvedSessionEvents()
      await vi.waitFor(() => expect(receivedIds()).toEqual(expect.arrayContaining(before)), {
        timeout: 10_000,
      })

      network.down()
      await vi.waitFor(() => expect(listener.lines.some((line) => line.disconnected === true)).toBe(true), {
        timeout: 10_000,
      })
      const during = await approvedSessionEvents()
      network.up()
      await vi.waitFor(() => expect(receivedIds()).toEqual(expect.arrayContaining(during)), {
        timeout: 15_000,
      })

      // Resumed from the last event received (Last-Event-ID), not from scratch: each event once, in order.
      const all = [...before, ...during]
      expect(receivedIds().filter((id) => all.includes(id))).toEqual(all)
      expect(listener.lines.filter((line) => line.ready === true).length).toBeGreaterThanOrEqual(2)
      expect(listener.lines.find((line) => line.disconnected === true)?.reason).toEqual(expect.any(String))
    } finally {
      expect(await listener.stop()).toBe(0)
      await target.close()
      await network.close()
    }
  })

  it('shows a 400 with its request and response bodies in logs tail --json', async () => {
    const bad = await run(['trigger', 'checkout.approved', '--param', 'cart=5'], ci)
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    const tail = await run(['--json', 'logs', 'tail', '--once', '--status', '4xx', '--path', '/checkout'], ci)
    expect(tail.code).toBe(0)
    const entries = tail.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const entry = entries.at(-1) as Record<string, { cart?: unknown; status?: string }>
    expect(entry).toMatchObject({ method: 'POST', status: 400 })
    expect(entry.request_body?.cart).toBe(5)
    expect(entry.response_body?.status).toBe('ko')
  })

  it('fails with one line and no stack: unknown scenario, bad flag, unreachable API', async () => {
    const unknown = await run(['trigger', 'order.lost'], ci)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/unknown scenario "order.lost"; one of: checkout.approved/)
    const flag = await run(['trigger', '--nope'], ci)
    expect(flag.code).toBe(1)
    expect(flag.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^plazo: unknown option '--nope'/)])
    const down = await run(['--json', 'trigger', 'checkout.denied'], {
      ...ci,
      PLAZO_API_URL: 'http://127.0.0.1:9/api/v2',
      PLAZO_ACCESS_TOKEN: 'x',
    })
    expect(down.code).toBe(1)
    expect(down.stderr.trim().split('\n')).toHaveLength(1)
    expect(down.stderr).not.toMatch(/\n\s+at /)
    const debug = await run(['--debug', 'trigger', 'checkout.denied'], {
      ...ci,
      PLAZO_API_URL: 'http://127.0.0.1:9/api/v2',
      PLAZO_ACCESS_TOKEN: 'x',
    })
    expect(debug.stderr).toMatch(/\n\s+at /)
  })
})

// On PostgreSQL, stateless API nodes share one database: a listener connected to node A gets the events written
// through node B.
const postgres = testEngines().find((candidate) => candidate.engine === 'postgres')

describe.runIf(postgres)('plazo listen across two API nodes (PostgreSQL)', { timeout: 180_000 }, () => {
  it('forwards an event written through the other node', async () => {
    if (!postgres) return
    const a = await sandbox(postgres)
    const db = await openDatabase(a.t.url)
    const nodeB = await buildApp({ config: loadConfig({}), db, webhooks: { intervalMs: false } })
    await nodeB.listen({ port: 0, host: '127.0.0.1' })
    const urlB = `http://127.0.0.1:${(nodeB.server.address() as AddressInfo).port}/api/v2`
    const credentials = { PLAZO_USERNAME: a.username, PLAZO_PASSWORD: a.password }
    const target = await receiver()
    const listener = listen(['--forward-to', target.url], cliEnv({ PLAZO_API_URL: a.apiUrl, ...credentials }))
    try {
      const { secret } = await listener.ready
      const result = await run(
        ['--json', 'trigger', 'checkout.denied'],
        cliEnv({ PLAZO_API_URL: urlB, ...credentials }),
      )
      expect(result.code).toBe(0)
      const [event] = (JSON.parse(result.stdout) as { events: Array<{ event_id: string }> }).events
      await vi.waitFor(
        () => expect(target.verified(secret).map((e) => e.event_id)).toContain(event?.event_id),
        { timeout: 15_000 },
      )
    } finally {
      await listener.stop()
      await target.close()
      await nodeB.close()
      await db.close()
      await a.close()
    }
  })
})
