import { randomUUID } from 'node:crypto'
import type { CheckoutSession, DistributionSchema, Static } from '@plazo/contract'
import type { FastifyBaseLogger } from 'fastify'
import { ApiError, RateLimitedError } from '../../errors.ts'
import type { Database, Transaction } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { type OutboxMessageRow, outboxMessageRepository } from '../../storage/outbox-message-repository.ts'
import { sessionRepository } from '../../storage/session-repository.ts'
import { hppUrls } from '../checkout/session-service.ts'
import type { Clock } from '../sandbox/clock.ts'

export type Distribution = Static<typeof DistributionSchema>
export type OutboxMessage = Distribution & { body: string }

/** Sends per hosted page and hour that the public distribution page allows (store staff retyping a number). */
export const PAGE_SENDS_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000

const toMessage = (row: OutboxMessageRow): OutboxMessage => ({
  id: row.id,
  hpp_id: row.hpp_id,
  recipient: row.recipient,
  channel: row.channel,
  sent_at: row.created_at,
  body: row.body,
})

/** French typography: a no-break space before `:`, so the colon never starts a line of its own. */
const NBSP = '\u00a0'

/** The text sent to the customer, in the language of the purchase country. */
export function distributionText(session: CheckoutSession, merchantName: string, brand: string, url: string) {
  const amount = (locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
      session.total_price.amount / 100,
    )
  return session.purchase_country === 'FRA'
    ? `${merchantName}${NBSP}: finalisez votre achat de ${amount('fr-FR')} avec ${brand} ici${NBSP}: ${url}`
    : `${merchantName}: completa tu compra de ${amount('es-ES')} con ${brand} aquí: ${url}`
}

/**
 * Sending the hosted page link to a customer by e-mail or SMS (spec §7 distribute). The sandbox sends
 * nothing: every message is kept in `outbox_messages` (and logged), readable with the outbox test helper.
 */
export class DistributionService {
  readonly #db: Database
  readonly #clock: Clock
  readonly #publicUrl: string
  readonly #brand: string
  readonly #log: FastifyBaseLogger

  constructor(options: {
    db: Database
    clock: Clock
    publicUrl: string
    brand: string
    log: FastifyBaseLogger
  }) {
    this.#db = options.db
    this.#clock = options.clock
    this.#publicUrl = options.publicUrl
    this.#brand = options.brand
    this.#log = options.log
  }

  /**
   * Sends the link of hosted page `hppId`. `merchantId` scopes the merchant's call (another merchant's page
   * is a 404, like an unknown one); the public page passes none and is limited to a few sends an hour.
   */
  async distribute(
    hppId: string,
    recipient: string,
    scope: { merchantId: string } | { rateLimited: true },
  ): Promise<Distribution> {
    return this.#db.transaction(async (tx) => {
      // Locking the session row serialises concurrent sends of one page, so the hourly limit holds.
      const row = await sessionRepository.lockByHppId(tx, hppId)
      if (!row || ('merchantId' in scope && row.merchant_id !== scope.merchantId)) {
        throw new ApiError('HPP_NOT_FOUND', { id: hppId })
      }
      const stored = await sessionRepository.find(tx, row.merchant_id, row.id)
      if (!stored) throw new ApiError('HPP_NOT_FOUND', { id: hppId })
      const session = stored.document
      const payable = ['initial', 'challenge']
      if (!payable.includes(session.status) || !payable.includes(session.hpp?.status ?? '')) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session is ${session.status}: its hosted page can no longer be paid.`,
        })
      }
      const now = await this.#clock.now(session.merchant_id, tx)
      if ('rateLimited' in scope) await this.#checkRate(tx, hppId, now)
      const merchantName = await merchantRepository.name(tx, session.merchant_id)
      const url = hppUrls(this.#publicUrl, hppId).redirect_url
      const message: OutboxMessage = {
        id: randomUUID(),
        hpp_id: hppId,
        recipient,
        channel: recipient.includes('@') ? 'email' : 'sms',
        sent_at: now.toISOString(),
        body: distributionText(session, merchantName ?? '', this.#brand, url),
      }
      await outboxMessageRepository.insert(tx, {
        id: message.id,
        merchantId: session.merchant_id,
        hppId,
        recipient,
        channel: message.channel,
        body: message.body,
        createdAt: now,
        fromPage: 'rateLimited' in scope,
      })
      // Nothing leaves the sandbox: the log line is where a developer sees the message go out.
      this.#log.info(
        {
          outbox_message_id: message.id,
          hpp_id: hppId,
          channel: message.channel,
          recipient,
          body: message.body,
        },
        'hosted page link kept in the sandbox outbox (not sent)',
      )
      const { body: _body, ...distribution } = message
      return distribution
    })
  }

  async #checkRate(tx: Transaction, hppId: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - HOUR_MS)
    const recent = await outboxMessageRepository.sentFromPageSince(tx, hppId, since)
    if (recent.length < PAGE_SENDS_PER_HOUR) return
    const oldest = Date.parse(recent[0] ?? now.toISOString())
    const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000))
    throw new RateLimitedError(seconds)
  }

  /** The messages of one of the merchant's hosted pages, oldest first (sandbox test helper). */
  async outbox(merchantId: string, hppId: string): Promise<OutboxMessage[]> {
    const owner = await sessionRepository.merchantOfHpp(this.#db, hppId)
    if (owner !== merchantId) throw new ApiError('HPP_NOT_FOUND', { id: hppId })
    const rows = await outboxMessageRepository.listForPage(this.#db, merchantId, hppId)
    return rows.map(toMessage)
  }
}
