import {
  type CheckoutSession,
  FRENCH_CREDIT_WARNING,
  LENDER,
  type OfferSchema,
  type PaymentMethodTypeValue,
  type SecciSchema,
  type Static,
} from '@plazo/contract'
import { findInsuranceProduct } from '@plazo/finance'
import { LATE_PAYMENT_INTEREST_MARGIN } from '../lender/sandbox-lender.ts'
import {
  type CreditKind,
  type Fill,
  SECCI_TEXTS,
  type SecciCountry,
  type SecciLanguage,
  type SecciRow,
  type SecciTexts,
} from './secci-texts.ts'

export type Secci = Static<typeof SecciSchema>
type Offer = Static<typeof OfferSchema>
type Section = Secci['sections'][number]

/** What the SECCI of one offer is made of besides the offer: the order, and what the offer does not say. */
export interface SecciInput {
  session: CheckoutSession
  merchantName: string
  offer: Offer
  /** The setup fee of the offer, in cents (0: none). */
  setupFee: number
  /** When the customer can no longer accept the offer: the checkout's expiry. */
  expiresAt: string | null
  language: SecciLanguage
  /** The printable page of the same SECCI, when the capability may be put in a URL (the hosted page). */
  printableUrl: string | null
}

const CREDIT_KINDS: Record<PaymentMethodTypeValue, CreditKind> = {
  bnpl_instalments: 'deferred',
  bnpl_split_pay: 'deferred',
  subscription: 'deferred',
  consumer_loan_instalments: 'loan',
  consumer_loan_split_pay: 'loan',
  auto_loan: 'auto',
  credit_line: 'line',
  card_payment: 'deferred',
  a2a_payment: 'deferred',
}

/** How many cart lines the SECCI names before "and N more". */
const LINES_NAMED = 3

/** The language of the SECCI when none is asked: the purchase country's. */
export function defaultLanguage(country: string): SecciLanguage {
  return country === 'FRA' ? 'fr' : 'es'
}

function fill(template: string, values: Fill): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}

/** The amount most instalments have: the first may carry a fee or insurance, the last absorbs the rounding. */
export function regularInstalment(offer: Offer): number {
  const counts = new Map<number, number>()
  for (const row of offer.schedule) counts.set(row.amount, (counts.get(row.amount) ?? 0) + 1)
  let best = offer.conditions.user_defined_quota
  let bestCount = 0
  for (const [amount, count] of counts) {
    if (count > bestCount) {
      best = amount
      bestCount = count
    }
  }
  return best
}

/**
 * The Standard European Consumer Credit Information of one offer (Directive 2008/48/EC, Annex II; Ley 16/2011,
 * Anexo II; Code de la consommation, R312-2): its five sections in the annex's order, every figure the offer's
 * own, formatted for the language. The hosted page shows it before the customer confirms and the printable page
 * renders the same document, so the two cannot disagree.
 */
export function secciOf(input: SecciInput): Secci {
  const { session, offer, language } = input
  const t = SECCI_TEXTS[language]
  const country: SecciCountry = session.purchase_country === 'FRA' ? 'FRA' : 'ESP'
  const money = (cents: number) =>
    new Intl.NumberFormat(t.locale, { style: 'currency', currency: 'EUR' }).format(cents / 100)
  const percent = (ratio: number) =>
    new Intl.NumberFormat(t.locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(ratio)
  const date = (iso: string) =>
    new Intl.DateTimeFormat(t.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Madrid',
    }).format(new Date(iso))

  const { conditions, schedule } = offer
  const lastMonth = schedule[schedule.length - 1]?.month ?? offer.period
  const firstMonth = schedule[0]?.month ?? 1
  const months = t.months(lastMonth)
  const instalments = instalmentsText(t, offer, money)
  const figures: Fill = {
    merchant: input.merchantName,
    principal: money(conditions.principal),
    total: money(offer.total_payable),
    cost: money(offer.total_cost_of_credit),
    interest: percent(conditions.interest),
    apr: percent(conditions.apr),
    months,
    instalments,
    lender: LENDER.name,
    email: LENDER.email,
    address: LENDER.address,
    rate: percent(conditions.interest + LATE_PAYMENT_INTEREST_MARGIN[country]),
    daily: money(Math.round((conditions.principal * conditions.interest) / 365)),
    fee: money(input.setupFee),
    insurance: insuranceName(conditions.insurance?.value, language),
    date: input.expiresAt ? date(input.expiresAt) : '',
  }
  const row = (id: SecciRow, value: string) => ({ id, label: t.labels[id], value: fill(value, figures) })
  const section = (id: Section['id'], rows: Section['rows']): Section => ({
    id,
    heading: t.headings[id],
    rows,
  })

  const lines = session.cart.order_lines.map((line) => `${line.units} × ${line.article.name}`)
  const named =
    lines.length > LINES_NAMED
      ? [...lines.slice(0, LINES_NAMED), t.moreLines(lines.length - LINES_NAMED)]
      : lines
  const grace = conditions.grace_period

  return {
    language,
    title: t.title,
    payment_method_type: offer.payment_method_type,
    offer,
    lender: { ...LENDER },
    sections: [
      section('creditor', [
        row('creditor', LENDER.name),
        row('address', LENDER.address),
        row('phone', LENDER.phone),
        row('email', LENDER.email),
        row('website', LENDER.website),
        row('intermediary', t.intermediary),
      ]),
      section('product', [
        row('type', t.creditKinds[CREDIT_KINDS[offer.payment_method_type as PaymentMethodTypeValue]]),
        row('total_amount_of_credit', '{principal}'),
        row('drawdown', t.drawdown),
        row('duration', grace > 0 ? `${months} (${t.withGrace(grace)})` : months),
        row('instalments', `${instalments}. ${t.firstDue(firstMonth)} ${t.allocation}`),
        row('total_amount_payable', t.totalPayable),
        row('goods', fill(t.goods, { lines: named.join('; '), price: money(session.total_price.amount) })),
        row('guarantees', t.none),
      ]),
      section('costs', [
        row('borrowing_rate', t.borrowingRate),
        row('apr', t.apr),
        row(
          'ancillary_services',
          conditions.insurance ? t.insurance(conditions.insurance.is_insurance_financed) : t.noInsurance,
        ),
        row('related_costs', t.relatedCosts(input.setupFee > 0)),
        row('late_payment', t.latePayment),
      ]),
      section('legal', [
        row('withdrawal', fill(t.withdrawal, { law: t.withdrawalLaw[country] })),
        row('early_repayment', fill(t.earlyRepayment, { law: t.earlyRepaymentLaw[country] })),
        row('database', t.database),
        row('draft_agreement', t.draft),
        row('validity', input.expiresAt ? t.validity : t.none),
      ]),
      section('distance', [
        row('registration', LENDER.registration),
        row('supervisor', LENDER.supervisor),
        row('withdrawal_exercise', t.withdrawalExercise),
        row('law', t.law[country]),
        row('language', t.language),
        row('complaints', t.complaints[country]),
      ]),
    ],
    credit_warning: language === 'fr' || country === 'FRA' ? FRENCH_CREDIT_WARNING : null,
    printable_url: input.printableUrl,
  }
}

/** "24 monthly instalments of €11.67 (the last one of €11.60)", in the language. */
function instalmentsText(t: SecciTexts, offer: Offer, money: (cents: number) => string): string {
  const regular = regularInstalment(offer)
  const first = offer.schedule[0]?.amount
  const last = offer.schedule[offer.schedule.length - 1]?.amount
  const count = offer.schedule.length
  const exceptions: string[] = []
  if (count > 1 && first !== undefined && first !== regular) {
    exceptions.push(fill(t.firstOf, { amount: money(first) }))
  }
  if (count > 1 && last !== undefined && last !== regular) {
    exceptions.push(fill(t.lastOf, { amount: money(last) }))
  }
  const main = fill(t.instalments(count), { amount: money(count === 1 ? offer.total_payable : regular) })
  return exceptions.length > 0 ? `${main} (${exceptions.join(', ')})` : main
}

/** The insurance product's name in the language, from the commercial agreement's catalogue. */
function insuranceName(value: string | undefined, language: SecciLanguage): string {
  if (!value) return ''
  return findInsuranceProduct(value)?.name[language] ?? value
}
