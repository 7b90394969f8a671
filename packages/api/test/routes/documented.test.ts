import { operationsByDocument } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// The docs and the API must agree: every route the API serves under /api/v2 is an operation of one of the
// four OpenAPI documents, and every documented operation is served. The CORS preflights (OPTIONS) of the
// browser calls are the only routes that are not operations.

const [engine] = testEngines()

/** `METHOD /api/v2/path/{param}`, as the OpenAPI documents write paths. */
const documented = new Set(
  Object.values(operationsByDocument)
    .flat()
    .map((op) => `${op.method.toUpperCase()} /api/v2${op.path}`),
)

describe('the routes of the API and the operations of the OpenAPI documents', () => {
  let t: TestApp
  let served: string[]
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine)
    await t.app.ready()
    served = t.app.routeList
      .filter((route) => route.split(' ')[1]?.startsWith('/api/v2/'))
      .map((route) => route.replace(/:(\w+)/g, '{$1}').replace(/\/$/, ''))
  })
  afterAll(() => t.close())

  it('serves every documented operation', () => {
    expect([...documented].filter((op) => !served.includes(op))).toEqual([])
  })

  it('documents every route but the CORS preflights of documented paths', () => {
    const undocumented = served.filter((route) => !documented.has(route))
    const paths = new Set([...documented].map((op) => op.split(' ')[1]))
    for (const route of undocumented) {
      const [method, path] = route.split(' ')
      expect(method, route).toBe('OPTIONS')
      expect(paths.has(path), route).toBe(true)
    }
    expect(served.length).toBeGreaterThan(documented.size)
  })
})
