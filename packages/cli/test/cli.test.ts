import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Sandbox, sandbox, testEngines } from '../../sdk-node/test/helpers/sandbox.ts'
import { SCENARIOS } from '../src/scenarios.ts'
import { cliEnv, listen, receiver, run } from './helpers/cli.ts'

// The real `plazo` binary against a real sandbox (SQLite, over HTTP): login without a TTY, every scenario's
// events at a local receiver that verifies their signatures, the same secret after a restart, resend reaching
// the listener, the request log with a 400's body, and the error paths.

const [engine] = testEngines()

describe('plazo against a sandbox', { timeout: 180_000 }, () => {
  let s: Sandbox
  let env: Record<string, string>
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    s = await sandbox(engine)
    env = cliEnv({ PLAZO_API_URL: s.apiUrl })
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
  })

  it('forwards every scenario’s documented events, signed, and resends to a running listener', async () => {
    const target = await receiver()
    const listener = listen(['--forward-to', target.url], env)
    try {
      const { secret } = await listener.ready
      expect(secret).toMatch(/^whsec_/)
      const triggered = await Promise.all(
        SCENARIOS.map(async (scenario) => {
          const result = await run(['--json', 'trigger', scenario.name], env)
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
        }),
      )
      const all = triggered.flatMap((t) => t.events.map((event) => event.event_id))
      await vi.waitFor(() => expect(target.received.length).toBeGreaterThanOrEqual(all.length), {
        timeout: 20_000,
        interval: 100,
      })
      const verified = target.verified(secret)
      expect(verified.map((event) => event.event_id).sort()).toEqual([...all].sort())
      // Each session's events arrive in the order they were written.
      for (const t of triggered) {
        const ids = t.events.map((event) => event.event_id)
        expect(verified.map((event) => event.event_id).filter((id) => ids.includes(id))).toEqual(ids)
      }

      const resent = all[0] as string
      const before = target.received.length
      const again = await run(['events', 'resend', resent], env)
      expect(again.code).toBe(0)
      await vi.waitFor(() => expect(target.received.length).toBe(before + 1), { timeout: 10_000 })
      expect(target.verified(secret).at(-1)?.event_id).toBe(resent)
      expect(listener.lines.at(-1)).toMatchObject({ event_id: resent, redelivery: true, status: 200 })
    } finally {
      expect(await listener.stop()).toBe(0)
      await target.close()
    }

    // A restarted listener signs with the same secret.
    const second = listen(['--forward-to', target.url], env)
    const { secret } = await second.ready
    await second.stop()
    expect(secret).toBe((listener.lines[0] as { secret: string }).secret)
  })

  it('reports a target that is down and keeps listening', async () => {
    const target = await receiver(() => 503)
    const listener = listen(['--forward-to', target.url, '--events', 'checkout_session_status_changed'], env)
    try {
      await listener.ready
      expect((await run(['trigger', 'checkout.desisted'], env)).code).toBe(0)
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

  it('shows a 400 with its request and response bodies in logs tail --json', async () => {
    const bad = await run(['trigger', 'checkout.approved', '--param', 'cart=5'], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    const tail = await run(
      ['--json', 'logs', 'tail', '--once', '--status', '4xx', '--path', '/checkout'],
      env,
    )
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
    const unknown = await run(['trigger', 'order.lost'], env)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/unknown scenario "order.lost"; one of: checkout.approved/)
    const flag = await run(['trigger', '--nope'], env)
    expect(flag.code).toBe(1)
    expect(flag.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^plazo: unknown option '--nope'/)])
    const down = await run(['--json', 'trigger', 'checkout.denied'], {
      ...env,
      PLAZO_API_URL: 'http://127.0.0.1:9/api/v2',
      PLAZO_ACCESS_TOKEN: 'x',
    })
    expect(down.code).toBe(1)
    expect(down.stderr.trim().split('\n')).toHaveLength(1)
    expect(down.stderr).not.toMatch(/\n\s+at /)
    const debug = await run(['--debug', 'trigger', 'checkout.denied'], {
      ...env,
      PLAZO_API_URL: 'http://127.0.0.1:9/api/v2',
      PLAZO_ACCESS_TOKEN: 'x',
    })
    expect(debug.stderr).toMatch(/\n\s+at /)
  })
})
