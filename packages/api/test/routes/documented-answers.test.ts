import { randomUUID } from 'node:crypto'
import {
  documentedResponses,
  ErrorBodySchema,
  examples,
  type OperationSpec,
  operationsByDocument,
  validate,
} from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// Every answer the API gives to a documented path must be one the documents list for that operation, with the
// body the documents give it. Each operation is sent the requests that go wrong before its own rules are
// reached (no credentials, a body that is not JSON, too deep, too large, not JSON at all, a bad Idempotency-Key,
// a malformed or invalid path parameter, another method, an unknown sub-path) and each answer is checked against
// the documents. 404 for an unknown path and 405 for another method are documented once for every path (the
// intro of each document), with the common error body.

const [engine] = testEngines()

const operations = [
  ...new Map(
    Object.values(operationsByDocument)
      .flat()
      .map((op) => [`${op.method} ${op.path}`, op]),
  ).values(),
]

interface Probe {
  name: string
  /** The status this probe must get; when undefined, any documented status. */
  expected?: number
  method?: string
  url?: string
  headers?: Record<string, string>
  payload?: string
}

function probes(op: OperationSpec, credentials: Record<string, string>): Probe[] {
  const path = `/api/v2${op.path.replace(/\{\w+\}/g, () => randomUUID())}/`
  const example = Object.values(op.request?.examples ?? {})[0]?.value
  const json = { 'content-type': 'application/json', ...credentials }
  const list: Probe[] = [{ name: 'no credentials', headers: {}, ...(op.auth ? { expected: 401 } : {}) }]
  if (op.method !== 'get') {
    list.push(
      { name: 'not JSON', headers: json, payload: '{"a": 1,', expected: 400 },
      { name: 'too deep', headers: json, payload: `${'['.repeat(65)}${']'.repeat(65)}`, expected: 400 },
      { name: 'too large', headers: json, payload: `"${'x'.repeat(1024 * 1024)}"`, expected: 413 },
      {
        name: 'text/plain',
        headers: { ...credentials, 'content-type': 'text/plain' },
        payload: 'a',
        expected: 415,
      },
    )
  }
  if (op.idempotent) {
    list.push({
      name: 'Idempotency-Key too long',
      headers: { ...json, 'idempotency-key': 'k'.repeat(256) },
      ...(example === undefined ? {} : { payload: JSON.stringify(example) }),
      expected: 400,
    })
  }
  if (op.pathParams?.length) {
    list.push(
      { name: 'malformed percent-encoding', url: path.replace(/[0-9a-f-]{36}/, '%zz'), expected: 400 },
      { name: 'id not a UUID', url: path.replace(/[0-9a-f-]{36}/, 'not-a-uuid'), headers: credentials },
    )
  }
  list.push(
    { name: 'PATCH', method: 'PATCH', headers: credentials, expected: 405 },
    { name: 'unknown sub-path', url: `${path}unknown/path/`, headers: credentials, expected: 404 },
  )
  return list.map((probe) => ({ url: path, method: op.method.toUpperCase(), ...probe }))
}

describe('every answer to a documented path is documented', () => {
  let t: TestApp
  let clientSecret: string
  const seen = new Set<number>()
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: t.demo,
      payload: examples.embeddedRequestExample('product'),
    })
    clientSecret = created.json().client_secret
  })
  afterAll(() => t.close())

  function expectDocumented(op: OperationSpec, probe: Probe, res: LightMyRequestResponse) {
    const label = `${probe.method} ${op.path} (${probe.name}): ${res.statusCode} ${res.body.slice(0, 300)}`
    if (probe.expected !== undefined) expect(res.statusCode, label).toBe(probe.expected)
    seen.add(res.statusCode)
    if (res.statusCode === 404 && probe.name === 'unknown sub-path') {
      expect(validate(ErrorBodySchema, res.json()).ok, label).toBe(true)
      expect(res.json().exception).toBe('plazo.route.not_found')
      return
    }
    if (res.statusCode === 405) {
      expect(validate(ErrorBodySchema, res.json()).ok, label).toBe(true)
      expect(res.headers.allow, label).toContain(op.method.toUpperCase())
      return
    }
    const documented = documentedResponses(op)[String(res.statusCode)]
    expect(documented, `undocumented answer: ${label}`).toBeDefined()
    const schema = documented?.schema
    if (schema === undefined) {
      expect(res.body, label).toBe('')
      return
    }
    const result = validate(schema, res.json())
    expect(result.ok ? [] : result.errors, label).toEqual([])
  }

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s',
    async (_, op) => {
      const credentials = op.auth ? t.demo : op.clientSecret ? { 'x-client-secret': clientSecret } : {}
      for (const probe of probes(op, credentials)) {
        const res = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url ?? '/',
          headers: probe.headers ?? {},
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
        })
        expectDocumented(op, probe, res)
      }
    },
  )

  it('has seen every status the probes aim at', () => {
    for (const status of [400, 401, 404, 405, 413, 415]) expect(seen.has(status), String(status)).toBe(true)
  })
})
