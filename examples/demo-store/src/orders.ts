import type { WebhookEvent } from '@plazo/contract'
import type { Product } from './catalog.ts'

export interface ReceivedEvent {
  /** `webhook-id`: the same across retries, so a redelivery is recognised and not counted twice. */
  id: string
  receivedAt: string
  /** Whether its Standard Webhooks signature was checked against the API's secret. */
  verified: boolean
  event: WebhookEvent
}

export interface Order {
  reference: string
  checkoutSessionId: string
  mode: 'embedded' | 'hpp'
  product: Product
  createdAt: string
  /** The latest checkout session status a webhook announced (`initial` until one arrives). */
  status: string
  events: ReceivedEvent[]
}

/**
 * The store's orders, in memory: a demo keeps nothing across restarts. Webhooks update the status; events
 * are kept in the order they arrived, without duplicates.
 */
export class OrderBook {
  readonly #orders = new Map<string, Order>()
  readonly #unmatched: ReceivedEvent[] = []
  #sequence = 0

  nextReference(): string {
    this.#sequence += 1
    return `DEMO-${Date.now().toString(36).toUpperCase()}-${this.#sequence}`
  }

  add(order: Omit<Order, 'status' | 'events' | 'createdAt'>): Order {
    const created: Order = { ...order, createdAt: new Date().toISOString(), status: 'initial', events: [] }
    this.#orders.set(order.checkoutSessionId, created)
    return created
  }

  get(checkoutSessionId: string): Order | undefined {
    return this.#orders.get(checkoutSessionId)
  }

  list(): Order[] {
    return [...this.#orders.values()].reverse()
  }

  /** Events for sessions this store did not create (e.g. made with curl) are kept apart. */
  unmatched(): ReceivedEvent[] {
    return [...this.#unmatched]
  }

  /** Records a verified webhook; false when this delivery was already recorded. */
  record(received: ReceivedEvent): boolean {
    const order = this.#orders.get(received.event.checkout_session_id)
    const list = order ? order.events : this.#unmatched
    if (list.some((e) => e.id === received.id)) return false
    list.push(received)
    if (order && received.event.event === 'checkout_session_status_changed')
      order.status = received.event.status
    return true
  }
}
