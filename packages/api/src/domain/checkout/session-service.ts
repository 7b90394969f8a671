import { randomUUID } from 'node:crypto'
import type {
  CheckoutSession,
  CheckoutSessionRequest,
  EmbeddedCreateResponse,
  HppCreateResponse,
  PaymentIntentRequest,
  SessionListQuerySchema,
  Static,
} from '@plazo/contract'
import { CONSTANTS, SESSION_LIST_DEFAULT_LIMIT } from '@plazo/contract'
import { ApiError, invalidFields } from '../../errors.ts'
import { batched } from '../../storage/batched.ts'
import type { Database, Queryable, Transaction } from '../../storage/index.ts'
import { jobRepository, SESSION_EXPIRY } from '../../storage/job-repository.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import {
  type CheckedInsert,
  type NewSessionExtra,
  sessionRepository,
} from '../../storage/session-repository.ts'
import type { Principal } from '../auth/index.ts'
import { generateToken, hashToken } from '../auth/index.ts'
import { timeOrderedId } from '../ids.ts'
import type { Clock } from '../sandbox/clock.ts'
import { insertChecked } from './checked-inserts.ts'
import { type MerchantSnapshot, MerchantSnapshots } from './merchant-snapshots.ts'
import { checkSessionRequest } from './request-rules.ts'
import { newSessionDocument, requestParts } from './session-document.ts'

type SessionListQuery = Static<typeof SessionListQuerySchema>

/** A session that is not completed within this window expires (unless the request sets `expires_at`). */
export const DEFAULT_SESSION_TTL_MS = CONSTANTS.SESSION_TTL_MINUTES.value * 60_000

export interface SessionServiceOptions {
  db: Database
  clock: Clock
  publicUrl: string
}

export type CreateResult = EmbeddedCreateResponse | HppCreateResponse

interface NewSession {
  id: string
  hppId: string | null
  session: CheckoutSession
  clientSecret: string | null
  extra: NewSessionExtra
}

/** When a session not completed by then expires: `expires_at` or `invitation_expires_on_date`, the earlier. */
export function expiryOf(session: CheckoutSession): Date | null {
  const candidates = [session.options.expires_at, session.merchant.invitation_expires_on_date]
    .filter((value): value is string => value !== null)
    .map((value) => Date.parse(value))
  return candidates.length ? new Date(Math.min(...candidates)) : null
}

/** Replaces the session's expiry timer (update of an open session). */
async function rescheduleExpiry(tx: Queryable, session: CheckoutSession, now: Date): Promise<void> {
  const at = expiryOf(session)
  if (!at) return
  const job = { merchantId: session.merchant_id, sessionId: session.id, kind: SESSION_EXPIRY, dueAt: at }
  await jobRepository.schedule(tx, job, now)
}

function agentOrError(agentId: string | null): string {
  if (agentId === null) {
    throw invalidFields(
      [{ field: '/agent_id', message: 'is not one of your agents', keyword: 'agent' }],
      undefined,
    )
  }
  return agentId
}

/** The request without its down payment (one the session keeps replaces it). */
function withoutDownPayment(request: CheckoutSessionRequest): CheckoutSessionRequest {
  const { down_payment: _kept, ...rest } = request
  return rest
}

/** The hosted page URLs of DESIGN.md, from the hpp id. */
export function hppUrls(publicUrl: string, hppId: string) {
  const redirect = `${publicUrl}/hpp/${hppId}`
  return { redirect_url: redirect, qr_code_url: `${redirect}/qr`, distribution_url: `${redirect}/distribute` }
}

/**
 * Checkout sessions: create (both modes and payment intent), read, update and cancel. State changes that
 * belong together are written in one transaction.
 */
export class SessionService {
  readonly #db: Database
  readonly #clock: Clock
  readonly #publicUrl: string
  readonly #snapshots = new MerchantSnapshots()
  /** The stored document as JSON text; concurrent reads share a statement on PostgreSQL (batched). */
  readonly #documentText: (key: { merchantId: string; id: string }) => Promise<string | undefined>
  /** A create made from a snapshot; concurrent ones share a statement on PostgreSQL (batched). */
  readonly #insertChecked: (create: CheckedInsert) => Promise<boolean | undefined>

  constructor(options: SessionServiceOptions) {
    this.#db = options.db
    this.#clock = options.clock
    this.#publicUrl = options.publicUrl
    this.#documentText = batched(
      this.#db,
      (keys) => sessionRepository.findDocumentTexts(this.#db, keys),
      (key) => `${key.merchantId}/${key.id}`,
    )
    this.#insertChecked = batched(
      this.#db,
      (creates) => insertChecked(this.#db, creates),
      (create) => create.session.id,
    )
  }

  async #agentId(db: Queryable, principal: Principal, requested: string | undefined): Promise<string> {
    return agentOrError(await merchantRepository.findAgent(db, principal.merchantId, requested))
  }

  async create(
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
  ): Promise<{
    response: CreateResult
    session: CheckoutSession
  }> {
    const made =
      (await this.#createFromSnapshot(principal, request)) ??
      (await this.#createAfterRead(principal, request))
    const { id, hppId, clientSecret, session } = made
    const response: CreateResult =
      hppId !== null
        ? { checkout_session_id: id, ...hppUrls(this.#publicUrl, hppId) }
        : { checkout_session_id: id, client_secret: clientSecret as string }
    return { response, session }
  }

  /**
   * The create in one statement: the session is made from this node's last snapshot of its merchant, and the
   * INSERT writes it only if the merchant still reads the same (merchantSnapshots). Undefined when there is no
   * snapshot or it is stale, or when the request fails a rule with it (the rule may depend on a clock that
   * moved): the create is then made after a fresh read, which also gives the right error.
   */
  async #createFromSnapshot(
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
  ): Promise<NewSession | undefined> {
    const snapshot = this.#snapshots.get(principal.merchantId, request.agent_id)
    if (!snapshot) return undefined
    let made: NewSession
    try {
      made = this.#make(principal, request, snapshot)
    } catch {
      return undefined
    }
    const written = await this.#insertChecked({
      session: made.session,
      extra: made.extra,
      merchant: { ...snapshot, agentRequested: request.agent_id !== undefined },
    })
    if (written) return made
    this.#snapshots.forget(principal.merchantId)
    return undefined
  }

  /**
   * The create inside a transaction the caller holds, so that what follows it (a payment intent's decision) is
   * committed with it or not at all.
   */
  async createIn(
    tx: Transaction,
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
  ): Promise<{ response: CreateResult; session: CheckoutSession }> {
    const { id, hppId, clientSecret, session } = await this.#readAndInsert(tx, principal, request)
    const response: CreateResult =
      hppId !== null
        ? { checkout_session_id: id, ...hppUrls(this.#publicUrl, hppId) }
        : { checkout_session_id: id, client_secret: clientSecret as string }
    return { response, session }
  }

  /** The create with its read of the merchant (its country, sandbox clock and agent) and one INSERT. */
  #createAfterRead(
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
  ): Promise<NewSession> {
    // On SQLite a transaction that concurrent creates share a commit with; on PostgreSQL two round trips
    // instead of four (singleWrite).
    return this.#db.singleWrite((db) => this.#readAndInsert(db, principal, request))
  }

  async #readAndInsert(
    db: Queryable,
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
  ): Promise<NewSession> {
    const merchant = await merchantRepository.snapshot(db, principal.merchantId, request.agent_id)
    if (!merchant) throw new ApiError('TOKEN_INVALID')
    const made = this.#make(principal, request, merchant)
    await sessionRepository.insert(db, made.session, made.extra)
    this.#snapshots.keep(principal.merchantId, request.agent_id, merchant)
    return made
  }

  /** The new session's document, ids and secret, from what the create read of its merchant. */
  #make(
    principal: Principal,
    request: CheckoutSessionRequest | PaymentIntentRequest,
    merchant: MerchantSnapshot,
  ): NewSession {
    const now = new Date(this.#clock.realNow().getTime() + merchant.offset_minutes * 60_000)
    checkSessionRequest(request, now)
    const agentId = agentOrError(merchant.agent_id)
    // Session ids are UUIDv7 (time-ordered): each new session lands on the last page of the primary-key
    // index instead of a random one, one page fewer to write per create. The hosted-page id stays a random
    // UUIDv4: it is the key to a public page, so none of its bits may be guessable.
    const id = timeOrderedId()
    const hppId = request.ui?.mode === 'hpp' ? randomUUID() : null
    const session = newSessionDocument(request, {
      id,
      now,
      userId: principal.userId,
      merchantId: principal.merchantId,
      agentId,
      defaultCountry: merchant.default_country,
      hppId,
      defaultExpiresAt: new Date(now.getTime() + DEFAULT_SESSION_TTL_MS),
    })
    const clientSecret = hppId ? null : `cs_${id.replaceAll('-', '')}_secret_${generateToken()}`
    const extra = {
      clientSecretHash: clientSecret ? hashToken(clientSecret) : null,
      notificationAuth: request.merchant.notification_auth,
      notificationAdditionalPayload: request.merchant.notification_additional_payload,
      expireAt: expiryOf(session),
    }
    return { id, hppId, session, clientSecret, extra }
  }

  async get(principal: Principal, id: string): Promise<CheckoutSession> {
    const stored = await sessionRepository.find(this.#db, principal.merchantId, id)
    if (!stored) throw new ApiError('SESSION_NOT_FOUND', { id })
    return stored.document
  }

  /** The get-session body `{status, payload, identifier}` as JSON text, built around the stored document. */
  async getResponseText(principal: Principal, id: string): Promise<string> {
    const document = await this.#documentText({ merchantId: principal.merchantId, id })
    if (document === undefined) throw new ApiError('SESSION_NOT_FOUND', { id })
    return `{"status":"ok","payload":${document},"identifier":${JSON.stringify(id)}}`
  }

  /**
   * A page of the merchant's sessions, newest first, as the JSON text of the answer (the documents are stored as
   * text and go out as they are, like `getResponseText`). One more row than the page is read to know `has_more`.
   * A `starting_after` that is not one of the merchant's sessions is a 400 naming it.
   */
  async listResponseText(principal: Principal, query: SessionListQuery): Promise<string> {
    const limit = query.limit ?? SESSION_LIST_DEFAULT_LIMIT
    let after: { created_at: string; id: string } | undefined
    if (query.starting_after !== undefined) {
      after = await sessionRepository.listPosition(this.#db, principal.merchantId, query.starting_after)
      if (!after) {
        throw invalidFields(
          [{ field: '/starting_after', message: 'is not one of your checkout sessions', keyword: 'cursor' }],
          query,
        )
      }
    }
    const iso = (value: string | undefined) =>
      value === undefined ? undefined : new Date(value).toISOString()
    const rows = await sessionRepository.listPage(
      this.#db,
      principal.merchantId,
      {
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.mode === undefined ? {} : { mode: query.mode }),
        ...(query.created_from === undefined ? {} : { createdFrom: iso(query.created_from) }),
        ...(query.created_to === undefined ? {} : { createdTo: iso(query.created_to) }),
      },
      after,
      limit + 1,
    )
    const page = rows.slice(0, limit).map((row) => row.document_text)
    return `{"status":"ok","payload":[${page.join(',')}],"has_more":${rows.length > limit}}`
  }

  /**
   * Same body as create. Possible until the session is captured, cancelled or expired (spec §4). An open
   * session gets new intents (the customer chooses again); a challenged one stays `challenge` here and the
   * lifecycle reopens it (lifecycle/update.ts), since that is a status change to notify.
   */
  async update(
    principal: Principal,
    id: string,
    request: CheckoutSessionRequest,
    existingTx?: Transaction,
  ): Promise<CheckoutSession> {
    const body = async (tx: Transaction) => {
      const stored = await sessionRepository.findForUpdate(tx, principal.merchantId, id)
      if (!stored) throw new ApiError('SESSION_NOT_FOUND', { id })
      const current = stored.document
      if (stored.parentSessionId !== null) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session collects the down payment of order ${stored.parentSessionId}: it follows that order and cannot be updated. Update the order instead.`,
        })
      }
      if (current.captures.length > 0) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: 'The checkout session is captured: it can no longer be updated.',
        })
      }
      if (current.status === 'cancelled' || current.status === 'expired') {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session is ${current.status}: it can no longer be updated.`,
        })
      }
      const mode = request.ui?.mode ?? 'embedded'
      if (mode !== current.mode) {
        throw invalidFields(
          [
            {
              field: '/ui/mode',
              message: `must stay ${current.mode}: a session cannot change mode`,
              keyword: 'rule',
            },
          ],
          undefined,
        )
      }
      // Decided intents of an open order belong to the old order: the customer chooses again on the new one.
      // A confirmed, denied or desisted session keeps its payment methods, intents and down payment.
      const reopen = current.status === 'initial' || current.status === 'challenge'
      // A down payment the customer has paid was captured on its own session: it stays with the order whatever
      // the body says, and the new payment intents finance the rest of the new total.
      const paidDownPayment = current.down_payment?.paid ? current.down_payment : null
      const keptDownPayment = reopen && !paidDownPayment ? null : current.down_payment
      const now = await this.#clock.now(principal.merchantId, tx)
      checkSessionRequest(keptDownPayment ? withoutDownPayment(request) : request, now)
      const total = request.cart.total_price_with_tax
      const goesOn = current.status !== 'denied' && current.status !== 'desisted'
      if (
        goesOn &&
        keptDownPayment &&
        keptDownPayment.amount.amount > 0 &&
        total <= keptDownPayment.amount.amount
      ) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: paidDownPayment
            ? `The customer has paid a down payment of ${keptDownPayment.amount.amount}: the new cart total must be larger. Cancel the order instead (its down payment is refunded).`
            : `The order keeps its down payment of ${keptDownPayment.amount.amount}: the new cart total must be larger.`,
        })
      }
      // The lender approved the confirmed order as it is: less can be captured, more was never approved.
      if (current.status === 'confirmed' && total > current.total_price.amount) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session is confirmed: an update cannot raise its total from ${current.total_price.amount} to ${total}. Keep or lower the total, or cancel the order and create a new checkout session.`,
        })
      }
      const agentId = await this.#agentId(tx, principal, request.agent_id ?? current.agent_id)
      const defaultCountry = await merchantRepository.defaultCountry(tx, principal.merchantId)
      const ordered: CheckoutSessionRequest = keptDownPayment
        ? {
            ...request,
            down_payment: {
              down_payment_collection: keptDownPayment.down_payment_collection,
              payment_methods: keptDownPayment.payment_methods,
              amount: keptDownPayment.amount.amount,
            },
          }
        : request
      const parts = requestParts(
        ordered,
        {
          id,
          now,
          userId: current.user_id,
          merchantId: current.merchant_id,
          agentId,
          defaultCountry: defaultCountry ?? 'ESP',
          hppId: current.hpp?.id ?? null,
          defaultExpiresAt: new Date(Date.parse(current.created_at) + DEFAULT_SESSION_TTL_MS),
        },
        // Kept intents are not priced again: a method the customer did not choose must not refuse the update.
        { intents: reopen },
      )
      const updated: CheckoutSession = {
        ...current,
        ...parts,
        // How the order is confirmed and captured was settled when it was: only an open order can change it.
        merchant: reopen
          ? parts.merchant
          : { ...parts.merchant, checkout_mode: current.merchant.checkout_mode },
        agent_id: agentId,
        updated_at: now.toISOString(),
        status: current.status,
        down_payment: keptDownPayment ?? parts.down_payment,
        payment_methods: reopen ? parts.payment_methods : current.payment_methods,
        payment_intents: reopen ? parts.payment_intents : current.payment_intents,
        selected_payment_method_id: reopen ? null : current.selected_payment_method_id,
        selected_payment_method_type: reopen ? null : current.selected_payment_method_type,
        hpp: current.hpp
          ? {
              ...current.hpp,
              updated_at: now.toISOString(),
              expires_at: parts.options.expires_at,
              merchant_urls: request.ui?.mode === 'hpp' ? (request.ui.hpp?.merchant_urls ?? null) : null,
              customization: request.ui?.mode === 'hpp' ? (request.ui.hpp?.customization ?? null) : null,
            }
          : null,
      }
      await sessionRepository.update(tx, updated, stored.version)
      if (updated.status === 'initial' || updated.status === 'challenge')
        await rescheduleExpiry(tx, updated, now)
      await sessionRepository.updateNotificationSettings(tx, id, {
        notificationAuth: request.merchant.notification_auth,
        notificationAdditionalPayload: request.merchant.notification_additional_payload,
      })
      return updated
    }
    return existingTx ? body(existingTx) : this.#db.transaction(body)
  }
}
