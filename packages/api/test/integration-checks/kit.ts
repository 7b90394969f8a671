// Runs integration checks through the API as a client would: POST the run, read it until it is done.
import { expect } from 'vitest'
import type { App } from '../../src/app.ts'

export interface CheckResult {
  id: string
  status: 'pass' | 'fail' | 'warn' | 'skip'
  title: string
  detail: string
  docs_url: string
}

export interface Run {
  id: string
  status: 'running' | 'done'
  kind: 'webhooks' | 'flow'
  passed: number
  failed: number
  warned: number
  checks: CheckResult[]
  deliveries?: Array<{ id: string; check_id: string; headers: Record<string, string>; body: string }>
}

export async function startRun(app: App, auth: Record<string, string>, body: unknown): Promise<Run> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/test-helpers/integration-checks/',
    headers: auth,
    payload: body as Record<string, unknown>,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Run
}

/** Starts a run and reads it until it is done. */
export async function runCheck(app: App, auth: Record<string, string>, body: unknown): Promise<Run> {
  let run = await startRun(app, auth, body)
  const deadline = Date.now() + 60_000
  while (run.status !== 'done') {
    if (Date.now() > deadline) throw new Error(`run ${run.id} still running`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const res = await app.inject({ url: `/api/v2/test-helpers/integration-checks/${run.id}`, headers: auth })
    expect(res.statusCode, res.body).toBe(200)
    run = res.json() as Run
  }
  return run
}

/** The ids of the checks with a status. */
export function withStatus(run: Run, status: CheckResult['status']): string[] {
  return run.checks.filter((check) => check.status === status).map((check) => check.id)
}
