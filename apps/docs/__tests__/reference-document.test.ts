// What a reference page's browser bundle receives instead of the OpenAPI document (src/lib/reference-document.ts).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  browserModuleSource,
  callableOperationIds,
  infoOf,
  loadReferenceSpec,
  type OpenApiDocument,
  operationIdsOf,
} from '../src/lib/reference-document.ts'

const spec = {
  info: { description: 'Manage orders.' },
  paths: {
    '/orders/{id}': {
      parameters: [],
      get: { operationId: 'getOrder' },
      patch: { operationId: 'updateOrder' },
    },
    '/orders/{id}/cancel': { post: { operationId: 'cancelOrder' }, summary: 'Cancel' },
    '/no-id': { get: {} },
  },
  webhooks: { 'order.captured': { post: { operationId: 'orderCaptured' } } },
} satisfies OpenApiDocument & { webhooks: unknown }

describe('callableOperationIds', () => {
  it('lists the operations of the paths, not of the webhooks, and skips operations without an id', () => {
    expect(callableOperationIds(spec)).toEqual(['getOrder', 'updateOrder', 'cancelOrder'])
    expect(callableOperationIds(undefined)).toEqual([])
  })
})

describe('the browser module of a reference', () => {
  const data = { url: '/openapi/orders.json', themeId: 'theme-redoc', isSpecFile: true, spec }

  it('carries the info and the callable operations, not the document', async () => {
    const source = browserModuleSource(data, 'redocApiDocument-orders.json')
    expect(source).not.toContain('/orders/{id}/cancel')
    // The module as the bundler would run it, its dynamic import pointed at a copy of the document.
    const dir = mkdtempSync(join(tmpdir(), 'reference-document-'))
    writeFileSync(join(dir, 'redocApiDocument-orders.mjs'), `export default ${JSON.stringify(spec)}`)
    writeFileSync(
      join(dir, 'module.mjs'),
      source.replace('redocApiDocument-orders.json', 'redocApiDocument-orders.mjs'),
    )
    const { default: props } = await import(pathToFileURL(join(dir, 'module.mjs')).href)
    expect(props).toMatchObject({ url: '/openapi/orders.json', themeId: 'theme-redoc', isSpecFile: true })
    expect(props.spec).toBeUndefined()
    expect(operationIdsOf(props)).toEqual(['getOrder', 'updateOrder', 'cancelOrder'])
    expect(infoOf(props)).toEqual({ description: 'Manage orders.' })
    await expect(loadReferenceSpec(props)).resolves.toEqual(spec)
  })

  it('reads the same from the whole document, as the server bundle has it', async () => {
    expect(operationIdsOf(data)).toEqual(['getOrder', 'updateOrder', 'cancelOrder'])
    expect(infoOf(data)).toBe(spec.info)
    await expect(loadReferenceSpec(data)).resolves.toBe(spec)
    await expect(loadReferenceSpec({})).rejects.toThrow('no OpenAPI document')
  })
})
