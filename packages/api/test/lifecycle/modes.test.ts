import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  type CheckoutMode,
  type EventRow,
  expectCommonFields,
  expectUniqueEventIds,
  LINE_1,
  LINE_2,
  LifecycleKit,
  notifiedIntent,
  operationOf,
  payloadOf,
  type Session,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
  type UiMode,
} from './kit.ts'

const TOTAL = LINE_1 + LINE_2
const MODES: CheckoutMode[] = ['auto_capture', 'auto_confirm', 'delegated']
const UIS: UiMode[] = ['hpp', 'embedded']

describe.each(testEngines())('the order lifecycle in each checkout mode on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  /** The events written since `from` (outbox rows of the session, in order). */
  const newEvents = async (id: string, from: number): Promise<EventRow[]> => (await k.events(id)).slice(from)

  const expectStatusChanged = (event: EventRow | undefined, session: Session, status: string) => {
    expect(event?.type).toBe('checkout_session_status_changed')
    const payload = event?.payload as { status: string; payment_intents: unknown[] }
    expect(payload.status).toBe(status)
    expect(payload.payment_intents).toEqual(session.payment_intents.map((intent) => notifiedIntent(intent)))
  }
  const expectIntentChanged = (event: EventRow | undefined, session: Session, status: string) => {
    expect(event?.type).toBe('payment_intent_status_changed')
    expect(payloadOf<{ status: string }>(event).status).toBe(status)
    expectCommonFields(event as EventRow, session, { selectedStatus: status })
  }
  const expectCaptured = (event: EventRow | undefined, session: Session) => {
    expect(event?.type).toBe('capture_approved')
    expectCommonFields(event as EventRow, session)
    expect(event?.payload).toMatchObject({
      status: 'confirmed',
      description: session.captures[0]?.description ?? null,
      captured_amount: { amount: TOTAL, currency: 'EUR' },
    })
    const items = payloadOf<{ captured_items: unknown[] }>(event).captured_items
    // The lines as they were when captured: captured, not yet refunded.
    expect(items).toEqual(
      session.cart.order_lines.map((line) => ({ ...line, captured: true, refunded: false })),
    )
  }

  describe.each(MODES)('%s', (mode) => {
    it.each(UIS)(
      'runs create → approve → %s checkout → capture → partial refunds to the total',
      async (ui) => {
        const id = await k.create(sessionRequest({ ui, checkoutMode: mode, twoLines: true }))

        // Created: nothing decided, nothing notified.
        let session = await k.get(id)
        expect(statuses(session)).toEqual({
          session: 'initial',
          intent: null,
          hpp: ui === 'hpp' ? 'initial' : null,
        })
        expect(session.payment_intents.map((i) => i.status)).toEqual(['initial', 'initial'])
        expect(session.mode).toBe(ui)
        expect(await k.events(id)).toEqual([])

        // The customer completes the checkout with the second method offered.
        session = await k.actOk(id, 'approve', 'consumer_loan_instalments')
        expect(session).toEqual(await k.get(id))
        expect(session.selected_payment_method_type).toBe('consumer_loan_instalments')
        const intent = selected(session)
        expect(intent.provider_name).toBe('plazo-sandbox-lender')
        expect(intent.provider_request_id).toMatch(/^SBX-[0-9A-F]{12}$/)
        const other = session.payment_intents.find((i) => i !== intent)
        let events = await k.events(id)
        if (mode === 'delegated') {
          expect(statuses(session)).toEqual({
            session: 'initial',
            intent: 'approved',
            hpp: ui === 'hpp' ? 'completed' : null,
          })
          expect(other?.status).toBe('initial')
          expect(events.map((e) => e.type)).toEqual(['payment_intent_status_changed'])
          expectIntentChanged(events[0], session, 'approved')

          // Capture is refused until the merchant confirms.
          expect((await k.capture(id)).statusCode).toBe(409)
          session = sessionOf(await k.confirm(id))
          expect(session).toEqual(await k.get(id))
          const confirmed = await newEvents(id, 1)
          expect(confirmed.map((e) => e.type)).toEqual([
            'payment_intent_status_changed',
            'checkout_session_status_changed',
          ])
          expectIntentChanged(confirmed[0], session, 'confirmed')
          expectStatusChanged(confirmed[1], session, 'confirmed')
          expectCommonFields(confirmed[1] as EventRow, session)
        } else {
          const expected = [
            'payment_intent_status_changed',
            'payment_intent_status_changed',
            'checkout_session_status_changed',
            ...(mode === 'auto_capture' ? ['capture_approved'] : []),
          ]
          expect(events.map((e) => e.type)).toEqual(expected)
          expectIntentChanged(events[0], session, 'approved')
          expectIntentChanged(events[1], session, 'confirmed')
          expectStatusChanged(events[2], session, 'confirmed')
          expectCommonFields(events[2] as EventRow, session)
        }
        expect(statuses(session)).toEqual({
          session: 'confirmed',
          intent: 'confirmed',
          hpp: ui === 'hpp' ? 'completed' : null,
        })
        // The method the customer did not choose is closed without a notification of its own.
        expect(session.payment_intents.find((i) => i !== selected(session))?.status).toBe('cancelled')

        // Capture: automatic in auto_capture, by the merchant otherwise.
        if (mode === 'auto_capture') {
          events = await k.events(id)
          expect(session.captures).toHaveLength(1)
          expectCaptured(events.at(-1), session)
        } else {
          expect(session.captures).toEqual([])
          expect(session.captured_amount).toEqual({ amount: 0, currency: 'EUR' })
          const before = (await k.events(id)).length
          const operation = operationOf(await k.capture(id, { description: 'Shipped' }))
          session = await k.get(id)
          expect(operation).toEqual(session.captures[0])
          const captured = await newEvents(id, before)
          expect(captured.map((e) => e.type)).toEqual(['capture_approved'])
          expectCaptured(captured[0], session)
        }
        const capture = session.captures[0]
        expect(capture).toMatchObject({
          status: 'approved',
          amount: { amount: TOTAL, currency: 'EUR' },
          item_ids: session.cart.order_lines.map((line) => line.id),
          transactional: false,
          description: mode === 'auto_capture' ? null : 'Shipped',
        })
        expect(session.captured_amount).toEqual({ amount: TOTAL, currency: 'EUR' })
        expect(session.cart.order_lines.every((line) => line.captured)).toBe(true)
        expect(statuses(session)).toEqual({
          session: 'confirmed',
          intent: 'confirmed',
          hpp: ui === 'hpp' ? 'completed' : null,
        })

        // Partial refunds: one line by id, then by amount until the captured total.
        const socks = session.cart.order_lines[1]?.id as string
        const refunds: Array<{ body: Record<string, unknown>; amount: number; items: string[] }> = [
          {
            body: { refunded_item_ids: [socks], description: 'Socks returned' },
            amount: LINE_2,
            items: [socks],
          },
          { body: { refunded_amount: 5000 }, amount: 5000, items: [] },
          { body: { refunded_amount: LINE_1 - 5000, description: 'Rest' }, amount: LINE_1 - 5000, items: [] },
        ]
        let refunded = 0
        for (const [n, refund] of refunds.entries()) {
          const before = (await k.events(id)).length
          const operation = operationOf(await k.refund(id, refund.body))
          refunded += refund.amount
          expect(operation).toMatchObject({
            status: 'approved',
            amount: { amount: refund.amount, currency: 'EUR' },
            item_ids: refund.items,
            description: refund.body.description ?? null,
            transactional: false,
          })
          session = await k.get(id)
          expect(session.refunds[n]).toEqual(operation)
          expect(session.refunded_amount).toEqual({ amount: refunded, currency: 'EUR' })
          const [event, ...rest] = await newEvents(id, before)
          expect(rest).toEqual([])
          expect(event?.type).toBe('refund_approved')
          expectCommonFields(event as EventRow, session)
          expect(event?.payload).toMatchObject({
            status: 'confirmed',
            description: refund.body.description ?? null,
            refunded_amount: { amount: refund.amount, currency: 'EUR' },
          })
          const items = payloadOf<{ refunded_items: Array<{ refunded: boolean }> }>(event).refunded_items
          expect(items).toEqual(session.cart.order_lines.filter((line) => refund.items.includes(line.id)))
          expect(items.every((line) => line.refunded)).toBe(true)
        }
        expect(refunded).toBe(TOTAL)
        // Fully refunded: still a confirmed order (there is no "refunded" status), and nothing more to refund.
        expect(statuses(session)).toEqual({
          session: 'confirmed',
          intent: 'confirmed',
          hpp: ui === 'hpp' ? 'completed' : null,
        })
        expect((await k.refund(id, { refunded_amount: 1 })).json()).toEqual({
          status: 'ko',
          exception: 'plazo.refund.exceeds_captured',
          error: 'The refunded amount (1) exceeds the captured amount not yet refunded (0).',
        })

        const all = await k.events(id)
        expectUniqueEventIds(all)
        expect(all.every((e) => e.merchant_id === session.merchant_id)).toBe(true)
      },
    )
  })

  it('leaves additional_payload out of the notifications when the merchant sets none', async () => {
    const request = sessionRequest({ checkoutMode: 'auto_capture' })
    delete (request.merchant as Record<string, unknown>).notification_additional_payload
    const id = await k.create(request)
    const session = await k.actOk(id, 'approve')
    const events = await k.events(id)
    expect(events).toHaveLength(4)
    for (const event of events) expect(event.payload).not.toHaveProperty('additional_payload')
    expectCommonFields(events[3] as EventRow, session, { additionalPayload: null })
  })

  it('echoes the additional payload set by an update in the notifications that follow', async () => {
    const id = await k.create(sessionRequest({ checkoutMode: 'auto_confirm' }))
    const request = sessionRequest({ checkoutMode: 'auto_confirm' })
    const additional = { channel: 'app', cart_value: 25800 }
    ;(request.merchant as Record<string, unknown>).notification_additional_payload = additional
    expect((await k.update(id, request)).statusCode).toBe(201)
    const session = await k.actOk(id, 'approve')
    for (const event of await k.events(id)) {
      expectCommonFields(event, session, {
        additionalPayload: additional,
        selectedStatus:
          (event.payload as { status: string }).status === 'approved' ? 'approved' : 'confirmed',
      })
    }
  })
})
