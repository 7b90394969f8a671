import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import {
  AgentConfigurationSchema,
  ERRORS,
  ErrorBodySchema,
  examples,
  type GetSessionResponseSchema,
  PublicPricingSchema,
  SIMULATION_REQUEST_EXAMPLE,
  SIMULATION_RESPONSE_EXAMPLE,
  SimulationResponseSchema,
  type Static,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import {
  type AgentPricing,
  DEFAULT_PRICINGS,
  optionsFromPricing,
  paymentIntentConditions,
} from '@plazo/finance'
import Fastify, { type LightMyRequestResponse } from 'fastify'
import Type from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutJsIfStale } from '../../../checkout-js/scripts/build-locked.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { registerErrorHandling } from '../../src/plugins/error-handler.ts'
import { assetRoutes, CHECKOUT_JS_PATH } from '../../src/routes/assets/index.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

type Simulation = Static<typeof SimulationResponseSchema>
type Configuration = Static<typeof AgentConfigurationSchema>
type Session = Static<typeof GetSessionResponseSchema>['payload']

const AGENT = SANDBOX.demoStore.agents.online.id
const OTHER_AGENT = SANDBOX.otherShop.agents.online.id
const UNKNOWN_AGENT = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'
const ORIGIN = 'https://shop.example.com'

function expectCors(res: LightMyRequestResponse) {
  expect(res.headers['access-control-allow-origin']).toBe('*')
  expect(res.headers['set-cookie']).toBeUndefined()
}

describe.each(testEngines())('public client API on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
  })
  afterAll(() => t.close())

  const simulate = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v2/client/simulate', headers: { origin: ORIGIN }, payload })

  describe('GET /api/v2/client/agents/:agent_id/configuration', () => {
    it('shows the merchant name, the financed types and their pricings without the merchant fee', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/agents/${AGENT}/configuration`,
        headers: { origin: ORIGIN },
      })
      expect(res.statusCode).toBe(200)
      expectCors(res)
      const body = expectBody(res, AgentConfigurationSchema) as Configuration
      expect(body).toMatchObject({
        agent_id: AGENT,
        merchant_name: 'Demo Store',
        currency: 'EUR',
        purchase_countries: ['ESP', 'FRA'],
      })
      expect(body.payment_method_types).toEqual([
        'bnpl_instalments',
        'bnpl_split_pay',
        'consumer_loan_instalments',
        'consumer_loan_split_pay',
        'auto_loan',
        'credit_line',
        'subscription',
      ])
      expect(body.pricings.map((p) => p.pricing_id)).toEqual(DEFAULT_PRICINGS.map((p) => p.pricing_id))
      expect(res.body).not.toContain('merchant_fee')
      expect(body.pricings.find((p) => p.payment_method_type === 'bnpl_instalments')?.periods).toEqual([
        3, 6, 9, 12,
      ])
    })

    it("names the other merchant for the other merchant's agent, without a token", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/agents/${OTHER_AGENT}/configuration/`,
      })
      expect(res.statusCode).toBe(200)
      expect((res.json() as Configuration).merchant_name).toBe('Other Shop')
    })

    it('answers 404 AGENT_NOT_FOUND, readable cross-origin, for an unknown agent', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/agents/${UNKNOWN_AGENT}/configuration`,
        headers: { origin: ORIGIN },
      })
      expect(res.statusCode).toBe(404)
      expectCors(res)
      const body = expectBody(res, ErrorBodySchema) as { exception: string; error: string }
      expect(body.exception).toBe(ERRORS.AGENT_NOT_FOUND.exception)
      expect(body.error).toBe(`Agent ${UNKNOWN_AGENT} not found.`)
    })

    it('answers 400 naming the field for an agent id that is not a UUID', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/client/agents/agent-online/configuration',
      })
      expect(res.statusCode).toBe(400)
      expectCors(res)
      const body = expectBody(res, ValidationErrorBodySchema) as { schema_errors: Array<{ field: string }> }
      expect(body.schema_errors.map((e) => e.field)).toContain('/agent_id')
    })

    it('answers the CORS preflight with 204 and the allowed methods and headers', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: `/api/v2/client/agents/${AGENT}/configuration`,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(res.statusCode).toBe(204)
      expectCors(res)
      expect(res.headers['access-control-allow-methods']).toContain('GET')
      expect(res.headers['access-control-allow-headers']).toContain('content-type')
    })

    it('does not add CORS headers to the merchant-token routes', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/checkout/${UNKNOWN_AGENT}/`,
        headers: t.demo,
      })
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    })
  })

  describe('GET /api/v2/client/agents/:agent_id/pricings', () => {
    it('lists the public pricings', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/client/agents/${AGENT}/pricings` })
      expect(res.statusCode).toBe(200)
      expectCors(res)
      const body = expectBody(res, Type.Array(PublicPricingSchema)) as Array<{ name: string }>
      expect(body.map((p) => p.name)).toContain('Consumer loan instalments 7.99 %')
      expect(res.body).not.toContain('merchant_fee')
    })

    it('answers 404 for an unknown agent', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/agents/${UNKNOWN_AGENT}/pricings`,
      })
      expect(res.statusCode).toBe(404)
    })
  })

  describe('POST /api/v2/client/simulate', () => {
    it('offers every term of every financed type for an amount', async () => {
      const res = await simulate({ agent_id: AGENT, amount: 60000 })
      expect(res.statusCode).toBe(200)
      expectCors(res)
      const body = expectBody(res, SimulationResponseSchema) as Simulation
      expect(body.amount).toEqual({ amount: 60000, currency: 'EUR' })
      const terms = DEFAULT_PRICINGS.reduce((sum, p) => sum + p.periods.length, 0)
      expect(body.offers).toHaveLength(terms)
      const bnpl3 = body.offers.find((o) => o.payment_method_type === 'bnpl_instalments' && o.period === 3)
      expect(bnpl3?.conditions).toMatchObject({
        principal: 60000,
        user_defined_quota: 20000,
        apr: 0,
        term: 3,
      })
      expect(bnpl3?.total_payable).toBe(60000)
      expect(bnpl3?.schedule.map((row) => row.amount)).toEqual([20000, 20000, 20000])
    })

    it('offers only the type and the term asked', async () => {
      const res = await simulate({
        agent_id: AGENT,
        amount: 100000,
        payment_method_type: 'consumer_loan_instalments',
        period: 24,
      })
      expect(res.statusCode).toBe(200)
      const body = expectBody(res, SimulationResponseSchema) as Simulation
      expect(body.offers).toHaveLength(1)
      const offer = body.offers[0]
      expect(offer?.payment_method_type).toBe('consumer_loan_instalments')
      expect(offer?.period).toBe(24)
      expect(offer?.conditions.interest).toBe(0.0799)
      expect(offer?.conditions.apr).toBeGreaterThan(0.0799)
      expect(offer?.total_cost_of_credit).toBeGreaterThan(0)
      expect(offer?.total_payable).toBe(100000 + (offer?.total_cost_of_credit ?? 0))
    })

    it('answers exactly the example the OpenAPI document shows', async () => {
      const res = await simulate(SIMULATION_REQUEST_EXAMPLE)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(SIMULATION_RESPONSE_EXAMPLE)
    })

    it('answers 400 on /period for a term the type does not offer', async () => {
      const payload = { agent_id: AGENT, amount: 100000, payment_method_type: 'bnpl_instalments', period: 24 }
      const res = await simulate(payload)
      expect(res.statusCode).toBe(400)
      expectCors(res)
      const body = expectBody(res, ValidationErrorBodySchema) as {
        schema_errors: Array<{ field: string; message: string }>
        original_data: unknown
      }
      expect(body.schema_errors[0]).toMatchObject({ field: '/period' })
      expect(body.schema_errors[0]?.message).toContain('3, 6, 9, 12')
      expect(body.original_data).toEqual(payload)
    })

    it('prices every offer with the grace period asked, as the finance package does', async () => {
      const auto = DEFAULT_PRICINGS.find((p) => p.payment_method_type === 'auto_loan') as AgentPricing
      const res = await simulate({
        agent_id: AGENT,
        amount: 1_500_000,
        payment_method_type: 'auto_loan',
        grace_period: 12,
      })
      expect(res.statusCode, res.body).toBe(200)
      const body = expectBody(res, SimulationResponseSchema) as Simulation
      expect(body.offers.map((o) => o.period)).toEqual(auto.periods)
      for (const offer of body.offers) {
        const { conditions, quote } = paymentIntentConditions({
          principal: 1_500_000,
          options: optionsFromPricing(auto, offer.period),
          gracePeriod: 12,
        })
        expect(offer.conditions).toEqual(conditions)
        expect(offer.schedule).toEqual(
          quote.schedule.map(({ number, month, amount }) => ({ number, month, amount })),
        )
        expect(offer.schedule[0]?.month).toBe(13)
        expect(offer.total_payable).toBe(quote.totalAmountPayable)
        expect(offer.total_cost_of_credit).toBe(quote.totalCostOfCredit)
      }
    })

    it('with a grace period and no type, simulates only the types that allow it', async () => {
      const res = await simulate({ agent_id: AGENT, amount: 100000, grace_period: 3 })
      expect(res.statusCode, res.body).toBe(200)
      const body = expectBody(res, SimulationResponseSchema) as Simulation
      const types = [...new Set(body.offers.map((o) => o.payment_method_type))].sort()
      expect(types).toEqual(
        [
          ...new Set(
            DEFAULT_PRICINGS.filter((p) => p.max_grace_period >= 3).map((p) => p.payment_method_type),
          ),
        ].sort(),
      )
      expect(body.offers.every((o) => o.conditions.grace_period === 3)).toBe(true)
    })

    it('answers 400 on /grace_period for more than the type allows, any for BNPL, more than any type allows, or a negative one', async () => {
      const cases = [
        [
          { payment_method_type: 'consumer_loan_instalments', grace_period: 4 },
          'must be at most 3: the longest grace period the consumer_loan_instalments payment method offers',
        ],
        [
          { payment_method_type: 'bnpl_instalments', grace_period: 1 },
          'must be 0 or left out: the bnpl_instalments payment method offers no grace period',
        ],
        [{ grace_period: 31 }, 'is not offered: the longest grace period is 30 months'],
        [{ grace_period: -1 }, 'must be >= 0'],
      ] as const
      for (const [asked, message] of cases) {
        const payload = { agent_id: AGENT, amount: 100000, ...asked }
        const res = await simulate(payload)
        expect(res.statusCode, res.body).toBe(400)
        expectCors(res)
        const body = expectBody(res, ValidationErrorBodySchema) as {
          schema_errors: Array<{ field: string; message: string }>
          original_data: unknown
        }
        expect(body.schema_errors).toEqual([expect.objectContaining({ field: '/grace_period', message })])
        expect(body.original_data).toEqual(payload)
      }
    })

    it('answers 400 on /payment_method_type for a method that is not financed', async () => {
      const res = await simulate({ agent_id: AGENT, amount: 100000, payment_method_type: 'card_payment' })
      expect(res.statusCode).toBe(400)
      const body = res.json() as { schema_errors: Array<{ field: string }> }
      expect(body.schema_errors[0]?.field).toBe('/payment_method_type')
    })

    it('answers 400 for an amount that is not a positive number of cents', async () => {
      for (const amount of [0, -5, 12.5]) {
        const res = await simulate({ agent_id: AGENT, amount })
        expect(res.statusCode).toBe(400)
        const body = res.json() as { schema_errors: Array<{ field: string }> }
        expect(body.schema_errors[0]?.field).toBe('/amount')
      }
    })

    it('answers 404 for an unknown agent', async () => {
      const res = await simulate({ agent_id: UNKNOWN_AGENT, amount: 1000 })
      expect(res.statusCode).toBe(404)
      expectCors(res)
      expect((res.json() as { exception: string }).exception).toBe(ERRORS.AGENT_NOT_FOUND.exception)
    })

    it('answers the preflight of a JSON POST', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v2/client/simulate',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
      })
      expect(res.statusCode).toBe(204)
      expectCors(res)
      expect(res.headers['access-control-allow-methods']).toContain('POST')
    })

    it.each([
      ['consumer_loan_instalments', 24],
      ['bnpl_instalments', 6],
      ['auto_loan', 48],
    ] as const)(
      'gives the conditions a %s payment intent over %i months gets through the API',
      async (type, period) => {
        const request = structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as {
          merchant: Record<string, unknown>
          cart: { total_price_with_tax: number }
          payment_methods: unknown[]
          processed_payment_method: unknown
          agent_id?: string
        }
        // No notification_url: this test must not try to deliver webhooks anywhere.
        request.merchant = { order_reference_1: `SIM-${type}-${period}` }
        request.payment_methods = [{ type }]
        request.processed_payment_method = { type, period }
        request.agent_id = AGENT
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/v2/checkout/payment-intent/',
          headers: t.demo,
          payload: request,
        })
        expect(created.statusCode).toBe(201)
        const id = (created.json() as { checkout_session_id: string }).checkout_session_id
        const read = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: t.demo })
        const session = (read.json() as { payload: Session }).payload
        const intent = session.payment_intents.find((i) => i.payment_method_type === type)
        expect(intent?.conditions?.term).toBe(period)

        const amount = request.cart.total_price_with_tax
        const res = await simulate({ agent_id: AGENT, amount, payment_method_type: type, period })
        const offer = (res.json() as Simulation).offers[0]
        expect(offer?.conditions).toEqual(intent?.conditions)
      },
    )
  })
})

describe('GET /checkout.js', () => {
  let t: TestApp
  let folder: string
  const script = '/* Plazo checkout-js */(()=>{window.PlazoCheckout={init(){}}})();\n'.repeat(20)

  beforeAll(async () => {
    // The script is built by checkout-js; build it here too (once, under the lock its own tests use).
    buildCheckoutJsIfStale()
    const [engine] = testEngines()
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    folder = await mkdtemp(join(tmpdir(), 'plazo-assets-'))
  })
  afterAll(async () => {
    await t.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('serves the built script with a JavaScript content type, cache headers and CORS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).toBe(await readFile(CHECKOUT_JS_PATH, 'utf8'))
    expect(res.body).toContain('PlazoCheckout')
  })

  it('answers 304 to a matching If-None-Match and gzips for clients that accept it', async () => {
    const app = Fastify()
    const path = join(folder, 'checkout.js')
    await writeFile(path, script)
    assetRoutes(app, { checkoutJsPath: path })
    const first = await app.inject({ method: 'GET', url: '/checkout.js' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const again = await app.inject({ method: 'GET', url: '/checkout.js', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const zipped = await app.inject({
      method: 'GET',
      url: '/checkout.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toBe('accept-encoding')
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(script)
    expect(zipped.rawPayload.length).toBeLessThan(script.length)

    // A new build is served at once, with a new ETag.
    await writeFile(path, `${script}// v2\n`)
    await utimes(path, new Date(), new Date(Date.now() + 5000))
    const changed = await app.inject({
      method: 'GET',
      url: '/checkout.js',
      headers: { 'if-none-match': etag },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toContain('// v2')
    await app.close()
  })

  it('answers the documented 404 when checkout-js is not built', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    assetRoutes(app, { checkoutJsPath: join(folder, 'missing.js') })
    const res = await app.inject({ method: 'GET', url: '/checkout.js' })
    expect(res.statusCode).toBe(404)
    expect((res.json() as { exception: string }).exception).toBe(ERRORS.ROUTE_NOT_FOUND.exception)
    await app.close()
  })
})
