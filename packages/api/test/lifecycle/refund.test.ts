// Refund (src/domain/checkout/lifecycle/refund.ts): by order line or by amount, within what was captured.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import { type Body, errorBody, LINE_1, LINE_2, LifecycleKit, operationOf } from './kit.ts'

const TOTAL = LINE_1 + LINE_2
const UNKNOWN_LINE = '9d0c3f5e-2b7a-4e61-8c14-5a3f7e9b1d20'

describe.each(testEngines())('refund on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  describe('refund', () => {
    it('is refused before capture', async () => {
      const id = await k.approved('auto_confirm')
      await k.expectInvalidTransition(
        id,
        () => k.refund(id, { refunded_amount: 100 }),
        'Nothing has been captured yet: a refund requires a prior capture.',
      )
    })

    it('is refused for an order line that was not captured', async () => {
      const id = await k.approved('auto_confirm')
      const [, socks] = await k.lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [socks] }),
        409,
        errorBody('NOT_CAPTURED', `Order line ${socks} has not been captured.`),
      )
    })

    it('takes order line ids in any case, and refuses one given twice', async () => {
      const id = await k.captured()
      const [, socks] = await k.lines(id)
      const upper = socks.toUpperCase()
      await k.expectRefused(id, () => k.refund(id, { refunded_item_ids: [socks, upper] }), 400, {
        status: 'ko',
        exception: expect.any(String),
        error: expect.any(String),
        schema_errors: [expect.objectContaining({ field: '/refunded_item_ids' })],
        original_data: { refunded_item_ids: [socks, upper] },
      })
      operationOf(await k.refund(id, { refunded_item_ids: [upper] }))
      expect((await k.get(id)).refunded_amount.amount).toBe(LINE_2)
    })

    it('is refused for an order line refunded before: 409 already refunded', async () => {
      const id = await k.captured()
      const [shoes, socks] = await k.lines(id)
      operationOf(await k.refund(id, { refunded_item_ids: [socks] }))
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [socks] }),
        409,
        errorBody('ALREADY_REFUNDED', `Order line ${socks} already refunded.`),
      )
      // Also when it comes with a line not refunded yet: nothing of the request is refunded.
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes, socks] }),
        409,
        errorBody('ALREADY_REFUNDED', `Order line ${socks} already refunded.`),
      )
    })

    it('is refused by amount above the captured total minus what was refunded', async () => {
      const id = await k.captured()
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: TOTAL + 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${TOTAL + 1}) exceeds the captured amount not yet refunded (${TOTAL}).`,
        ),
      )
      operationOf(await k.refund(id, { refunded_amount: 10000 }))
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: TOTAL - 10000 + 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${TOTAL - 10000 + 1}) exceeds the captured amount not yet refunded (${TOTAL - 10000}).`,
        ),
      )
      // A line refunded by id counts too: after the socks, the shoes no longer fit in what is left.
      operationOf(await k.refund(id, { refunded_item_ids: [(await k.lines(id))[1]] }))
      const [shoes] = await k.lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes] }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${LINE_1}) exceeds the captured amount not yet refunded (${TOTAL - 10000 - LINE_2}).`,
        ),
      )
      // The exact remainder is accepted.
      expect(operationOf(await k.refund(id, { refunded_amount: TOTAL - 10000 - LINE_2 })).status).toBe(
        'approved',
      )
      expect((await k.get(id)).refunded_amount.amount).toBe(TOTAL)
    })

    it('is a 400 with both item ids and an amount, or with neither', async () => {
      const id = await k.captured()
      const [shoes] = await k.lines(id)
      const both: Body = { refunded_item_ids: [shoes], refunded_amount: 100 }
      const message = 'Give either refunded_item_ids or refunded_amount, not both and not neither.'
      await k.expectRefused(id, () => k.refund(id, both), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: `The request is not valid: / ${message}`,
        schema_errors: [{ field: '/', message, keyword: 'oneOf' }],
        original_data: both,
      })
      await k.expectRefused(id, () => k.refund(id, { description: 'nothing' }), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: `The request is not valid: / ${message}`,
        schema_errors: [{ field: '/', message, keyword: 'oneOf' }],
        original_data: { description: 'nothing' },
      })
    })

    it('is a 400 for an item id that is not an order line of the session', async () => {
      const id = await k.captured()
      const [shoes] = await k.lines(id)
      const body = { refunded_item_ids: [shoes, UNKNOWN_LINE] }
      await k.expectRefused(id, () => k.refund(id, body), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: 'The request is not valid: /refunded_item_ids/1 is not an order line of this session',
        schema_errors: [
          { field: '/refunded_item_ids/1', message: 'is not an order line of this session', keyword: 'rule' },
        ],
        original_data: body,
      })
    })
  })

  describe('the lender rejects transactional operations (+reject)', () => {
    const email = 'ana.garcia+reject@example.com'

    it('answers 410 to a transactional refund and refunds nothing', async () => {
      const id = await k.captured(email)
      const [shoes] = await k.lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes], transactional: true }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the refund.'),
      )
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: 100, transactional: true }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the refund.'),
      )
      const session = await k.get(id)
      expect(session.refunds).toEqual([])
      expect(session.cart.order_lines.some((line) => line.refunded)).toBe(false)
      expect(operationOf(await k.refund(id, { refunded_item_ids: [shoes] })).status).toBe('approved')
    })
  })
})
