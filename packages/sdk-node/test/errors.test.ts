// Each error class of @plazo/node from a real answer of the sandbox (or, for the 5xx and the lost connection, of
// a proxy in front of it), with the fields of the API's error body.
import { examples } from '@plazo/contract'
import {
  type EmbeddedCheckoutSessionRequest,
  Plazo,
  PlazoApiError,
  PlazoAuthenticationError,
  PlazoConflictError,
  PlazoConnectionError,
  PlazoError,
  PlazoIdempotencyError,
  PlazoInvalidRequestError,
  PlazoNotFoundError,
  PlazoPermissionError,
  PlazoRejectedError,
} from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proxy } from './helpers/proxy.ts'
import { embeddedRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, sqliteEngine } from './helpers/sandbox.ts'

async function thrown(promise: Promise<unknown>): Promise<PlazoError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(PlazoError)
  return error as PlazoError
}

describe('error classes from real answers', () => {
  let s: Sandbox
  let plazo: Plazo

  beforeAll(async () => {
    s = await sandbox(sqliteEngine())
    plazo = new Plazo({ username: s.username, password: s.password, apiUrl: s.apiUrl })
  })
  afterAll(() => s.close())

  it('400 is a PlazoInvalidRequestError with the schema errors', async () => {
    const request = embeddedRequest()
    const bad = {
      ...request,
      cart: { ...request.cart, currency: 'USD' },
    } as unknown as EmbeddedCheckoutSessionRequest
    const error = await thrown(plazo.checkoutSessions.create(bad))
    expect(error).toBeInstanceOf(PlazoInvalidRequestError)
    expect(error).toMatchObject({ status: 400, exception: expect.stringMatching(/^plazo\./) })
    expect(error.schemaErrors?.map((e) => e.field)).toContain('/cart/currency')
    expect(error.requestId).toEqual(expect.any(String))
    expect(error.raw).toMatchObject({ status: 'ko', schema_errors: expect.any(Array) })
  })

  it('401 is a PlazoAuthenticationError when a bare access token is refused', async () => {
    const stranger = new Plazo({ accessToken: 'not-a-token', apiUrl: s.apiUrl })
    const error = await thrown(stranger.webhooks.secret())
    expect(error).toBeInstanceOf(PlazoAuthenticationError)
    expect(error).toMatchObject({ status: 401, exception: 'invalid_token' })
    expect(error.message).toMatch(/invalid|expired/i)
  })

  it('403 is a PlazoPermissionError for a wrong password', async () => {
    const wrong = new Plazo({ username: s.username, password: 'not-the-password', apiUrl: s.apiUrl })
    const error = await thrown(wrong.webhooks.secret())
    expect(error).toBeInstanceOf(PlazoPermissionError)
    expect(error).toMatchObject({ status: 403, exception: 'plazo.auth.invalid_credentials' })
  })

  it('404 is a PlazoNotFoundError', async () => {
    const error = await thrown(plazo.checkoutSessions.retrieve('4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'))
    expect(error).toBeInstanceOf(PlazoNotFoundError)
    expect(error.status).toBe(404)
  })

  it('409 is a PlazoConflictError with the cart message', async () => {
    const mismatch = structuredClone(
      examples.CART_MISMATCH_REQUEST_EXAMPLE,
    ) as unknown as EmbeddedCheckoutSessionRequest
    delete mismatch.merchant.notification_url
    const error = await thrown(plazo.checkoutSessions.create(mismatch))
    expect(error).toBeInstanceOf(PlazoConflictError)
    expect(error).toMatchObject({ status: 409, exception: 'plazo.checkout.cart_total_mismatch' })
  })

  it('410 is a PlazoRejectedError when the lender rejects a transactional capture', async () => {
    const { checkout_session_id: id } = await plazo.checkoutSessions.create(
      embeddedRequest({ checkoutMode: 'auto_confirm', email: 'ana+reject@example.com' }),
    )
    await plazo.testHelpers.customerAction(id, { action: 'approve' })
    const error = await thrown(plazo.orders.capture(id, { transactional: true }))
    expect(error).toBeInstanceOf(PlazoRejectedError)
    expect(error).toMatchObject({ status: 410, exception: 'plazo.lender.rejected' })
  })

  it('422 is a PlazoIdempotencyError when a key is reused for another request', async () => {
    const idempotencyKey = `order-${Date.now()}`
    await plazo.checkoutSessions.create(embeddedRequest(), { idempotencyKey })
    const error = await thrown(plazo.checkoutSessions.create(embeddedRequest(), { idempotencyKey }))
    expect(error).toBeInstanceOf(PlazoIdempotencyError)
    expect(error.status).toBe(422)
  })

  it('a 500 with no body is a PlazoApiError with its status, after the retries', async () => {
    const broken = await proxy(s.apiUrl, (seen) =>
      seen.path.includes('/auth/') ? 'forward' : { status: 500 },
    )
    try {
      const client = new Plazo({
        username: s.username,
        password: s.password,
        apiUrl: broken.apiUrl,
        maxNetworkRetries: 1,
      })
      const error = await thrown(client.webhooks.secret())
      expect(error).toBeInstanceOf(PlazoApiError)
      expect(error).toMatchObject({ status: 500, raw: undefined })
      expect(broken.seen.filter((seen) => seen.path.endsWith('/webhooks/secret'))).toHaveLength(2)
    } finally {
      await broken.close()
    }
  })

  it('no answer at all is a PlazoConnectionError', async () => {
    const dead = await proxy(s.apiUrl, () => 'forward')
    const url = dead.apiUrl
    await dead.close()
    const client = new Plazo({ accessToken: 'any', apiUrl: url, maxNetworkRetries: 1 })
    const error = await thrown(client.checkoutSessions.retrieve('4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'))
    expect(error).toBeInstanceOf(PlazoConnectionError)
    expect(error.status).toBeUndefined()
    expect(error.message).toMatch(/after 2 tries/)
  })
})
