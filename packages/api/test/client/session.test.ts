import { ERRORS } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import {
  BASIC_CUSTOMER,
  CANCEL_URL,
  FULL_CUSTOMER,
  fieldErrors,
  HppKit,
  outcomeOf,
  SUCCESS_URL,
  withParams,
} from './hpp-kit.ts'

describe.each(testEngines())('hosted page client API on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  describe('GET /client/hpp/:hpp_id', () => {
    it('shows the customer what they may see: cart, offers per term, merchant name, page title, links', async () => {
      const created = await kit.createHpp()
      const view = await kit.view(created.hppId)
      expect(view).toMatchObject({
        checkout_session_id: created.id,
        mode: 'hpp',
        status: 'initial',
        hpp_status: 'initial',
        purchase_country: 'ESP',
        merchant_name: 'Demo Store',
        page_title: 'Montaña Shop',
        logo_url: 'https://shop.example.com/logo.svg',
        total: { amount: 25800, currency: 'EUR' },
        customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' },
        success_url: withParams(SUCCESS_URL, created),
        cancel_url: withParams(CANCEL_URL, created),
        down_payment: null,
      })
      expect(view.lines).toEqual([
        expect.objectContaining({ units: 2, total: { amount: 25800, currency: 'EUR' } }),
      ])
      const [bnpl, loan] = view.payment_methods
      expect(bnpl?.type).toBe('bnpl_instalments')
      expect(bnpl?.customer_details).toBe('basic')
      expect(bnpl?.offers.map((o) => o.period)).toEqual([3, 6, 9, 12])
      expect(loan?.customer_details).toBe('full')
      expect(loan?.offers.map((o) => o.period)).toEqual([18, 24, 36, 48])
      for (const offer of [...(bnpl?.offers ?? []), ...(loan?.offers ?? [])]) {
        expect(offer.schedule).toHaveLength(offer.period)
        expect(offer.schedule.reduce((sum, row) => sum + row.amount, 0)).toBe(offer.total_payable)
      }
      // Notification settings and the merchant's references never reach the customer.
      expect(JSON.stringify(view)).not.toContain('shop-webhook-secret')
      expect(JSON.stringify(view)).not.toContain('notification')
    })

    it('answers 404 for an unknown hosted page and 400 for an id that is not a UUID', async () => {
      const unknown = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'
      const res = await kit.client('GET', `/hpp/${unknown}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        status: 'ko',
        exception: ERRORS.HPP_NOT_FOUND.exception,
        error: `Hosted payment page ${unknown} not found.`,
      })
      expect(fieldErrors(await kit.client('GET', '/hpp/not-a-uuid'))).toEqual([
        '/hpp_id: must match format "uuid"',
      ])
    })
  })

  describe('POST /client/hpp/:hpp_id/complete', () => {
    it('basic customer (BNPL): the order is confirmed and the customer goes to success_url with both parameters', async () => {
      const created = await kit.createHpp()
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        period: 6,
        customer: {
          first_name: 'Luis',
          last_name: 'Pérez',
          email: 'luis@example.com',
          phone_number: '+34611222333',
        },
      })
      expect(outcome.status).toBe('confirmed')
      expect(outcome.payment_intent_status).toBe('confirmed')
      expect(outcome.redirect_url).toBe(withParams(SUCCESS_URL, created))
      expect(outcome.session.hpp_status).toBe('completed')
      const session = await kit.get(created.id)
      expect(session.customer).toEqual({
        full_name: { first_name: 'Luis', last_name: 'Pérez' },
        email: 'luis@example.com',
        phone_number: '+34611222333',
        document_number: null,
      })
      expect(session.selected_payment_method_type).toBe('bnpl_instalments')
      expect(session.payment_intents.find((i) => i.status === 'confirmed')?.conditions?.term).toBe(6)
    })

    it('full customer (consumer loan) with the chosen term', async () => {
      const created = await kit.createHpp()
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        period: 36,
        customer: FULL_CUSTOMER,
      })
      expect(outcome.status).toBe('confirmed')
      const session = await kit.get(created.id)
      const intent = session.payment_intents.find(
        (i) => i.payment_method_type === 'consumer_loan_instalments',
      )
      expect(intent?.conditions?.term).toBe(36)
      // Only the basic details are kept on the session: never the income or the residence.
      expect(session.customer?.document_number).toBe('12345678Z')
      expect(JSON.stringify(session)).not.toContain('ES9121000418450200051332')
    })

    it('a loan needs the full customer: 400 naming each missing part', async () => {
      const created = await kit.createHpp()
      const errors = fieldErrors(
        await kit.complete(created.hppId, {
          payment_method_type: 'consumer_loan_instalments',
          customer: BASIC_CUSTOMER,
        }),
      )
      expect(errors).toEqual(
        expect.arrayContaining([
          '/customer/phone_number: is required',
          '/customer/document_number: is required',
          '/customer/document_details: is required',
          '/customer/income: is required',
        ]),
      )
      expect((await kit.view(created.hppId)).status).toBe('initial')
    })

    it('rejects a phone without country code, a document with spaces, a bad date and an unknown field', async () => {
      const created = await kit.createHpp()
      const res = await kit.complete(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        customer: {
          ...FULL_CUSTOMER,
          phone_number: '600 123 456',
          document_number: '1234 5678Z',
          document_details: { ...(FULL_CUSTOMER.document_details as object), birth_date: '12/04/1990' },
          nickname: 'Ani',
        },
      })
      const errors = fieldErrors(res)
      expect(errors).toEqual(
        expect.arrayContaining([
          '/customer/phone_number: must match pattern "^\\+[1-9][0-9]{6,14}$"',
          '/customer/document_number: must match pattern "^[^\\s]+$"',
          '/customer/document_details/birth_date: must match format "date"',
          '/customer/nickname: is not a known field',
        ]),
      )
      expect(res.json().original_data.customer.nickname).toBe('Ani')
    })

    it('rejects a term that is not offered, a method that is not offered and a missing customer', async () => {
      const created = await kit.createHpp()
      expect(
        fieldErrors(
          await kit.complete(created.hppId, {
            payment_method_type: 'bnpl_instalments',
            period: 5,
            customer: BASIC_CUSTOMER,
          }),
        ),
      ).toEqual(['/period: must be one of the terms offered: 3, 6, 9, 12'])
      expect(
        fieldErrors(
          await kit.complete(created.hppId, {
            payment_method_type: 'bnpl_split_pay',
            customer: BASIC_CUSTOMER,
          }),
        ),
      ).toEqual(['/payment_method_type: is not offered in this checkout session'])
      expect(
        fieldErrors(await kit.complete(created.hppId, { payment_method_type: 'bnpl_instalments' })),
      ).toEqual(['/customer: is required'])
    })

    it('a denied method: the customer stays to choose another, which can then be approved', async () => {
      const created = await kit.createHpp()
      const denied = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: { ...BASIC_CUSTOMER, email: 'ana+denied@example.com' },
      })
      expect(denied).toMatchObject({ status: 'initial', payment_intent_status: 'denied', redirect_url: null })
      expect(denied.session.payment_methods.map((m) => m.status)).toEqual(['denied', 'initial'])
      const again = await kit.complete(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: BASIC_CUSTOMER,
      })
      expect(again.statusCode).toBe(409)
      const approved = await kit.completeOk(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        period: 18,
        customer: FULL_CUSTOMER,
      })
      expect(approved.status).toBe('confirmed')
      expect(approved.redirect_url).toBe(withParams(SUCCESS_URL, created))
    })

    it('every method denied: the customer goes to cancel_url', async () => {
      const created = await kit.createHpp({ oneMethod: true })
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: { ...BASIC_CUSTOMER, email: 'ana+denied@example.com' },
      })
      expect(outcome.status).toBe('denied')
      expect(outcome.redirect_url).toBe(withParams(CANCEL_URL, created, 'denied'))
    })

    it('delegated mode: approved is done for the customer, who goes to success_url before the merchant confirms', async () => {
      const created = await kit.createHpp({ checkoutMode: 'delegated' })
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: BASIC_CUSTOMER,
      })
      expect(outcome).toMatchObject({ status: 'initial', payment_intent_status: 'approved' })
      expect(outcome.session.hpp_status).toBe('completed')
      expect(outcome.redirect_url).toBe(withParams(SUCCESS_URL, created))
    })

    it('a challenge: the customer pays the down payment on its own page, then returns to the shop as the order', async () => {
      const created = await kit.createHpp()
      const challenged = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: { ...BASIC_CUSTOMER, email: 'ana+challenge@example.com' },
      })
      expect(challenged).toMatchObject({ status: 'challenge', redirect_url: null })
      const dp = challenged.session.down_payment
      expect(dp?.paid).toBe(false)
      expect(dp?.amount.amount).toBeGreaterThan(0)
      const childHpp = new URL(dp?.redirect_url ?? 'http://x/').pathname.split('/')[2] as string
      expect(dp?.redirect_url).toBe(`http://localhost:4000/hpp/${childHpp}`)

      const child = await kit.view(childHpp)
      expect(child.total).toEqual(dp?.amount)
      expect(child.payment_methods.map((m) => m.type)).toEqual(['card_payment', 'a2a_payment'])
      // The down payment's page sends the customer back with the order's own references.
      expect(child.success_url).toBe(withParams(SUCCESS_URL, created))

      // The down-payment page is prefilled with the e-mail that asked for the challenge: paying it does not
      // ask for another down payment.
      expect(child.customer?.email).toBe('ana+challenge@example.com')
      const paid = await kit.completeOk(childHpp, {
        payment_method_type: 'a2a_payment',
        customer: { first_name: 'Ana', last_name: 'García', email: 'ana+challenge@example.com' },
      })
      expect(paid.status).toBe('confirmed')
      expect(paid.redirect_url).toBe(withParams(SUCCESS_URL, created))
      const parent = await kit.view(created.hppId)
      expect(parent.status).toBe('confirmed')
      expect(parent.down_payment?.paid).toBe(true)
    })

    it('a completed session cannot be completed again (409)', async () => {
      const created = await kit.createHpp()
      await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: BASIC_CUSTOMER,
      })
      const res = await kit.complete(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        customer: FULL_CUSTOMER,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ status: 'ko', exception: ERRORS.INVALID_TRANSITION.exception })
    })
  })

  describe('POST /client/hpp/:hpp_id/desist', () => {
    it('the customer gives up: desisted, back to cancel_url; a second desist is a 409', async () => {
      const created = await kit.createHpp()
      const outcome = outcomeOf(await kit.desist(created.hppId))
      expect(outcome.status).toBe('desisted')
      expect(outcome.redirect_url).toBe(withParams(CANCEL_URL, created, 'desisted'))
      expect((await kit.get(created.id)).hpp?.status).toBe('cancelled')
      expect((await kit.desist(created.hppId)).statusCode).toBe(409)
    })

    it('keeps the merchant query and fragment of the URLs', async () => {
      const created = await kit.createHpp({
        urls: {
          success_url: 'https://shop.example.com/done?lang=es&cart=a%20b#summary',
          cancel_url: 'https://shop.example.com/back?#top',
        },
      })
      const view = await kit.view(created.hppId)
      const ref = encodeURIComponent(created.orderReference)
      expect(view.success_url).toBe(
        `https://shop.example.com/done?lang=es&cart=a%20b&order_reference=${ref}&checkout_session_id=${created.id}#summary`,
      )
      const outcome = outcomeOf(await kit.desist(created.hppId))
      expect(outcome.redirect_url).toBe(
        `https://shop.example.com/back?order_reference=${ref}&checkout_session_id=${created.id}&checkout_session_status=desisted#top`,
      )
    })
  })

  describe('cancel_url tells a denial from a cancel (checkout_session_status, display only)', () => {
    it('denied, desisted, cancelled and expired each say so; an open session and the success URL say nothing', async () => {
      const open = await kit.createHpp()
      const view = await kit.view(open.hppId)
      expect(view.cancel_url).toBe(withParams(CANCEL_URL, open))
      expect(new URL(view.cancel_url ?? '').searchParams.has('checkout_session_status')).toBe(false)

      const denied = await kit.createHpp({ oneMethod: true })
      const refused = await kit.completeOk(denied.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: { ...BASIC_CUSTOMER, email: 'ana+denied@example.com' },
      })
      expect(new URL(refused.redirect_url ?? '').searchParams.get('checkout_session_status')).toBe('denied')
      expect((await kit.view(denied.hppId)).cancel_url).toBe(withParams(CANCEL_URL, denied, 'denied'))

      const desisted = await kit.createHpp()
      const gaveUp = outcomeOf(await kit.desist(desisted.hppId))
      expect(new URL(gaveUp.redirect_url ?? '').searchParams.get('checkout_session_status')).toBe('desisted')

      // The shop cancels: the page's link back says so too.
      const cancelled = await kit.createHpp()
      const cancel = await kit.cancel(cancelled.id)
      expect(cancel.statusCode, cancel.body).toBeLessThan(300)
      expect((await kit.view(cancelled.hppId)).cancel_url).toBe(
        withParams(CANCEL_URL, cancelled, 'cancelled'),
      )

      // Paid: the success URL has the order's references only.
      const paid = await kit.createHpp()
      const confirmed = await kit.completeOk(paid.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: BASIC_CUSTOMER,
      })
      expect(confirmed.redirect_url).toBe(withParams(SUCCESS_URL, paid))
      expect((await kit.view(paid.hppId)).cancel_url).toBe(withParams(CANCEL_URL, paid))

      // Left open until it expires (24 hours by default).
      await kit.advance(24 * 60 + 1)
      expect((await kit.view(open.hppId)).cancel_url).toBe(withParams(CANCEL_URL, open, 'expired'))
    })

    it('a down payment given up sends the customer to the order’s cancel URL, desisted', async () => {
      const created = await kit.createHpp()
      const challenged = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: { ...BASIC_CUSTOMER, email: 'ana+challenge@example.com' },
      })
      const childHpp = new URL(challenged.session.down_payment?.redirect_url ?? 'http://x/').pathname.split(
        '/',
      )[2]
      const gaveUp = outcomeOf(await kit.desist(childHpp as string))
      expect(gaveUp.redirect_url).toBe(withParams(CANCEL_URL, created, 'desisted'))
    })
  })
})
