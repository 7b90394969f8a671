// What the lifecycle tests share: requests built from the contract's examples, calls to the checkout,
// order-management and test-helper routes with their bodies checked against the contract, the events the
// outbox holds for a session, and "nothing changed" assertions for the refused operations.
import {
  ClockResponseSchema,
  ERRORS,
  ErrorBodySchema,
  type ErrorCode,
  examples,
  GetSessionResponseSchema,
  OperationResponseSchema,
  SessionResponseSchema,
  type Static,
  ValidationErrorBodySchema,
  validate,
  WEBHOOK_EVENT_SCHEMAS,
  type WebhookEvent,
} from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { jobRepository } from '../../src/storage/job-repository.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import type { TestEngine } from '../helpers/engines.ts'

export type Session = Static<typeof GetSessionResponseSchema>['payload']
export type Operation = Static<typeof OperationResponseSchema>['payload']
export type Body = Record<string, unknown>
export type CheckoutMode = 'auto_capture' | 'auto_confirm' | 'delegated'
export type UiMode = 'hpp' | 'embedded'

export const ADDITIONAL_PAYLOAD = { channel: 'web' } as const
/** The example product line: 2 × 12900. */
export const LINE_1 = 25800
/** A second line added to carts that need partial refunds by item. */
export const LINE_2 = 12900
/** 20 % of the 25800 cart: what the sandbox lender asks when the merchant set no down payment. */
export const CHALLENGE_AMOUNT = 5160

export interface RequestOptions {
  ui?: UiMode
  checkoutMode?: CheckoutMode
  /** The customer's e-mail: magic tags choose the sandbox lender's behaviour. */
  email?: string
  /** Add a second order line (12900) to the cart. */
  twoLines?: boolean
  /** Only the first payment method of the example (bnpl_instalments). */
  oneMethod?: boolean
  merchant?: Body
  extra?: Body
}

/** A session request from the contract's examples (2 × 12900 shoes; bnpl_instalments and a consumer loan). */
export function sessionRequest(options: RequestOptions = {}): Body {
  const ui = options.ui ?? 'embedded'
  const request = structuredClone(
    ui === 'hpp' ? examples.hppRequestExample('product') : examples.embeddedRequestExample('product'),
  ) as unknown as Body & {
    merchant: Body
    cart: { total_price_with_tax: number; items: Body[] }
    customer: Body
    payment_methods: Body[]
  }
  request.merchant = {
    ...request.merchant,
    order_reference_1: `ORDER-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    checkout_mode: options.checkoutMode ?? 'auto_capture',
    ...options.merchant,
  }
  if (options.email !== undefined) request.customer.email = options.email
  if (options.twoLines) {
    const line = request.cart.items[0] as Body
    request.cart.items.push({
      ...structuredClone(line),
      article: { ...(line.article as Body), name: 'Trail socks', reference: 'SOCKS-42' },
      units: 1,
      total_price_with_tax: LINE_2,
      total_discount: 0,
    })
    request.cart.total_price_with_tax = LINE_1 + LINE_2
  }
  if (options.oneMethod) request.payment_methods = request.payment_methods.slice(0, 1)
  return { ...request, ...options.extra }
}

/** A payment intent request (full customer) from the contract's example. */
export function paymentIntentRequest(options: { email?: string; checkoutMode?: CheckoutMode } = {}): Body {
  const request = structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as Body & {
    merchant: Body
    customer: Body
  }
  request.merchant = {
    ...request.merchant,
    order_reference_1: `ORDER-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    ...(options.checkoutMode ? { checkout_mode: options.checkoutMode } : {}),
  }
  if (options.email !== undefined) request.customer.email = options.email
  return request
}

export interface EventRow {
  seq: number
  event_id: string
  type: string
  checkout_session_id: string
  merchant_id: string
  payload: WebhookEvent
}

/** Each event as `type:status`. */
export const types = (events: EventRow[]) =>
  events.map((e) => `${e.type}:${payloadOf<{ status: string }>(e).status}`)

/** The error body of a catalogue entry, as the API answers it. */
export function errorBody(code: ErrorCode, message: string) {
  return { status: 'ko', exception: ERRORS[code].exception, error: message }
}

export class LifecycleKit {
  #t: TestApp | undefined

  constructor(t?: TestApp) {
    this.#t = t
  }

  /**
   * The kit of the suite it is called in: one app for the suite's tests, built before them and closed after,
   * with the timer loop off (the tests run timers through the sandbox clock).
   */
  static forSuite(engine: TestEngine): LifecycleKit {
    const kit = new LifecycleKit()
    beforeAll(async () => {
      kit.#t = await testApp(engine, {}, { timerIntervalMs: 0 })
    })
    afterAll(() => kit.t.close())
    return kit
  }

  get t(): TestApp {
    if (!this.#t) throw new Error('The test app is built before the first test of the suite.')
    return this.#t
  }

  get app() {
    return this.t.app
  }

  inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = this.t.demo) {
    return this.app.inject({
      method,
      url: `/api/v2${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    })
  }

  async create(request: Body, headers = this.t.demo): Promise<string> {
    const res = await this.inject('POST', '/checkout/', request, headers)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().checkout_session_id
  }

  async createPaymentIntent(request: Body, headers = this.t.demo): Promise<string> {
    const res = await this.inject('POST', '/checkout/payment-intent/', request, headers)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().checkout_session_id
  }

  async get(id: string, headers = this.t.demo): Promise<Session> {
    const res = await this.inject('GET', `/checkout/${id}/`, undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return (expectBody(res, GetSessionResponseSchema) as { payload: Session }).payload
  }

  act(id: string, action: 'approve' | 'deny' | 'challenge' | 'desist', type?: string, headers = this.t.demo) {
    return this.inject(
      'POST',
      `/test-helpers/checkout/${id}/customer-action/`,
      { action, ...(type ? { payment_method_type: type } : {}) },
      headers,
    )
  }

  /** A customer action that must succeed; returns the session it answers with. */
  async actOk(
    id: string,
    action: 'approve' | 'deny' | 'challenge' | 'desist',
    type?: string,
  ): Promise<Session> {
    return sessionOf(await this.act(id, action, type), 201)
  }

  confirm(id: string) {
    return this.inject('POST', `/checkout/${id}/confirm/`)
  }

  capture(id: string, body: Body = {}) {
    return this.inject('POST', `/checkout/${id}/capture/`, body)
  }

  refund(id: string, body: Body) {
    return this.inject('POST', `/checkout/${id}/refund/`, body)
  }

  cancel(id: string) {
    return this.inject('DELETE', `/checkout/${id}/`)
  }

  update(id: string, body: Body) {
    return this.inject('PUT', `/checkout/${id}/`, body)
  }

  /** The Demo Store's (or Other Shop's) sandbox clock now. */
  now(merchant: 'demo' | 'other' = 'demo'): Promise<Date> {
    const id = merchant === 'demo' ? SANDBOX.demoStore.merchantId : SANDBOX.otherShop.merchantId
    return this.app.services.clock.now(id)
  }

  /** An ISO time `minutes` after the merchant's sandbox clock now. */
  async inMinutes(minutes: number, merchant: 'demo' | 'other' = 'demo'): Promise<string> {
    return new Date((await this.now(merchant)).getTime() + minutes * 60_000).toISOString()
  }

  /** Kinds of the session's timers that have not run. */
  async pendingTimers(id: string): Promise<string[]> {
    return jobRepository.pendingKinds(this.t.t.db, id)
  }

  async advance(minutes: number, headers = this.t.demo) {
    const res = await this.inject('POST', '/test-helpers/clock/advance/', { minutes }, headers)
    expect(res.statusCode, res.body).toBe(201)
    return (expectBody(res, ClockResponseSchema) as Static<typeof ClockResponseSchema>).payload
  }

  /** The outbox rows of a session in order, each payload validated against its event schema. */
  async events(id: string): Promise<EventRow[]> {
    const rows = await this.t.t.db.query<EventRow>(
      'SELECT seq, event_id, type, checkout_session_id, merchant_id, payload FROM events WHERE checkout_session_id = $1 ORDER BY seq',
      [id],
    )
    for (const row of rows) {
      const schema = WEBHOOK_EVENT_SCHEMAS[row.type as keyof typeof WEBHOOK_EVENT_SCHEMAS]
      expect(schema, `unknown event type ${row.type}`).toBeDefined()
      const result = validate(schema, row.payload)
      expect(result.ok ? [] : result.errors, `${row.type} payload`).toEqual([])
      expect(row.payload.event).toBe(row.type)
      expect(row.payload.event_id).toBe(row.event_id)
      expect(row.payload.checkout_session_id).toBe(id)
    }
    return rows
  }

  async eventCount(): Promise<number> {
    const row = await this.t.t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM events')
    return row?.n ?? 0
  }

  /** What a refused operation must leave exactly as it was: the session as read, and the outbox. */
  async snapshot(id: string) {
    return { session: await this.get(id), events: await this.eventCount() }
  }

  async expectUnchanged(id: string, before: { session: Session; events: number }): Promise<void> {
    expect(await this.get(id)).toEqual(before.session)
    expect(await this.eventCount()).toBe(before.events)
  }

  /** A session of `mode`, approved by the customer (confirmed unless delegated), with two order lines. */
  async approved(mode: CheckoutMode, email?: string): Promise<string> {
    const id = await this.create(sessionRequest({ ui: 'hpp', checkoutMode: mode, twoLines: true, email }))
    await this.actOk(id, 'approve')
    return id
  }

  /** A confirmed and captured session (auto_confirm, captured by the merchant). */
  async captured(email?: string): Promise<string> {
    const id = await this.approved('auto_confirm', email)
    operationOf(await this.capture(id))
    return id
  }

  /** The ids of the two order lines of a session made by `approved`. */
  async lines(id: string): Promise<[string, string]> {
    return (await this.get(id)).cart.order_lines.map((line) => line.id) as [string, string]
  }

  /** Parent and child after a challenge, with the child's shape checked. */
  async challenged(id: string, amount = CHALLENGE_AMOUNT, methods = ['card_payment', 'a2a_payment']) {
    const parent = await this.get(id)
    expect(statuses(parent)).toEqual({
      session: 'challenge',
      intent: 'on_hold',
      hpp: parent.mode === 'hpp' ? 'challenge' : null,
    })
    expect(parent.down_payment?.amount).toEqual({ amount, currency: 'EUR' })
    const childId = parent.downpayment_checkout_session_id as string
    expect(childId).toMatch(/^[0-9a-f-]{36}$/)
    const child = await this.get(childId)
    expect(child).toMatchObject({
      status: 'initial',
      mode: parent.mode,
      total_price: { amount, currency: 'EUR' },
      payment_methods: methods.map((type) => ({ type })),
      merchant: {
        order_reference_1: `${parent.merchant.order_reference_1}-DP`,
        checkout_mode: 'auto_capture',
      },
      customer: parent.customer,
      downpayment_checkout_session_id: null,
    })
    expect(child.cart.order_lines.map((l) => l.total_price_with_tax.amount)).toEqual([amount])
    // The parent waits: the customer pays in the child session.
    await this.expectRefused(
      id,
      () => this.act(id, 'approve'),
      409,
      errorBody(
        'INVALID_TRANSITION',
        `The checkout session waits for its down payment: the customer pays it in session ${childId}.`,
      ),
    )
    return { parent, child, childId }
  }

  /** Asserts a call refused with 409 INVALID_TRANSITION and `message`, and nothing changed. */
  expectInvalidTransition(
    id: string,
    call: () => Promise<LightMyRequestResponse>,
    message: string,
  ): Promise<void> {
    return this.expectRefused(id, call, 409, errorBody('INVALID_TRANSITION', message))
  }

  /** Asserts a refused call: exact status and body, and nothing changed. */
  async expectRefused(
    id: string,
    call: () => Promise<LightMyRequestResponse>,
    status: number,
    body: {
      status: string
      exception: string
      error: string
      schema_errors?: unknown
      original_data?: unknown
    },
  ): Promise<void> {
    const before = await this.snapshot(id)
    const res = await call()
    expect(res.statusCode, res.body).toBe(status)
    expectBody(res, status === 400 ? ValidationErrorBodySchema : ErrorBodySchema)
    expect(res.json()).toEqual(body)
    await this.expectUnchanged(id, before)
  }
}

/** The session of a 201 {status, payload, identifier} answer. */
export function sessionOf(res: LightMyRequestResponse, status = 201): Session {
  expect(res.statusCode, res.body).toBe(status)
  const body = expectBody(res, SessionResponseSchema) as { payload: Session; identifier: string }
  expect(body.identifier).toBe(body.payload.id)
  return body.payload
}

/** The operation of a 201 capture or refund answer. */
export function operationOf(res: LightMyRequestResponse): Operation {
  expect(res.statusCode, res.body).toBe(201)
  const body = expectBody(res, OperationResponseSchema) as { payload: Operation; identifier: string }
  expect(body.identifier).toBe(body.payload.id)
  return body.payload
}

/** The intent the customer chose. */
export function selected(session: Session) {
  const intent = session.payment_intents.find(
    (i) => i.payment_method_id === session.selected_payment_method_id,
  )
  expect(intent, 'selected payment intent').toBeDefined()
  return intent as Session['payment_intents'][number]
}

/** Statuses at a glance: session, selected intent (or null) and hosted page (or null). */
export function statuses(session: Session) {
  const intent = session.payment_intents.find(
    (i) => i.payment_method_id === session.selected_payment_method_id,
  )
  return { session: session.status, intent: intent?.status ?? null, hpp: session.hpp?.status ?? null }
}

/** An intent as notifications carry it: its conditions with `down_payment_amount`. */
export function notifiedIntent(intent: Session['payment_intents'][number], downPayment = 0) {
  return {
    ...intent,
    conditions: intent.conditions ? { ...intent.conditions, down_payment_amount: downPayment } : null,
  }
}

/**
 * Checks the fields every notification carries against the session as read right after the change that
 * emitted it: the session and order references, when it happened (the session's `updated_at`), the selected
 * intent as it is now, and the merchant's additional payload echoed.
 */
export function expectCommonFields(
  event: EventRow,
  session: Session,
  options: { additionalPayload?: Body | null; selectedStatus?: string } = {},
): void {
  const payload = event.payload as WebhookEvent & { additional_payload?: Body }
  expect(payload.checkout_session_id).toBe(session.id)
  expect(payload.order_reference_1).toBe(session.merchant.order_reference_1)
  expect(payload.order_reference_2).toBe(session.merchant.order_reference_2)
  expect(payload.triggered_at).toBe(session.updated_at)
  const additional = options.additionalPayload === undefined ? ADDITIONAL_PAYLOAD : options.additionalPayload
  if (additional === null) expect(payload).not.toHaveProperty('additional_payload')
  else expect(payload.additional_payload).toEqual(additional)
  const intent = selected(session)
  const downPayment = session.down_payment?.amount.amount ?? 0
  expect(payload.selected_payment_intent).toEqual({
    ...notifiedIntent(intent, downPayment),
    status: options.selectedStatus ?? intent.status,
  })
}

/** Event ids are unique across the rows given. */
export function expectUniqueEventIds(rows: EventRow[]): void {
  expect(new Set(rows.map((row) => row.event_id)).size).toBe(rows.length)
}

/** The payload of an event that must exist, typed as the caller reads it. */
export function payloadOf<T = Record<string, unknown>>(event: EventRow | undefined): T {
  expect(event, 'event').toBeDefined()
  return (event as EventRow).payload as unknown as T
}
