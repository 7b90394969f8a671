import {
  BasicCustomerSchema,
  type CheckoutSession,
  CUSTOMER_REQUIREMENTS,
  FullCustomerSchema,
  type SchemaError,
  type SecciQuerySchema,
  type Static,
  validate,
} from '@plazo/contract'
import { setupFeeAmount } from '@plazo/finance'
import { ApiError, invalidFields } from '../../errors.ts'
import type { Database } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { type StoredSession, sessionRepository } from '../../storage/session-repository.ts'
import { hashToken } from '../auth/index.ts'
import { graceRefusal, loanInput, pricingFor } from '../checkout/conditions.ts'
import type { LifecycleService } from '../checkout/lifecycle-service.ts'
import { hppUrls } from '../checkout/session-service.ts'
import { lenderDecision } from '../lender/sandbox-lender.ts'
import type { Clock } from '../sandbox/clock.ts'
import {
  abandoned,
  type ClientOutcome,
  type ClientSession,
  cancelUrl,
  clientView,
  financedAmount,
  succeeded,
  successUrl,
} from './client-view.ts'
import { defaultLanguage, type Secci, secciOf } from './secci.ts'

export type SecciQuery = Static<typeof SecciQuerySchema>

/** How the customer's browser proves which session it acts on (docs/adr/0006). */
export type ClientCapability =
  | { hppId: string }
  /** `downPayment`: the session collecting the down payment of the one the secret opens. */
  | { clientSecret: string | undefined; downPayment?: boolean }

export interface ClientCompleteInput {
  payment_method_type: keyof typeof CUSTOMER_REQUIREMENTS
  period?: number
  grace_period?: number
  customer: unknown
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The longest client secret we bother hashing; a real one is about 80 characters. */
const MAX_SECRET_LENGTH = 256

/**
 * The client API behind the hosted page and the embedded checkout: what the customer sees of a session,
 * and the two things the customer can do (complete with a payment method, or give up). Scoped by the
 * session's capability, never by a merchant token; an unknown capability looks exactly like a wrong one.
 */
export class ClientService {
  readonly #db: Database
  readonly #lifecycle: LifecycleService
  readonly #publicUrl: string

  constructor(options: { db: Database; clock: Clock; lifecycle: LifecycleService; publicUrl: string }) {
    this.#db = options.db
    this.#lifecycle = options.lifecycle
    this.#publicUrl = options.publicUrl
  }

  /** Whether a session has this hosted page (any case; a malformed id has none). */
  async hostedPageExists(hppId: string): Promise<boolean> {
    return UUID.test(hppId) && (await sessionRepository.hppExists(this.#db, hppId.toLowerCase()))
  }

  /** The stored session a capability opens: 404 for an unknown hosted page, 401 for a wrong client secret. */
  async resolve(capability: ClientCapability): Promise<StoredSession> {
    if ('hppId' in capability) {
      const stored = await sessionRepository.findByHppId(this.#db, capability.hppId)
      if (!stored) throw new ApiError('HPP_NOT_FOUND', { id: capability.hppId })
      return stored
    }
    const secret = capability.clientSecret
    if (secret === undefined || secret === '') throw new ApiError('TOKEN_MISSING')
    if (secret.length > MAX_SECRET_LENGTH) throw new ApiError('TOKEN_INVALID')
    // The secret is stored hashed (like bearer tokens): a lookup by its SHA-256 is the comparison.
    const row = await sessionRepository.findIdByClientSecretHash(this.#db, hashToken(secret))
    const stored = row && (await sessionRepository.find(this.#db, row.merchant_id, row.id))
    if (!stored) throw new ApiError('TOKEN_INVALID')
    if (!capability.downPayment) return stored
    // The down-payment session has no secret of its own: the embedded checkout pays it with its parent's.
    const childId = stored.document.downpayment_checkout_session_id
    const child = childId ? await sessionRepository.find(this.#db, row.merchant_id, childId) : undefined
    if (!child) {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The checkout session is ${stored.document.status}: it has no down payment to pay.`,
      })
    }
    return child
  }

  /** The session as the customer sees it, its offers priced with `gracePeriod` months of grace (default 0). */
  async view(capability: ClientCapability, gracePeriod?: number): Promise<ClientSession> {
    const stored = await this.resolve(capability)
    return this.#view(
      stored.document,
      await this.#parent(stored.document, stored.parentSessionId),
      gracePeriod,
    )
  }

  async #parent(session: CheckoutSession, parentSessionId: string | null) {
    return parentSessionId
      ? (await sessionRepository.find(this.#db, session.merchant_id, parentSessionId))?.document
      : undefined
  }

  /** A down payment's page sends the customer back to the shop with the parent order's references. */
  async #view(
    session: CheckoutSession,
    parent: CheckoutSession | undefined,
    gracePeriod?: number,
  ): Promise<ClientSession> {
    const merchantName = await merchantRepository.name(this.#db, session.merchant_id)
    let downPaymentHppId: string | null = null
    if (session.downpayment_checkout_session_id) {
      const child = await sessionRepository.find(
        this.#db,
        session.merchant_id,
        session.downpayment_checkout_session_id,
      )
      downPaymentHppId = child?.document.hpp?.id ?? null
    }
    const view = clientView(session, {
      publicUrl: this.#publicUrl,
      merchantName: merchantName ?? '',
      downPaymentHppId,
      gracePeriod,
    })
    return parent ? { ...view, success_url: successUrl(parent), cancel_url: cancelUrl(parent) } : view
  }

  /**
   * The Standard European Consumer Credit Information of one offer of the session: the method, the term (default
   * the shortest) and the grace period (default 0) the customer is looking at. A method without credit (card,
   * bank transfer), a term it does not offer or a grace period longer than it allows is a 400 naming the field.
   */
  async secci(capability: ClientCapability, query: SecciQuery): Promise<Secci> {
    const stored = await this.resolve(capability)
    const session = stored.document
    const parent = await this.#parent(session, stored.parentSessionId)
    const type = query.payment_method_type
    const grace = query.grace_period ?? 0
    const refuse = (field: string, message: string, keyword = 'rule') => {
      throw invalidFields([{ field, message, keyword }], query)
    }
    const index = session.payment_methods.findIndex((m) => m.type === type)
    const base = await this.#view(session, parent)
    const method = base.payment_methods.find((m) => m.type === type)
    const source = session.payment_methods[index]
    if (!method || !source) return refuse('/payment_method_type', 'is not a payment method of this checkout')
    if (method.offers.length === 0) {
      return refuse('/payment_method_type', `is not a credit: the ${type} payment method has no SECCI`)
    }
    const graceRefused = graceRefusal('/grace_period', type, method.max_grace_period, grace)
    if (graceRefused) throw invalidFields([graceRefused], query)
    const view = grace > 0 ? await this.#view(session, parent, grace) : undefined
    const offers = view?.payment_methods.find((m) => m.type === type)?.offers ?? method.offers
    const offer = query.period === undefined ? offers[0] : offers.find((o) => o.period === query.period)
    if (!offer) {
      return refuse(
        '/period',
        `must be one of the terms offered: ${offers.map((o) => o.period).join(', ')}`,
        'enum',
      )
    }
    const pricing = pricingFor(source, index)
    const input = pricing && loanInput(source, index, pricing, financedAmount(session), offer.period, grace)
    const language = query.lang ?? defaultLanguage(session.purchase_country)
    const printable = 'hppId' in capability && session.hpp ? session.hpp.id : null
    return secciOf({
      session,
      merchantName: base.merchant_name,
      offer,
      setupFee: input ? setupFeeAmount(input.options.setup_fee, input.principal) : 0,
      expiresAt: base.expires_at,
      language,
      printableUrl: printable
        ? `${this.#publicUrl}/hpp/${printable}/secci?${secciQueryString({ ...query, period: offer.period, grace_period: grace, lang: language })}`
        : null,
    })
  }

  /**
   * The customer completes the checkout: the details the method needs are checked against the contract
   * (basic or full customer), the basic details are kept on the session (the lender decides from them),
   * then the lifecycle runs with the chosen term and grace period.
   */
  async complete(capability: ClientCapability, input: ClientCompleteInput): Promise<ClientOutcome> {
    const stored = await this.resolve(capability)
    const session = stored.document
    const requirement = CUSTOMER_REQUIREMENTS[input.payment_method_type]
    const checked = validate(
      requirement === 'full' ? FullCustomerSchema : BasicCustomerSchema,
      input.customer,
    )
    const errors: SchemaError[] = checked.ok
      ? []
      : checked.errors.map((error) => ({
          ...error,
          field: error.field === '/' ? '/customer' : `/customer${error.field}`,
        }))
    const parent = await this.#parent(session, stored.parentSessionId)
    const view = await this.#view(session, parent)
    const method = view.payment_methods.find((m) => m.type === input.payment_method_type)
    if (method && input.period !== undefined && !method.offers.some((o) => o.period === input.period)) {
      errors.push({
        field: '/period',
        message: `must be one of the terms offered: ${method.offers.map((o) => o.period).join(', ') || 'none'}`,
        keyword: 'enum',
      })
    }
    const graceRefused =
      method &&
      input.grace_period !== undefined &&
      graceRefusal('/grace_period', method.type, method.max_grace_period, input.grace_period)
    if (graceRefused) errors.push(graceRefused)
    if (errors.length > 0) throw invalidFields(errors, input)
    const customer = checked.ok ? checked.value : null
    if (customer) await this.#rememberCustomer(session, customer as Record<string, string | undefined>)
    const period = input.period ?? method?.offers[0]?.period
    // A down payment is a card or bank payment: it cannot ask for a down payment in turn. Without this, the
    // sandbox lender would read `+challenge` in the e-mail the down-payment session inherits and loop.
    const email = (customer as { email?: string } | null)?.email ?? session.customer?.email
    const decision =
      stored.parentSessionId !== null && lenderDecision(email) === 'challenge' ? 'approved' : undefined
    const after = await this.#lifecycle.completeCheckout(
      session.merchant_id,
      session.id,
      input.payment_method_type,
      decision,
      { period, gracePeriod: input.grace_period },
    )
    return this.#outcome(after, stored.parentSessionId)
  }

  /** The customer gives up: the session is desisted and the customer goes back to the shop. */
  async desist(capability: ClientCapability): Promise<ClientOutcome> {
    const stored = await this.resolve(capability)
    const after = await this.#lifecycle.completeCheckout(
      stored.document.merchant_id,
      stored.document.id,
      undefined,
      'desist',
    )
    return this.#outcome(after, stored.parentSessionId)
  }

  /** Keeps the basic details (never the full financial profile) on the session's read shape. */
  async #rememberCustomer(session: CheckoutSession, customer: Record<string, string | undefined>) {
    await this.#db.transaction(async (tx) => {
      const current = await sessionRepository.findForUpdate(tx, session.merchant_id, session.id)
      // A session the customer can no longer act on keeps its data; the lifecycle answers the 409.
      if (current?.document.status !== 'initial') return
      const document = structuredClone(current.document)
      document.customer = {
        full_name: { first_name: customer.first_name ?? '', last_name: customer.last_name ?? '' },
        email: customer.email ?? null,
        phone_number: customer.phone_number ?? null,
        document_number: customer.document_number ?? null,
      }
      await sessionRepository.update(tx, document, current.version)
    })
  }

  /**
   * Where the customer goes now. Hosted page only (the embedded checkout tells its parent page instead):
   * the success URL when paid or approved, the cancel URL when given up or denied everywhere, nowhere while
   * another method can be chosen or a down payment is due. A down payment's own page sends the customer
   * on as its parent order would.
   */
  async #outcome(session: CheckoutSession, parentSessionId: string | null): Promise<ClientOutcome> {
    // Read after the change: paying the down payment moved the parent order too.
    const parent = await this.#parent(session, parentSessionId)
    let redirect: string | null = null
    if (session.mode === 'hpp' && !parent) {
      if (succeeded(session)) redirect = successUrl(session)
      else if (abandoned(session)) redirect = cancelUrl(session)
    } else if (session.mode === 'hpp' && parent && session.status !== 'initial') {
      if (succeeded(parent)) redirect = successUrl(parent)
      else if (abandoned(parent)) redirect = cancelUrl(parent)
      else if (abandoned(session)) redirect = cancelUrl(parent, session.status)
      else if (parent.hpp) redirect = hppUrls(this.#publicUrl, parent.hpp.id).redirect_url
    }
    const intent = session.selected_payment_method_id
      ? session.payment_intents.find((i) => i.payment_method_id === session.selected_payment_method_id)
      : undefined
    return {
      status: session.status,
      payment_intent_status: intent?.status ?? null,
      redirect_url: redirect,
      session: await this.#view(session, parent),
    }
  }
}

/** The query of a SECCI, as its printable page's URL carries it. */
export function secciQueryString(query: Required<SecciQuery>): string {
  return new URLSearchParams({
    payment_method_type: query.payment_method_type,
    period: String(query.period),
    grace_period: String(query.grace_period),
    lang: query.lang,
  }).toString()
}
