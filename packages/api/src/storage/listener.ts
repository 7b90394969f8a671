import type pg from 'pg'
import { asError } from './errors.ts'

/** How long a lost LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1_000

/**
 * LISTEN on a PostgreSQL connection of its own, connected again (after RECONNECT_MS) whenever it is lost, until
 * stopped. Notifications sent while it was down are lost: what it serves (waking a worker) has a poll behind it.
 */
export class Listener {
  #client: pg.Client | undefined
  #stopped = false
  #retry: NodeJS.Timeout | undefined

  constructor(
    private readonly connect: () => pg.Client,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Resolves once listening, or rejects when the first connection fails (it then keeps trying). */
  async start(): Promise<void> {
    const client = this.connect()
    this.#client = client
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '')
    })
    // A lost connection emits 'error' and/or 'end'; either way it is replaced once.
    let replaced = false
    const replace = (error?: Error) => {
      if (error) this.onError(error)
      if (replaced || this.#stopped) return
      replaced = true
      client.removeAllListeners('notification')
      void client.end().catch(() => undefined)
      this.#retry = setTimeout(() => void this.start().catch(() => undefined), RECONNECT_MS)
      this.#retry.unref()
    }
    client.on('error', (error) => replace(error))
    client.on('end', () => replace())
    try {
      await client.connect()
      await client.query(`LISTEN ${this.channel}`)
    } catch (error) {
      replace(asError(error))
      throw error
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#retry)
    await this.#client?.end().catch(() => undefined)
  }
}
