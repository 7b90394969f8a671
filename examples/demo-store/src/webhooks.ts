import {
  type PlazoError,
  PlazoNotFoundError,
  PlazoSignatureVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '@plazo/node'

/** A forged request must not make the store call the API each time: the secret is re-read at most this often. */
const REFRESH_INTERVAL_MS = 60_000

/** Reads the signing secret; undefined when the API has no such call (an older deployment). */
export type SecretSource = () => Promise<string | undefined>

/**
 * Verifies Plazo's webhooks with `@plazo/node` (Standard Webhooks signatures, five minutes' tolerance) against
 * the secret the API gives (`plazo.webhooks.secret()`). The secret is fetched on first use; when a signature
 * does not match, it is fetched again (at most once a minute), because the merchant may have rotated it.
 */
export class WebhookVerifier {
  readonly #fetchSecret: SecretSource
  readonly #now: () => number
  #secret: Promise<string | undefined> | undefined
  #refreshedAt = Number.NEGATIVE_INFINITY

  constructor(fetchSecret: SecretSource, now: () => number = Date.now) {
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
   * PlazoSignatureVerificationError if not. An API without the secret call cannot be verified: its events are
   * accepted with `verified: false`, and the Orders page says so.
   */
  async verify(
    body: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ event: WebhookEvent; verified: boolean }> {
    const secret = await this.#current()
    if (secret === undefined) return { event: JSON.parse(body) as WebhookEvent, verified: false }
    try {
      return { event: verifyWebhook(body, headers, secret), verified: true }
    } catch (error) {
      if (!(error instanceof PlazoSignatureVerificationError) || error.reason !== 'no_matching_signature')
        throw error
      if (this.#now() - this.#refreshedAt < REFRESH_INTERVAL_MS) throw error
      this.#refreshedAt = this.#now()
      this.#secret = undefined
      const fresh = await this.#current()
      if (fresh === undefined || fresh === secret) throw error
      return { event: verifyWebhook(body, headers, fresh), verified: true }
    }
  }
}

/** The secret from the API, or undefined if this API has no secret call (404). */
export function secretFrom(read: () => Promise<{ payload: { secret: string } }>): SecretSource {
  return async () => {
    try {
      return (await read()).payload.secret
    } catch (error) {
      if (error instanceof PlazoNotFoundError) return undefined
      throw error as PlazoError
    }
  }
}

export { PlazoSignatureVerificationError }
