// Confirm (src/domain/checkout/lifecycle/confirm.ts): the merchant confirms an approved order (delegated).
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import { LifecycleKit, sessionOf, sessionRequest } from './kit.ts'

describe.each(testEngines())('confirm on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  it.each(['auto_capture', 'auto_confirm'] as const)('refuses confirm in %s mode', async (mode) => {
    const id = await k.approved(mode)
    await k.expectInvalidTransition(id, () => k.confirm(id), 'The checkout session is already confirmed.')
  })

  it('refuses confirm before the lender approved (delegated)', async () => {
    const id = await k.create(sessionRequest({ checkoutMode: 'delegated' }))
    await k.expectInvalidTransition(
      id,
      () => k.confirm(id),
      'The checkout session is initial with no approved payment intent: there is nothing to confirm.',
    )
    await k.actOk(id, 'deny', 'bnpl_instalments')
    await k.expectInvalidTransition(
      id,
      () => k.confirm(id),
      'The checkout session is initial with no approved payment intent: there is nothing to confirm.',
    )
  })

  it('refuses a second confirm (delegated)', async () => {
    const id = await k.approved('delegated')
    expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
    await k.expectInvalidTransition(id, () => k.confirm(id), 'The checkout session is already confirmed.')
  })
})
