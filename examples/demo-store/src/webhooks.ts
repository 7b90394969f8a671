import type { WebhookEvent } from '@plazo/contract'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'

/** A forged request must not make the store call the API each time: the secret is re-read at most this often. */
const REFRESH_INTERVAL_MS = 60_000

/**
 * Verifies Standard Webhooks signatures (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the
 * secret the API gives (`GET /api/v2/webhooks/secret/`). The secret is fetched on first use; when a signature
 * does not match, it is fetched again (at most once a minute), because the merchant may have rotated it.
 */
export class WebhookVerifier {
  readonly #fetchSecret: () => Promise<string | undefined>
  readonly #now: () => number
  #secret: Promise<string | undefined> | undefined
  #refreshedAt = Number.NEGATIVE_INFINITY

  constructor(fetchSecret: () => Promise<string | undefined>, now: () => number = Date.now) {
    this.#fetchSecret = fetchSecret
    this.#now = now
  }

  #current(): Promise<string | undefined> {
    this.#secret ??= this.#fetchSecret().catch((error: unknown) => {
      this.#secret = undefined
      throw error
    })
    return this.#secret
  }

  /**
   * The event, if the body is signed with the current secret (`verified: true`); throws
   * WebhookVerificationError if not. An API without the secret call cannot be verified: its events are
   * accepted with `verified: false`, and the Orders page says so.
   */
  async verify(
    body: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ event: WebhookEvent; verified: boolean }> {
    const flat: Record<string, string> = {}
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const value = headers[name]
      flat[name] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '')
    }
    const secret = await this.#current()
    if (secret === undefined) return { event: JSON.parse(body) as WebhookEvent, verified: false }
    try {
      return { event: new Webhook(secret).verify(body, flat) as WebhookEvent, verified: true }
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error
      if (this.#now() - this.#refreshedAt < REFRESH_INTERVAL_MS) throw error
      this.#refreshedAt = this.#now()
      this.#secret = undefined
      const fresh = await this.#current()
      if (fresh === undefined || fresh === secret) throw error
      return { event: new Webhook(fresh).verify(body, flat) as WebhookEvent, verified: true }
    }
  }
}

export { WebhookVerificationError }
