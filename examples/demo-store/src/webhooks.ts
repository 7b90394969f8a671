import type { WebhookEvent } from '@plazo/contract'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'

/**
 * Verifies Standard Webhooks signatures (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the
 * secret the API gives (`GET /api/v2/webhooks/secret/`). The secret is fetched on first use; when a signature
 * does not match, it is fetched once more, because the merchant may have rotated it.
 */
export class WebhookVerifier {
  readonly #fetchSecret: () => Promise<string | undefined>
  #secret: Promise<string | undefined> | undefined

  constructor(fetchSecret: () => Promise<string | undefined>) {
    this.#fetchSecret = fetchSecret
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
    for (const refresh of [false, true]) {
      if (refresh || !this.#secret) this.#secret = this.#fetchSecret()
      const secret = await this.#secret.catch((error: unknown) => {
        this.#secret = undefined
        throw error
      })
      if (!secret) return { event: JSON.parse(body) as WebhookEvent, verified: false }
      try {
        return { event: new Webhook(secret).verify(body, flat) as WebhookEvent, verified: true }
      } catch (error) {
        if (!(error instanceof WebhookVerificationError) || refresh) throw error
      }
    }
    throw new WebhookVerificationError('unreachable')
  }
}

export { WebhookVerificationError }
