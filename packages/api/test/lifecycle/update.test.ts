// Update of a decided order (src/domain/checkout/lifecycle/update.ts): what it keeps, reopens and refuses.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  type Body,
  LINE_1,
  LINE_2,
  LifecycleKit,
  notifiedIntent,
  operationOf,
  payloadOf,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
  types,
} from './kit.ts'

const TOTAL = LINE_1 + LINE_2

describe.each(testEngines())('update of a decided order on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  it('refuses an update after capture', async () => {
    const id = await k.captured()
    await k.expectInvalidTransition(
      id,
      () => k.update(id, sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' })),
      'The checkout session is captured: it can no longer be updated.',
    )
  })

  describe('an update of a decided session', () => {
    it('during a challenge: the order is open again, the merchant notified, the old down payment cancelled', async () => {
      const request = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_capture' })
      const id = await k.create(request)
      await k.actOk(id, 'challenge')
      const { childId } = await k.challenged(id)

      const updated = sessionOf(
        await k.update(id, { ...request, cart: sessionRequest({ twoLines: true }).cart }),
      )
      expect(updated).toEqual(await k.get(id))
      expect(statuses(updated)).toEqual({ session: 'initial', intent: null, hpp: 'initial' })
      expect(updated.downpayment_checkout_session_id).toBeNull()
      expect(updated.down_payment).toBeNull()
      expect(updated.payment_intents.map((i) => i.status)).toEqual(['initial', 'initial'])
      expect(updated.payment_intents.map((i) => i.conditions?.principal)).toEqual([
        LINE_1 + LINE_2,
        LINE_1 + LINE_2,
      ])
      const events = await k.events(id)
      expect(types(events)).toEqual([
        'payment_intent_status_changed:on_hold',
        'checkout_session_status_changed:challenge',
        'checkout_session_status_changed:initial',
      ])
      expect(payloadOf(events[2])).toMatchObject({
        triggered_at: updated.updated_at,
        selected_payment_intent: null,
        payment_intents: updated.payment_intents.map((i) => notifiedIntent(i)),
      })
      // The old down payment can no longer be paid.
      expect(statuses(await k.get(childId))).toEqual({ session: 'cancelled', intent: null, hpp: 'cancelled' })
      expect((await k.act(childId, 'approve')).statusCode).toBe(409)

      // The customer completes the new order.
      const done = await k.actOk(id, 'approve')
      expect(statuses(done)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(done.captured_amount.amount).toBe(LINE_1 + LINE_2)
    })

    it('a denied session keeps its denied intents', async () => {
      const request = sessionRequest({ ui: 'hpp' })
      const id = await k.create(request)
      await k.actOk(id, 'deny', 'bnpl_instalments')
      const denied = await k.actOk(id, 'deny', 'consumer_loan_instalments')
      const updated = sessionOf(await k.update(id, request))
      expect(statuses(updated)).toEqual({ session: 'denied', intent: 'denied', hpp: 'cancelled' })
      expect(updated.payment_intents).toEqual(denied.payment_intents)
      expect((await k.act(id, 'approve')).statusCode).toBe(409)
    })
  })

  describe('update of a confirmed order', () => {
    it('lowers the total: the chosen method finances less over the same term, and the merchant is notified', async () => {
      const body = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', twoLines: true })
      const id = await k.create(body)
      const confirmed = await k.actOk(id, 'approve', 'consumer_loan_instalments')
      const before = selected(confirmed)
      expect(before.conditions?.principal).toBe(TOTAL)
      const eventsBefore = (await k.events(id)).length

      // Only the shoes are left, and the body offers one method only: the choice made stays.
      const updated = sessionOf(
        await k.update(id, {
          ...sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', oneMethod: true }),
        }),
      )
      expect(statuses(updated)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(updated.payment_methods).toEqual(confirmed.payment_methods)
      const intent = selected(updated)
      expect(intent.payment_method_id).toBe(before.payment_method_id)
      expect(intent.conditions).toMatchObject({ principal: LINE_1, term: before.conditions?.term })
      expect(intent.conditions?.user_defined_quota).toBeLessThan(
        before.conditions?.user_defined_quota as number,
      )
      const events = (await k.events(id)).slice(eventsBefore)
      expect(events.map((e) => e.type)).toEqual(['conditions_changed'])
      expect(payloadOf(events[0])).toMatchObject({
        status: 'confirmed',
        conditions: { ...intent.conditions, down_payment_amount: 0 },
        triggered_at: updated.updated_at,
      })
      expect(operationOf(await k.capture(id)).amount.amount).toBe(LINE_1)
    })

    it('keeps the conditions and sends nothing when the total stays', async () => {
      const body = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' })
      const id = await k.create(body)
      const confirmed = await k.actOk(id, 'approve')
      const eventsBefore = (await k.events(id)).length
      const updated = sessionOf(await k.update(id, { ...body, shipping: undefined }))
      expect(selected(updated)).toEqual(selected(confirmed))
      expect((await k.events(id)).length).toBe(eventsBefore)
    })

    it('keeps its checkout mode, and prices no method it did not choose', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }))
      await k.actOk(id, 'approve', 'bnpl_instalments')
      // No checkout_mode (auto_capture by default), and a total a consumer loan cannot finance.
      const request = sessionRequest({ ui: 'hpp' }) as Body & {
        merchant: Body
        cart: Body & { items: Body[] }
      }
      delete request.merchant.checkout_mode
      const line = request.cart.items[0] as Body & { article: Body }
      request.cart.items = [
        {
          ...line,
          article: { ...line.article, unit_price_with_tax: 300 },
          units: 1,
          total_price_with_tax: 300,
        },
      ]
      request.cart.total_price_with_tax = 300
      const updated = sessionOf(await k.update(id, request))
      expect(updated.merchant.checkout_mode).toBe('auto_confirm')
      expect(selected(updated).conditions?.principal).toBe(300)
      // Still captured by the merchant, as auto_confirm orders are.
      expect(updated.captures).toEqual([])
      expect(operationOf(await k.capture(id)).amount.amount).toBe(300)
    })

    it('keeps an unpaid down payment, and a total it would cover is a 409, not a 400 on a field never sent', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_confirm',
          extra: { down_payment: { down_payment_collection: 'none', amount: 2000 } },
        }),
      )
      expect((await k.actOk(id, 'approve')).status).toBe('confirmed')
      const request = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }) as Body & {
        cart: Body & { items: Body[] }
      }
      const line = request.cart.items[0] as Body & { article: Body }
      request.cart.items = [
        {
          ...line,
          article: { ...line.article, unit_price_with_tax: 2000 },
          units: 1,
          total_price_with_tax: 2000,
        },
      ]
      request.cart.total_price_with_tax = 2000
      await k.expectInvalidTransition(
        id,
        () => k.update(id, request),
        'The order keeps its down payment of 2000: the new cart total must be larger.',
      )
    })

    it('refuses to raise the total the lender approved', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }))
      await k.actOk(id, 'approve')
      await k.expectInvalidTransition(
        id,
        () => k.update(id, sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', twoLines: true })),
        `The checkout session is confirmed: an update cannot raise its total from ${LINE_1} to ${TOTAL}. Keep or lower the total, or cancel the order and create a new checkout session.`,
      )
    })
  })

  describe('update of an approved order the merchant has not confirmed', () => {
    it('ends the confirmation window of the old approval in embedded mode too', async () => {
      const body = sessionRequest({
        checkoutMode: 'delegated',
        merchant: { max_interval_in_minutes_for_confirm: 60 },
      })
      const id = await k.create(body)
      await k.actOk(id, 'approve')
      expect(await k.pendingTimers(id)).toEqual(['confirm_deadline'])
      sessionOf(await k.update(id, body))
      expect(await k.pendingTimers(id)).toEqual(['expire'])
    })

    it('opens the hosted page again: the customer chooses again and the merchant confirms the new approval', async () => {
      const body = sessionRequest({
        ui: 'hpp',
        checkoutMode: 'delegated',
        merchant: { max_interval_in_minutes_for_confirm: 60 },
      })
      const id = await k.create(body)
      await k.actOk(id, 'approve')
      expect((await k.get(id)).hpp?.status).toBe('completed')
      expect(await k.pendingTimers(id)).toEqual(['confirm_deadline'])

      const res = await k.update(id, body)
      expect(res.statusCode, res.body).toBe(201)
      const reopened = await k.get(id)
      expect(reopened.status).toBe('initial')
      expect(reopened.hpp?.status).toBe('initial')
      expect(reopened.payment_intents.map((intent) => intent.status)).toEqual(['initial', 'initial'])
      // The old approval's confirmation window ends with it; the order expires if nobody completes it.
      expect(await k.pendingTimers(id)).toEqual(['expire'])

      await k.actOk(id, 'approve')
      expect((await k.get(id)).hpp?.status).toBe('completed')
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
    })
  })
})
