// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises'
import { CheckoutSessionStatus, PaymentMethodType as ContractPaymentMethodType } from '@plazo/contract'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AGENT, BASE_URL, builtLibrary, type CheckoutJs, root, stubApi } from './helpers.ts'

let lib: CheckoutJs
beforeAll(async () => {
  lib = await builtLibrary()
})
beforeEach(() => {
  lib.storage.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The error a promise rejects with; fails the test if it resolves. */
async function rejection<E>(promise: Promise<unknown>): Promise<Error & E> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`)
  return outcome.error as Error & E
}

const SPEC_EXPORTS = [
  'BnplComponent',
  'CheckoutSessionComponent',
  'FilterByMap',
  'PaymentMethodType',
  'PlazoError',
  'SimulatorComponent',
  'SinglePaymentComponent',
  'Status',
  'agentConfiguration',
  'agentPricings',
  'allAvailablePaymentMethods',
  'availablePaymentMethods',
  'checkoutSession',
  'documentation',
  'init',
  'paymentIntent',
  'paymentMethodBoundary',
  'paymentMethodConditions',
  'simulator',
  'storage',
]

describe('the built module', () => {
  // The spec's names, and PlazoError (DESIGN.md: every onError receives one; exported for instanceof).
  it('exports exactly the runtime names of the spec and PlazoError', () => {
    expect(Object.keys(lib).sort()).toEqual(SPEC_EXPORTS)
  })

  it('has the enum values of the contract', () => {
    expect(Object.values(lib.PaymentMethodType)).toEqual([...ContractPaymentMethodType.values])
    expect(Object.values(lib.Status)).toEqual([...CheckoutSessionStatus.values])
    expect(lib.PaymentMethodType.BnplInstalments).toBe('bnpl_instalments')
    expect(lib.Status.Confirmed).toBe('confirmed')
  })

  it('dist/checkout.js defines window.PlazoCheckout with the same exports', async () => {
    const script = await readFile(`${root}/dist/checkout.js`, 'utf8')
    // As a classic script runs: at the top level, with `window` and `document` as globals.
    new Function(script)()
    const global = (window as unknown as { PlazoCheckout?: Record<string, unknown> }).PlazoCheckout
    expect(Object.keys(global ?? {}).sort()).toEqual(SPEC_EXPORTS)
  })

  it('does not carry React or the contract package', async () => {
    const script = await readFile(`${root}/dist/checkout.js`, 'utf8')
    expect(script).not.toMatch(/\breact\b|typebox|\bajv\b/i)
  })
})

describe('init and storage', () => {
  it('stores the settings, trimming the trailing slash of baseUrl', () => {
    const settings = lib.init({ agentId: AGENT, baseUrl: `${BASE_URL}/`, locale: 'fr' })
    expect(settings).toEqual({
      agentId: AGENT,
      baseUrl: BASE_URL,
      locale: 'fr',
      docsUrl: 'http://localhost:3000',
    })
    expect(lib.storage.settings).toEqual(settings)
  })

  it('takes the locale of the page when none is given, else Spanish', () => {
    document.documentElement.lang = 'en-GB'
    expect(lib.init({ agentId: AGENT, baseUrl: BASE_URL }).locale).toBe('en')
    document.documentElement.lang = 'de'
    expect(lib.init({ agentId: AGENT, baseUrl: BASE_URL }).locale).toBe('es')
    document.documentElement.lang = ''
  })

  it('refuses a missing agent id, a relative base URL and an unknown locale', () => {
    expect(() => lib.init({ agentId: '', baseUrl: BASE_URL })).toThrow(/agentId is required/)
    expect(() => lib.init({ agentId: AGENT, baseUrl: '/api' })).toThrow(/absolute http\(s\) URL/)
    expect(() => lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'de' as 'es' })).toThrow(/locale/)
  })

  it('tells the merchant to call init first', async () => {
    await expect(lib.agentConfiguration()).rejects.toThrow(/call init\(\{ agentId, baseUrl \}\) first/)
  })

  it('fetches the agent configuration once per agent and forgets it on clear()', async () => {
    const api = stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
    const [a, b] = await Promise.all([lib.agentConfiguration(), lib.agentConfiguration()])
    expect(a.merchant_name).toBe('Demo Store')
    expect(b).toBe(a)
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]?.url).toBe(`${BASE_URL}/api/v2/client/agents/${AGENT}/configuration`)
    lib.storage.clear()
    expect(lib.storage.settings).toBeNull()
    expect(lib.storage.configurations.size).toBe(0)
  })

  it('rejects with the API error (status, exception) and does not cache a failure', async () => {
    const api = stubApi()
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
    api.fail(404, { status: 'ko', exception: 'plazo.agent.not_found', error: `Agent ${AGENT} not found.` })
    const error = await rejection<{ status: number; exception: string }>(lib.agentConfiguration())
    expect(error.name).toBe('PlazoError')
    expect(error.message).toBe(`Agent ${AGENT} not found.`)
    expect(error.status).toBe(404)
    expect(error.exception).toBe('plazo.agent.not_found')
    expect(error).toBeInstanceOf(lib.PlazoError)
    expect(lib.storage.configurations.size).toBe(0)
  })

  it('rejects with a PlazoError, not the browser TypeError, when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'en' })
    const error = await rejection<{ status: number; exception: string; localizedMessage: string }>(
      lib.agentPricings(),
    )
    expect(error).toBeInstanceOf(lib.PlazoError)
    expect([error.status, error.exception, error.localizedMessage]).toEqual([
      0,
      'plazo.client.network_error',
      'We could not connect to Plazo. Check your connection and try again.',
    ])
  })

  it('rejects with plazo.client.unexpected_response for an error answer without a JSON body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 })),
    )
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
    const error = await rejection<{ status: number; exception: string }>(lib.agentPricings())
    expect([error.name, error.status, error.exception]).toEqual([
      'PlazoError',
      502,
      'plazo.client.unexpected_response',
    ])
  })
})

describe('pricings, conditions and boundaries', () => {
  beforeEach(() => {
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'es' })
  })

  it('agentPricings lists the public pricings', async () => {
    stubApi()
    const pricings = await lib.agentPricings()
    expect(pricings.find((p) => p.payment_method_type === 'bnpl_instalments')?.periods).toEqual([3, 6, 9, 12])
    expect(JSON.stringify(pricings)).not.toContain('merchant_fee')
  })

  it('paymentMethodBoundary gives the terms and the amounts a method accepts', async () => {
    stubApi()
    await expect(lib.paymentMethodBoundary('consumer_loan_instalments')).resolves.toEqual({
      paymentMethodType: 'consumer_loan_instalments',
      minAmount: 18,
      maxAmount: 100_000_000,
      minTerm: 18,
      maxTerm: 48,
      terms: [18, 24, 30, 36, 42, 48],
    })
    await expect(lib.paymentMethodBoundary(lib.PaymentMethodType.CardPayment)).rejects.toThrow(
      'Your agent does not offer card_payment.',
    )
    await expect(lib.paymentMethodBoundary('cheque' as 'card_payment')).rejects.toThrow(
      /Unknown payment method type/,
    )
  })

  it('paymentMethodConditions posts the simulation and maps the offers', async () => {
    const api = stubApi()
    const result = await lib.paymentMethodConditions('bnpl_instalments', 10000)
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      url: `${BASE_URL}/api/v2/client/simulate`,
      body: { agent_id: AGENT, amount: 10000, payment_method_type: 'bnpl_instalments' },
    })
    expect(result.conditions.map((c) => c.term)).toEqual([3, 6, 9, 12])
    expect(result.conditions[0]).toMatchObject({
      paymentMethodType: 'bnpl_instalments',
      term: 3,
      principal: 10000,
      instalmentAmount: 3333,
      apr: 0,
      totalPayable: 10000,
      totalCostOfCredit: 0,
    })
    expect(result.conditions[0]?.schedule.map((row) => row.amount).reduce((a, b) => a + b)).toBe(10000)
  })

  it('rejects a term the method does not offer with the API 400', async () => {
    stubApi()
    const error = await rejection<{ status: number; schemaErrors: Array<{ field: string }> }>(
      lib.paymentMethodConditions('bnpl_instalments', 10000, 24),
    )
    expect(error.status).toBe(400)
    expect(error.schemaErrors[0]?.field).toBe('/period')
  })

  it('rejects an amount that is not whole cents before calling the API', async () => {
    const api = stubApi()
    await expect(lib.paymentMethodConditions('bnpl_instalments', 99.5)).rejects.toThrow(
      /whole number of cents/,
    )
    expect(api.calls).toHaveLength(0)
  })

  it('simulator formats the conditions for the locale', async () => {
    stubApi()
    const [first] = await lib.simulator({
      amount: 100000,
      paymentMethodType: 'consumer_loan_instalments',
      term: 24,
    })
    expect(first?.term).toBe(24)
    expect(first?.formatted.term).toBe('24 meses')
    expect(first?.formatted.interest).toBe('7,99\u00a0%')
    expect(first?.formatted.instalment).toMatch(/^\d{2},\d{2}\u00a0€$/)
    const [en] = await lib.simulator({
      amount: 100000,
      paymentMethodType: 'consumer_loan_instalments',
      term: 24,
      locale: 'en',
    })
    expect(en?.formatted.term).toBe('24 months')
    expect(en?.formatted.interest).toBe('7.99%')
    expect(en?.formatted.totalPayable).toMatch(/^€1,\d{3}\.\d{2}$/)
  })
})

describe('FilterByMap and the available payment methods', () => {
  beforeEach(() => {
    lib.init({ agentId: AGENT, baseUrl: BASE_URL })
  })

  it('is a typed map of filters that refuses unknown keys and wrong values', () => {
    const map = new lib.FilterByMap({ interestFree: true }).set('maxInstalment', 5000)
    expect(map.size).toBe(2)
    expect(map.get('maxInstalment')).toBe(5000)
    expect(map.has('term')).toBe(false)
    expect(map.toJSON()).toEqual({ interestFree: true, maxInstalment: 5000 })
    expect(map.delete('interestFree')).toBe(true)
    expect(map.entries()).toEqual([['maxInstalment', 5000]])
    expect(() => map.set('colour' as 'term', 3)).toThrow(/unknown filter "colour"/)
    expect(() => map.set('term', -1)).toThrow(/invalid value for "term"/)
    expect(() => map.set('interestFree', 'yes' as unknown as boolean)).toThrow(TypeError)
  })

  it('matches the conditions of one term against every filter set', () => {
    const loan = {
      paymentMethodType: 'consumer_loan_instalments',
      term: 24,
      instalmentAmount: 4523,
      apr: 0.0829,
    } as Parameters<InstanceType<CheckoutJs['FilterByMap']>['matches']>[0]
    expect(new lib.FilterByMap().matches(loan)).toBe(true)
    expect(new lib.FilterByMap({ term: 24, maxInstalment: 4523 }).matches(loan)).toBe(true)
    expect(new lib.FilterByMap({ maxInstalment: 4522 }).matches(loan)).toBe(false)
    expect(new lib.FilterByMap({ interestFree: true }).matches(loan)).toBe(false)
    expect(new lib.FilterByMap({ minTerm: 25 }).matches(loan)).toBe(false)
    expect(new lib.FilterByMap({ maxTerm: 18 }).matches(loan)).toBe(false)
    expect(new lib.FilterByMap({ paymentMethodType: ['bnpl_instalments'] }).matches(loan)).toBe(false)
  })

  it('availablePaymentMethods lists every financed method for a normal amount', async () => {
    stubApi()
    await expect(lib.availablePaymentMethods(60000)).resolves.toEqual([
      'bnpl_instalments',
      'bnpl_split_pay',
      'consumer_loan_instalments',
      'consumer_loan_split_pay',
      'auto_loan',
      'credit_line',
      'subscription',
    ])
  })

  it('leaves out methods whose shortest term needs more cents than the amount', async () => {
    stubApi()
    // 20 cents: 3 to 12 instalments can be priced, 24 or more cannot.
    await expect(lib.availablePaymentMethods(20)).resolves.toEqual([
      'bnpl_instalments',
      'bnpl_split_pay',
      'consumer_loan_instalments',
      'consumer_loan_split_pay',
      'credit_line',
      'subscription',
    ])
  })

  it('filters with a FilterByMap, and allAvailablePaymentMethods keeps only the matching terms', async () => {
    stubApi()
    const interestFree = new lib.FilterByMap({ interestFree: true })
    await expect(lib.availablePaymentMethods(60000, interestFree)).resolves.toEqual([
      'bnpl_instalments',
      'bnpl_split_pay',
      'subscription',
    ])
    const cheap = new lib.FilterByMap()
      .set('paymentMethodType', ['bnpl_instalments'])
      .set('maxInstalment', 10000)
    const methods = await lib.allAvailablePaymentMethods(60000, cheap)
    expect(methods).toHaveLength(1)
    expect(methods[0]?.paymentMethodType).toBe('bnpl_instalments')
    expect(methods[0]?.conditions.map((c) => [c.term, c.instalmentAmount])).toEqual([
      [6, 10000],
      [9, 6667],
      [12, 5000],
    ])
  })
})

describe('documentation', () => {
  it('gives the URL of a topic in the locale, and mounts a link', () => {
    lib.init({ agentId: AGENT, baseUrl: BASE_URL, locale: 'en', docsUrl: 'http://127.0.0.1:3000/' })
    expect(lib.documentation({ topic: 'refunds' })).toBe(
      'http://127.0.0.1:3000/docs/order-management/refunds',
    )
    expect(lib.documentation({ topic: 'checkout-js', locale: 'es' })).toBe(
      'http://127.0.0.1:3000/es/docs/checkout-js/',
    )
    document.body.innerHTML = '<p id="help">old</p>'
    lib.documentation({ topic: 'hpp', mountElement: '#help', label: 'Hosted page guide' })
    const link = document.querySelector('#help a') as HTMLAnchorElement
    expect(link.textContent).toBe('Hosted page guide')
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:3000/docs/hpp/overview')
    expect(link.rel).toBe('noopener noreferrer')
    expect(() => lib.documentation({ topic: 'nowhere' })).toThrow(/unknown topic "nowhere"/)
  })
})

describe('the generated contract values', () => {
  it('are up to date with @plazo/contract', async () => {
    const { generate, GENERATED_PATH } = await import('../../scripts/generate-contract.ts')
    expect(await readFile(GENERATED_PATH, 'utf8')).toBe(generate())
  })
})
