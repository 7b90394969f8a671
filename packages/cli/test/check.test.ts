import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Handler, startHandler } from '../../api/test/integration-checks/handler.ts'
import { embeddedRequest } from '../../sdk-node/test/helpers/requests.ts'
import { type Sandbox, sandbox, testEngines } from '../../sdk-node/test/helpers/sandbox.ts'
import { junitXml, xmlText } from '../src/junit.ts'
import { cliEnv, run } from './helpers/cli.ts'

// `plazo check` as a developer or a CI job runs it: the real binary against a real sandbox over HTTP, webhook
// handlers on 127.0.0.1 that only this machine reaches (the CLI sends the sandbox's prepared notifications), the
// report printed, as JSON, and as JUnit XML read back with a real XML parser.

const [engine] = testEngines()

interface Report {
  kind: string
  passed: number
  failed: number
  warned: number
  checks: Array<{ id: string; status: string; title: string; detail: string; docs_url: string }>
}

/** The JUnit file as a CI reads it: well-formed, one suite, its test cases. */
function readJunit(file: string) {
  const xml = readFileSync(file, 'utf8')
  expect(XMLValidator.validate(xml)).toBe(true)
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'testcase',
  }).parse(xml) as {
    testsuites: {
      tests: string
      failures: string
      testsuite: {
        name: string
        tests: string
        failures: string
        skipped: string
        testcase: Array<{
          name: string
          classname: string
          failure?: { message: string; '#text': string }
          skipped?: unknown
        }>
      }
    }
  }
  return parsed.testsuites
}

describe('plazo check', { timeout: 180_000 }, () => {
  let s: Sandbox
  let ci: Record<string, string>
  let good: Handler
  let stale: Handler
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    s = await sandbox(engine, {}, { integrationChecks: { settleMs: 300 } })
    ci = cliEnv({ PLAZO_API_URL: s.apiUrl, PLAZO_USERNAME: s.username, PLAZO_PASSWORD: s.password })
    good = await startHandler(s.app, s.demo)
    stale = await startHandler(s.app, s.demo, { ignoreTimestamp: true })
  })
  afterAll(async () => {
    await good?.close()
    await stale?.close()
    await s?.close()
  })

  it('webhooks: a handler that passes exits 0, prints the report as JSON and writes one test case per check', async () => {
    const junit = join(ci.XDG_CONFIG_HOME as string, 'webhooks.xml')
    const result = await run(['check', 'webhooks', '--forward-to', good.url, '--json', '--junit', junit], ci)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const report = JSON.parse(result.stdout) as Report
    expect(Object.keys(report)).toEqual(['kind', 'passed', 'failed', 'warned', 'checks'])
    expect(report).toMatchObject({ kind: 'webhooks', passed: 11, failed: 0, warned: 0 })
    expect(good.received).toBe(13)

    const suites = readJunit(junit)
    expect(suites.testsuite).toMatchObject({
      name: 'plazo check webhooks',
      tests: '11',
      failures: '0',
      skipped: '0',
    })
    expect(suites.testsuite.testcase.map((c) => c.name.split(':')[0])).toEqual(report.checks.map((c) => c.id))
    expect(suites.testsuite.testcase.every((c) => c.classname === 'plazo.check.webhooks' && !c.failure)).toBe(
      true,
    )
  })

  it('webhooks: a handler that takes stale signatures exits 1 and fails that test case only', async () => {
    const junit = join(ci.XDG_CONFIG_HOME as string, 'stale.xml')
    const result = await run(['--json', 'check', 'webhooks', '--forward-to', stale.url, '--junit', junit], ci)
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual(['plazo: 1 of 11 checks failed'])
    const report = JSON.parse(result.stdout) as Report
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['signature.stale'])

    const suites = readJunit(junit)
    expect(suites).toMatchObject({ tests: '11', failures: '1' })
    const failed = suites.testsuite.testcase.filter((c) => c.failure)
    expect(failed.map((c) => c.name)).toEqual([
      'signature.stale: A notification signed more than 5 minutes ago is refused',
    ])
    expect(failed[0]?.failure?.message).toMatch(/accepted it: it answered 204/)
    expect(failed[0]?.failure?.['#text']).toContain('/docs/get-started/integration-check#signature-stale')
  })

  it('webhooks: prints each check for a person, with the detail and the guide of what did not pass', async () => {
    const result = await run(['check', 'webhooks', '--forward-to', stale.url.replace('http://', '')], ci)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/✓ signature\.valid +A correctly signed notification is acknowledged/)
    expect(result.stdout).toMatch(/✗ signature\.stale/)
    expect(result.stdout).toContain('#signature-stale')
    expect(result.stdout).toMatch(/11 checks: 10 passed, 1 failed, 0 warned/)
  })

  it('flow: grades one session, and the last minutes', async () => {
    const headers = { ...s.demo, 'content-type': 'application/json' }
    const created = await fetch(`${s.apiUrl}/checkout/`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(embeddedRequest()),
    })
    const id = ((await created.json()) as { checkout_session_id: string }).checkout_session_id
    // The same POST again, without a key: flow.idempotency_key fails and names it.
    const unkeyed = await fetch(`${s.apiUrl}/checkout/${id}/confirm/`, { method: 'POST', headers })
    expect(unkeyed.status).toBe(409)

    const junit = join(ci.XDG_CONFIG_HOME as string, 'flow.xml')
    const one = await run(['--json', 'check', 'flow', '--session', id, '--junit', junit], ci)
    expect(one.code).toBe(1)
    const report = JSON.parse(one.stdout) as Report
    expect(report.kind).toBe('flow')
    expect(report.checks.find((c) => c.id === 'flow.idempotency_key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(String(unkeyed.headers.get('x-request-id'))),
    })
    const suites = readJunit(junit)
    expect(suites.testsuite.testcase).toHaveLength(7)
    expect(Number(suites.testsuite.skipped)).toBe(report.checks.filter((c) => c.status === 'skip').length)

    const recent = await run(['--json', 'check', 'flow', '--since', '10m'], ci)
    expect(
      (JSON.parse(recent.stdout) as Report).checks.find((c) => c.id === 'flow.idempotency_key')?.detail,
    ).toMatch(/in the last 10 minutes/)
  })

  it('refuses what it cannot run, in one line', async () => {
    for (const args of [
      ['check', 'flow', '--session', '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11', '--since', '1h'],
      ['check', 'flow', '--since', '3 weeks'],
      ['check', 'webhooks'],
      ['check', 'flow', '--session', 'not-a-session'],
    ]) {
      const result = await run(args, ci)
      expect(result.code, args.join(' ')).toBe(1)
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      expect(result.stderr).not.toMatch(/at .*\.ts/)
    }
  })
})

describe('the JUnit report', () => {
  it('escapes what a handler answered, whatever its bytes', () => {
    const nasty = 'a <b> & "c" \'d\' \u0000\u0008\u001f \uD800 ]]> é'
    const xml = junitXml({
      kind: 'webhooks',
      checks: [
        { id: 'signature.valid', status: 'fail', title: nasty, detail: nasty, docs_url: 'http://x/?a=1&b=2' },
        { id: 'signature.forged', status: 'warn', title: 't', detail: nasty, docs_url: 'u' },
        { id: 'signature.stale', status: 'skip', title: 't', detail: nasty, docs_url: 'u' },
      ],
    })
    expect(XMLValidator.validate(xml)).toBe(true)
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    const cases = parsed.testsuites.testsuite.testcase as Array<{ failure?: { message: string } }>
    expect(cases[0]?.failure?.message).toBe('a <b> & "c" \'d\' \uFFFD\uFFFD\uFFFD \uFFFD ]]> é')
    expect(xmlText('\u{1F600}')).toBe('\u{1F600}')
  })
})
