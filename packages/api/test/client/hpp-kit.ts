// What the hosted page and embedded checkout tests share: sessions created through the merchant API, and
// calls to the client API with their bodies checked against the contract.
import {
  ClientOutcomeSchema,
  ClientSessionSchema,
  examples,
  type Static,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { expectBody, type TestApp } from '../helpers/app.ts'
import {
  type Body,
  type CheckoutMode,
  LifecycleKit,
  type RequestOptions,
  sessionRequest,
} from '../lifecycle/kit.ts'

export type ClientSession = Static<typeof ClientSessionSchema>
export type ClientOutcome = Static<typeof ClientOutcomeSchema>

export const SUCCESS_URL = 'https://shop.example.com/checkout/success'
export const CANCEL_URL = 'https://shop.example.com/checkout/cancel'
export const FULL_CUSTOMER = examples.FULL_CUSTOMER_EXAMPLE as unknown as Body
export const BASIC_CUSTOMER = { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' }

export interface Created {
  id: string
  hppId: string
  orderReference: string
  redirectUrl: string
  qrCodeUrl: string
  distributionUrl: string
}

export class HppKit extends LifecycleKit {
  constructor(t: TestApp) {
    super(t)
  }

  /** A hosted-page session (bnpl_instalments and consumer_loan_instalments) with the example's merchant URLs. */
  async createHpp(
    options: RequestOptions & {
      checkoutMode?: CheckoutMode
      urls?: { success_url: string; cancel_url: string }
    } = {},
    headers = this.t.demo,
  ): Promise<Created> {
    const request = sessionRequest({ ...options, ui: 'hpp' }) as Body & {
      merchant: { order_reference_1: string }
      ui: { hpp: { merchant_urls: Body } }
    }
    if (options.urls) request.ui.hpp.merchant_urls = options.urls
    const res = await this.inject('POST', '/checkout/', request, headers)
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    return {
      id: body.checkout_session_id,
      hppId: new URL(body.redirect_url).pathname.split('/')[2] as string,
      orderReference: request.merchant.order_reference_1,
      redirectUrl: body.redirect_url,
      qrCodeUrl: body.qr_code_url,
      distributionUrl: body.distribution_url,
    }
  }

  /** An embedded session; returns its id and client secret. */
  async createEmbedded(options: RequestOptions = {}, headers = this.t.demo) {
    const res = await this.inject(
      'POST',
      '/checkout/',
      sessionRequest({ ...options, ui: 'embedded' }),
      headers,
    )
    expect(res.statusCode, res.body).toBe(201)
    return { id: res.json().checkout_session_id as string, secret: res.json().client_secret as string }
  }

  client(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.app.inject({
      method,
      url: `/api/v2/client${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    })
  }

  async view(hppId: string): Promise<ClientSession> {
    const res = await this.client('GET', `/hpp/${hppId}`)
    expect(res.statusCode, res.body).toBe(200)
    return expectBody(res, ClientSessionSchema) as ClientSession
  }

  complete(hppId: string, body: Body) {
    return this.client('POST', `/hpp/${hppId}/complete`, body)
  }

  async completeOk(hppId: string, body: Body): Promise<ClientOutcome> {
    return outcomeOf(await this.complete(hppId, body))
  }

  desist(hppId: string) {
    return this.client('POST', `/hpp/${hppId}/desist`)
  }
}

export function outcomeOf(res: LightMyRequestResponse): ClientOutcome {
  expect(res.statusCode, res.body).toBe(200)
  return expectBody(res, ClientOutcomeSchema) as ClientOutcome
}

/** The `schema_errors` of a 400, as `field: message` lines. */
export function fieldErrors(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body).toBe(400)
  const body = expectBody(res, ValidationErrorBodySchema) as Static<typeof ValidationErrorBodySchema>
  return body.schema_errors.map((e) => `${e.field}: ${e.message}`)
}

/** `url` as the API hands it back: the order's references and, on the cancel URL of a session over, its status. */
export function withParams(url: string, created: Created, checkoutSessionStatus?: string) {
  const status = checkoutSessionStatus ? `&checkout_session_status=${checkoutSessionStatus}` : ''
  return `${url}?order_reference=${encodeURIComponent(created.orderReference)}&checkout_session_id=${created.id}${status}`
}
