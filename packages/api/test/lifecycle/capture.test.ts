// Capture (src/domain/checkout/lifecycle/capture.ts): when the merchant may capture, and what the lender may refuse.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import { errorBody, LifecycleKit, operationOf, sessionRequest } from './kit.ts'

describe.each(testEngines())('capture on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  describe('capture', () => {
    it('is refused before confirmation (delegated, approved but not confirmed)', async () => {
      const id = await k.approved('delegated')
      await k.expectInvalidTransition(
        id,
        () => k.capture(id),
        'The checkout session is initial: it must be confirmed before capture.',
      )
    })

    it('is refused on a session the customer has not completed', async () => {
      const id = await k.create(sessionRequest({ checkoutMode: 'auto_confirm' }))
      await k.expectInvalidTransition(
        id,
        () => k.capture(id, { description: 'too early' }),
        'The checkout session is initial: it must be confirmed before capture.',
      )
    })

    it('is refused twice: 409 already captured', async () => {
      const id = await k.captured()
      const [first] = await k.lines(id)
      await k.expectRefused(id, () => k.capture(id), 409, {
        status: 'ko',
        exception: 'plazo.capture.already_captured',
        error: `Order line ${first} already captured.`,
      })
    })

    it('is refused after an automatic capture (auto_capture)', async () => {
      const id = await k.approved('auto_capture')
      const [first] = await k.lines(id)
      await k.expectRefused(
        id,
        () => k.capture(id, { transactional: true }),
        409,
        errorBody('ALREADY_CAPTURED', `Order line ${first} already captured.`),
      )
    })
  })

  describe('the lender rejects transactional operations (+reject)', () => {
    const email = 'ana.garcia+reject@example.com'

    it('answers 410 to a transactional capture and captures nothing', async () => {
      const id = await k.approved('auto_confirm', email)
      await k.expectRefused(
        id,
        () => k.capture(id, { transactional: true, description: 'Shipped' }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the capture.'),
      )
      const session = await k.get(id)
      expect(session.captures).toEqual([])
      expect(session.captured_amount.amount).toBe(0)
      // The same lender accepts a capture that is not transactional.
      expect(operationOf(await k.capture(id)).status).toBe('approved')
    })
  })
})
