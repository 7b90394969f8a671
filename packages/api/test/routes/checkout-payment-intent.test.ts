import {
  EmbeddedCreateResponseSchema,
  ERRORS,
  ErrorBodySchema,
  examples,
  HppCreateResponseSchema,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { type Body, createCalls, paymentIntentExample } from '../helpers/checkout-create.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('POST /api/v2/checkout/payment-intent/ on $name', (engine) => {
  // One app per engine: every test creates its own sessions and only reads those.
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())
  const { create, read, expectValidationError } = createCalls(() => t)

  const url = '/api/v2/checkout/payment-intent/'

  it('answers 201 with the full customer', async () => {
    const res = await create(examples.PAYMENT_INTENT_REQUEST_EXAMPLE, url)
    expect(res.statusCode).toBe(201)
    const body = expectBody(res, EmbeddedCreateResponseSchema) as { checkout_session_id: string }
    const session = await read(body.checkout_session_id)
    expect(session.customer).toEqual({
      full_name: { first_name: 'Ana', last_name: 'García' },
      email: 'ana.garcia@example.com',
      phone_number: '+34600123456',
      document_number: '12345678Z',
    })
    expect(session.payment_intents.map((i) => i.payment_method_type)).toEqual(['consumer_loan_instalments'])
  })

  it('answers 201 in hpp mode with the hosted page URLs', async () => {
    const request = { ...paymentIntentExample(), ui: { mode: 'hpp' } }
    const res = await create(request, url)
    expect(res.statusCode).toBe(201)
    const body = expectBody(res, HppCreateResponseSchema) as {
      redirect_url: string
      checkout_session_id: string
    }
    const session = await read(body.checkout_session_id)
    expect(body.redirect_url).toBe(`http://localhost:4000/hpp/${session.hpp?.id}`)
  })

  it('accepts the deprecated birt_date and employment_sattus and never returns them', async () => {
    const request = paymentIntentExample()
    const documentDetails = request.customer.document_details as Body
    documentDetails.birt_date = documentDetails.birth_date
    delete documentDetails.birth_date
    const professional = request.customer.professional_details as Body
    professional.employment_sattus = professional.employment_status
    delete professional.employment_status

    const res = await create(request, url)
    expect(res.statusCode).toBe(201)
    expect(res.body).not.toMatch(/birt_date|employment_sattus/)
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${res.json().checkout_session_id}/`,
      headers: t.demo,
    })
    expect(get.statusCode).toBe(200)
    expect(get.body).not.toMatch(/birt_date|employment_sattus/)
  })

  it('still checks what the deprecated spelling carries', async () => {
    const request = paymentIntentExample()
    const professional = request.customer.professional_details as Body
    delete professional.employment_status
    professional.employment_sattus = 'astronaut'
    const res = await create(request, url)
    expect(res.statusCode).toBe(400)
    expectBody(res, ValidationErrorBodySchema)
    expect(res.json().schema_errors.map((e: { field: string }) => e.field)).toContain(
      '/customer/professional_details/employment_status',
    )
  })

  it.each([
    ['income', '/customer/income'],
    ['document_details', '/customer/document_details'],
    ['main_residence_details', '/customer/main_residence_details'],
    ['professional_details', '/customer/professional_details'],
    ['email', '/customer/email'],
    ['phone_number', '/customer/phone_number'],
  ])('answers 400 naming %s when the full customer misses it', async (key, field) => {
    const request = paymentIntentExample()
    delete request.customer[key]
    expectValidationError(await create(request, url), field, request)
  })

  it('answers 400 naming customer when it is missing', async () => {
    const request = paymentIntentExample()
    delete (request as Body).customer
    expectValidationError(await create(request, url), '/customer', request)
  })

  it('answers 400 naming the regime of a married customer who gives none', async () => {
    const request = paymentIntentExample()
    const marital = (request.customer.familiar_situation_details as { marital: Body }).marital
    delete marital.regime
    expectValidationError(
      await create(request, url),
      '/customer/familiar_situation_details/marital/regime',
      request,
    )
    marital.status = 'single'
    expect((await create(request, url)).statusCode).toBe(201)
  })

  it('answers 400 naming property_type and mortgage of an owner who gives neither', async () => {
    const request = paymentIntentExample()
    const ownership = (request.customer.main_residence_details as { ownership_details: Body })
      .ownership_details
    delete ownership.property_type
    delete ownership.mortgage
    const res = await create(request, url)
    const body = expectValidationError(
      res,
      '/customer/main_residence_details/ownership_details/property_type',
      request,
    )
    expect(body.schema_errors.map((e) => e.field)).toContain(
      '/customer/main_residence_details/ownership_details/mortgage',
    )
    ownership.type = 'rent'
    expect((await create(request, url)).statusCode).toBe(201)
  })

  it('answers 400 naming company_info of an employed customer who gives none', async () => {
    const request = paymentIntentExample()
    const professional = request.customer.professional_details as Body
    delete professional.company_info
    delete professional.professional_position
    const body = expectValidationError(
      await create(request, url),
      '/customer/professional_details/company_info',
      request,
    )
    expect(body.schema_errors.map((e) => e.field)).toContain(
      '/customer/professional_details/professional_position',
    )
    professional.employment_status = 'retired'
    expect((await create(request, url)).statusCode).toBe(201)
  })

  it('answers 400 naming the contract end date of a temporary employee', async () => {
    const request = paymentIntentExample()
    const professional = request.customer.professional_details as Body
    professional.employment_status = 'temporary_employed'
    expectValidationError(
      await create(request, url),
      '/customer/professional_details/company_info/company_contract_end_date',
      request,
    )
    ;(professional.company_info as Body).company_contract_end_date = '2027-06-30'
    expect((await create(request, url)).statusCode).toBe(201)
  })

  it('answers 400 when the processed payment method is not one of those offered', async () => {
    const request = { ...paymentIntentExample(), processed_payment_method: { type: 'bnpl_instalments' } }
    expectValidationError(await create(request, url), '/processed_payment_method/type', request)
  })

  it('answers 409 with the exact message on a cart mismatch', async () => {
    const request = paymentIntentExample()
    ;(request.cart as { total_price_with_tax: number }).total_price_with_tax = 25900
    const res = await create(request, url)
    expect(res.statusCode).toBe(409)
    expect(expectBody(res, ErrorBodySchema)).toEqual({
      status: 'ko',
      exception: ERRORS.CART_TOTAL_MISMATCH.exception,
      error: 'The total price of the cart (25900) differs from the sum of all the items total price (25800).',
    })
  })
})
