import {
  ERRORS,
  examples,
  GetSessionResponseSchema,
  type Static,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { expectBody, type TestApp } from './app.ts'

// What the create tests share (routes/checkout-create.test.ts, routes/checkout-payment-intent.test.ts): the
// request bodies and the calls.

export type Session = Static<typeof GetSessionResponseSchema>['payload']
export type Body = Record<string, unknown>

export const MODES = ['embedded', 'hpp'] as const
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function requestExample(mode: (typeof MODES)[number], type: string): Body {
  return structuredClone(
    mode === 'hpp' ? examples.hppRequestExample(type) : examples.embeddedRequestExample(type),
  ) as unknown as Body
}

export function paymentIntentExample(): Body & { customer: Record<string, Record<string, unknown>> } {
  return structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as never
}

/** A copy of `body` with the value at the JSON pointer `field` replaced. */
export function setField(body: Body, field: string, value: unknown): Body {
  const copy = structuredClone(body)
  const keys = field.split('/').slice(1)
  let node = copy as Record<string, unknown>
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[keys[keys.length - 1] as string] = value
  return copy
}

/** Create, read back and check a 400, on the app `current()` gives (started in the test file's beforeAll). */
export function createCalls(current: () => TestApp) {
  const app = current
  const create = (payload: unknown, url = '/api/v2/checkout/') =>
    app().app.inject({ method: 'POST', url, headers: app().demo, payload: payload as Body })
  const read = async (id: string): Promise<Session> => {
    const res = await app().app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: app().demo })
    expect(res.statusCode).toBe(200)
    return (expectBody(res, GetSessionResponseSchema) as { payload: Session }).payload
  }
  const expectValidationError = (res: LightMyRequestResponse, field: string, originalData: unknown) => {
    expect(res.statusCode).toBe(400)
    const body = expectBody(res, ValidationErrorBodySchema) as {
      schema_errors: Array<{ field: string }>
      original_data: unknown
      exception: string
    }
    expect(body.exception).toBe(ERRORS.VALIDATION.exception)
    expect(body.schema_errors.map((e) => e.field)).toContain(field)
    expect(body.original_data).toEqual(originalData)
    return body
  }
  return { create, read, expectValidationError }
}
