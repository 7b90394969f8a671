import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { readConfig, writeConfig } from './config.ts'

/** The `whsec_` secret `plazo listen` signs with: made once and kept in the configuration, so it never changes. */
export function listenSecret(env: NodeJS.ProcessEnv = process.env): string {
  const stored = readConfig(env).listen_secret
  if (stored) return stored
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  writeConfig({ listen_secret: secret }, env)
  return secret
}

export interface ForwardResult {
  /** The last answer's status, or the error that kept the target from answering. */
  status: number | string
  ms: number
  /** Tries made (1 when the first succeeded). */
  tries: number
  ok: boolean
}

export interface ForwardOptions {
  /** Tries in all before giving up (default 3). */
  tries?: number
  /** Per try (default 10 s). */
  timeoutMs?: number
  /** Before the second try; doubled each time (default 500 ms). */
  backoffMs?: number
  signal?: AbortSignal
}

/**
 * POSTs one event's body to the forward URL with the Standard Webhooks headers (`webhook-id` = the event id,
 * `webhook-timestamp`, `webhook-signature`), signed by standardwebhooks, the library receivers verify with.
 * A target that is down, slow (timeout) or answers non-2XX is tried again a few times; this never throws.
 */
export async function forward(
  url: string,
  secret: string,
  eventId: string,
  body: string,
  options: ForwardOptions = {},
): Promise<ForwardResult> {
  const webhook = new Webhook(secret)
  const tries = options.tries ?? 3
  let status: number | string = 'error'
  let ms = 0
  for (let attempt = 1; attempt <= tries; attempt++) {
    const timestamp = new Date()
    const started = performance.now()
    try {
      const signals = [AbortSignal.timeout(options.timeoutMs ?? 10_000)]
      if (options.signal) signals.push(options.signal)
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'plazo-cli',
          'webhook-id': eventId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': webhook.sign(eventId, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any(signals),
      })
      await response.body?.cancel()
      status = response.status
      ms = Math.round(performance.now() - started)
      if (response.status >= 200 && response.status < 300) return { status, ms, tries: attempt, ok: true }
    } catch (error) {
      ms = Math.round(performance.now() - started)
      const failure = error as Error & { cause?: { code?: string } }
      status = failure.name === 'TimeoutError' ? 'timeout' : (failure.cause?.code ?? failure.message)
    }
    if (options.signal?.aborted) break
    if (attempt < tries)
      await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 500) * 2 ** (attempt - 1)))
  }
  return { status, ms, tries, ok: false }
}
