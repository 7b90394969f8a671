// The SECCI (Standard European Consumer Credit Information) of an offer, as the client API answers it and as the
// printable page renders it: the headings of Directive 2008/48/EC Annex II, filled in with the very offer the
// customer is shown (GET /client/hpp/{id}), the lender, the 14-day right of withdrawal, and the French warning.
import {
  type CheckoutSession,
  examples,
  FRENCH_CREDIT_WARNING,
  LENDER,
  SecciSchema,
  type Static,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secciOf } from '../../src/domain/client/secci.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { fieldErrors, HppKit } from './hpp-kit.ts'

type Secci = Static<typeof SecciSchema>

const money = (locale: string, cents: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100)
const percent = (locale: string, ratio: number) =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio)

/** The value of a row, by its id. */
const value = (secci: Secci, id: string) =>
  secci.sections.flatMap((s) => s.rows).find((row) => row.id === id)?.value ?? ''

describe.each(testEngines())('the SECCI of an offer on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  async function secci(hppId: string, query: string): Promise<Secci> {
    const res = await kit.client('GET', `/hpp/${hppId}/secci?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return expectBody(res, SecciSchema) as Secci
  }

  it('es: the five sections of Annex II, filled in with the offer the page shows for that term', async () => {
    const created = await kit.createHpp()
    const view = await kit.view(created.hppId)
    expect(view.lender).toEqual(LENDER)
    const offer = view.payment_methods
      .find((m) => m.type === 'consumer_loan_instalments')
      ?.offers.find((o) => o.period === 24)
    if (!offer) throw new Error('no 24-month offer')

    const doc = await secci(created.hppId, 'payment_method_type=consumer_loan_instalments&period=24')
    expect(doc.offer).toEqual(offer)
    expect(doc.language).toBe('es')
    expect(doc.title).toBe('Información normalizada europea sobre el crédito al consumo')
    expect(doc.sections.map((s) => s.heading)).toEqual([
      '1. Identidad y detalles de contacto del prestamista',
      '2. Descripción de las características principales del producto de crédito',
      '3. Costes del crédito',
      '4. Otros aspectos jurídicos importantes',
      '5. Información adicional en caso de comercialización a distancia de servicios financieros',
    ])
    expect(doc.sections.flatMap((s) => s.rows.map((row) => row.label))).toEqual(
      expect.arrayContaining([
        'Prestamista',
        'Dirección',
        'Tipo de crédito',
        'Importe total del crédito',
        'Duración del contrato de crédito',
        'Importe total que deberás pagar',
        'Tipo deudor (TIN)',
        'Tasa anual equivalente (TAE)',
        'Costes en caso de pagos atrasados',
        'Derecho de desistimiento',
        'Reembolso anticipado',
      ]),
    )
    const es = 'es-ES'
    expect(value(doc, 'creditor')).toBe(LENDER.name)
    expect(value(doc, 'address')).toBe(LENDER.address)
    expect(value(doc, 'total_amount_of_credit')).toBe(money(es, offer.conditions.principal))
    expect(value(doc, 'duration')).toBe('24 meses')
    expect(value(doc, 'instalments')).toContain(
      `24 cuotas mensuales de ${money(es, offer.conditions.user_defined_quota)}`,
    )
    expect(value(doc, 'total_amount_payable')).toContain(money(es, offer.total_payable))
    expect(value(doc, 'total_amount_payable')).toContain(money(es, offer.total_cost_of_credit))
    expect(value(doc, 'borrowing_rate')).toContain(percent(es, offer.conditions.interest))
    expect(value(doc, 'apr')).toMatch(new RegExp(`^${percent(es, offer.conditions.apr)}\\. `))
    expect(value(doc, 'apr')).toContain('Ejemplo representativo')
    expect(value(doc, 'late_payment')).toContain(percent(es, offer.conditions.interest + 0.02))
    expect(value(doc, 'withdrawal')).toContain('14 días naturales')
    expect(value(doc, 'withdrawal')).toContain('Ley 16/2011')
    expect(value(doc, 'ancillary_services')).toBe('No')
    expect(doc.credit_warning).toBeNull()
    expect(doc.printable_url).toBe(
      `http://localhost:4000/hpp/${created.hppId}/secci?payment_method_type=consumer_loan_instalments&period=24&grace_period=0&lang=es`,
    )
  })

  it('fr: in French, under French law, with the warning of L312-5; the shortest term by default', async () => {
    const created = await kit.createHpp({ extra: { purchase_country: 'FRA' } })
    const view = await kit.view(created.hppId)
    const bnpl = view.payment_methods.find((m) => m.type === 'bnpl_instalments')
    const doc = await secci(created.hppId, 'payment_method_type=bnpl_instalments')
    expect(doc.language).toBe('fr')
    expect(doc.offer).toEqual(bnpl?.offers[0])
    expect(doc.title).toBe('Fiche d’information standardisée européenne')
    expect(doc.sections[0]?.heading).toBe('1. Identité et coordonnées du prêteur')
    expect(value(doc, 'withdrawal')).toContain('14 jours calendaires')
    expect(value(doc, 'withdrawal')).toContain('L312-19')
    expect(value(doc, 'apr')).toMatch(/^0,00\s%\. /)
    expect(doc.credit_warning).toBe(FRENCH_CREDIT_WARNING)
    // A page in French carries it for a Spanish purchase too; one in Spanish of a French purchase as well.
    const spanishPurchase = await kit.createHpp()
    expect(
      (await secci(spanishPurchase.hppId, 'payment_method_type=bnpl_instalments&lang=fr')).credit_warning,
    ).toBe(FRENCH_CREDIT_WARNING)
    expect((await secci(created.hppId, 'payment_method_type=bnpl_instalments&lang=es')).credit_warning).toBe(
      FRENCH_CREDIT_WARNING,
    )
  })

  it('with a grace period: the offer priced with it, and the duration says so', async () => {
    const created = await kit.createHpp()
    const res = await kit.client('GET', `/hpp/${created.hppId}?grace_period=2`)
    const offer = (res.json() as typeof view).payment_methods
      .find((m) => m.type === 'consumer_loan_instalments')
      ?.offers.find((o) => o.period === 18)
    const view = await kit.view(created.hppId)
    const doc = await secci(
      created.hppId,
      'payment_method_type=consumer_loan_instalments&period=18&grace_period=2&lang=en',
    )
    expect(doc.offer).toEqual(offer)
    expect(doc.offer).not.toEqual(view.payment_methods[1]?.offers[0])
    expect(value(doc, 'duration')).toBe('20 months (including 2 months of grace)')
    expect(value(doc, 'instalments')).toContain('The first falls due 3 months after the purchase.')
  })

  it('refuses what is not an offer of the session, naming the field', async () => {
    const created = await kit.createHpp()
    const base = `/hpp/${created.hppId}/secci`
    expect(fieldErrors(await kit.client('GET', `${base}?payment_method_type=auto_loan`))).toEqual([
      '/payment_method_type: is not a payment method of this checkout',
    ])
    expect(
      fieldErrors(await kit.client('GET', `${base}?payment_method_type=consumer_loan_instalments&period=7`)),
    ).toEqual(['/period: must be one of the terms offered: 18, 24, 36, 48'])
    expect(
      fieldErrors(await kit.client('GET', `${base}?payment_method_type=bnpl_instalments&grace_period=1`)),
    ).toEqual([
      '/grace_period: must be 0 or left out: the bnpl_instalments payment method offers no grace period',
    ])
    expect((await kit.client('GET', `${base}?payment_method_type=bnpl_instalments&lang=de`)).statusCode).toBe(
      400,
    )
    expect((await kit.client('GET', `${base}`)).statusCode).toBe(400)
    const unknown = await kit.client(
      'GET',
      '/hpp/7d3b9f1e-6a2c-4e85-b0d4-3f8a1c6e9b52/secci?payment_method_type=bnpl_instalments',
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('embedded: read with the client secret, no printable URL (the secret never goes in a URL), CORS', async () => {
    const { secret } = await kit.createEmbedded()
    const url = '/embedded/secci?payment_method_type=consumer_loan_instalments&period=18'
    const res = await kit.client('GET', url, undefined, { 'x-client-secret': secret })
    expect(res.statusCode, res.body).toBe(200)
    const doc = expectBody(res, SecciSchema) as Secci
    expect(doc.printable_url).toBeNull()
    expect(doc.offer.period).toBe(18)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect((await kit.client('GET', url)).statusCode).toBe(401)
  })

  it('the printable page renders the same document, with print styles and a CSP that allows nothing else', async () => {
    const created = await kit.createHpp({ extra: { purchase_country: 'FRA' } })
    const query = 'payment_method_type=consumer_loan_instalments&period=36&grace_period=1'
    const doc = await secci(created.hppId, query)
    const page = await t.app.inject({ method: 'GET', url: `/hpp/${created.hppId}/secci?${query}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.headers['cache-control']).toBe('no-store')
    const html = page.body
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('@media print')
    const text = (s: string) => s.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;')
    for (const section of doc.sections) {
      expect(html).toContain(text(section.heading))
      for (const row of section.rows)
        expect(html).toContain(`${text(row.label)}</th><td>${text(row.value)}</td>`)
    }
    expect(html).toContain(FRENCH_CREDIT_WARNING)
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/hpp/7d3b9f1e-6a2c-4e85-b0d4-3f8a1c6e9b52/secci?${query}`,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the contract example of a SECCI', () => {
  it('is what the API writes for the example order (the 24-month consumer loan of 2 × 129.00 EUR shoes)', () => {
    const example = examples.CLIENT_SECCI_EXAMPLES.loan
    const view = examples.CLIENT_SESSION_EXAMPLES.hpp
    const session = {
      purchase_country: view.purchase_country,
      cart: { order_lines: view.lines.map((line) => ({ units: line.units, article: { name: line.name } })) },
      total_price: view.total,
    } as unknown as CheckoutSession
    const written = secciOf({
      session,
      merchantName: view.merchant_name,
      offer: example.offer as Secci['offer'],
      setupFee: 0,
      expiresAt: view.expires_at,
      language: 'es',
      printableUrl: example.printable_url,
    })
    expect(written).toEqual(example)
  })
})
