import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Run, startRun } from './kit.ts'

// A webhooks run whose node stopped while it ran (or whose CLI never sent its answers) is not left `running`
// for ever: past every wait it could be in, reading it reports it interrupted, every check failed, so a
// merchant's CI does not pass on a run that checked nothing.

describe.each(testEngines())('an interrupted integration check on $name', (engine) => {
  let t: TestApp
  let now: number
  beforeEach(async () => {
    t = await testApp(engine, {}, { integrationChecks: { settleMs: 0, timeoutMs: 1_000 } })
    now = Date.now()
    t.setNow(new Date(now))
  })
  afterEach(() => t.close())

  const read = async (id: string): Promise<Run> => {
    const res = await t.app.inject({ url: `/api/v2/test-helpers/integration-checks/${id}`, headers: t.demo })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Run
  }

  it('stays running while it may still end, then reads as interrupted, for good', async () => {
    // deliver: "client" waits for the CLI's answers, which never come here.
    const started = await startRun(t.app, t.demo, {
      kind: 'webhooks',
      url: 'http://127.0.0.1:9/hook',
      deliver: 'client',
    })
    // 13 notifications: (13 + 1) × 1 s of answer timeout, no settling, and a minute more.
    t.setNow(new Date(now + 74_000 - 1_000))
    expect((await read(started.id)).status).toBe('running')
    t.setNow(new Date(now + 74_000 + 1_000))
    const run = await read(started.id)
    expect(run).toMatchObject({ status: 'done', passed: 0, failed: 11, warned: 0 })
    for (const check of run.checks) {
      expect(check.status).toBe('fail')
      expect(check.detail).toMatch(/interrupted before it was graded.*Run it again/)
    }
    expect(run.deliveries).toBeUndefined()
    // The report is written: the CLI's late answers are refused, and a later read says the same.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/integration-checks/${started.id}/answers`,
      headers: t.demo,
      payload: { answers: [{ delivery_id: 'd1', status_code: 200, duration_ms: 1 }] },
    })
    expect(late.statusCode).toBe(409)
    expect(await read(started.id)).toEqual(run)
  })
})
