import type { MerchantSnapshot } from '../../storage/merchant-repository.ts'

export type { MerchantSnapshot }

/** Snapshots kept at most; past it the oldest go (a node serves far fewer active merchants than this). */
const LIMIT = 10_000

/**
 * This node's last read of each merchant, by merchant and requested agent. A create made from a snapshot is
 * written by an INSERT that checks the snapshot in the same statement (sessionRepository.insertIfMerchantIs),
 * so a snapshot another node made stale (a sandbox clock moved, another default agent) is never written: the
 * INSERT writes nothing, the snapshot is forgotten and the create reads afresh. It saves a create its read,
 * one of its two round trips on PostgreSQL.
 */
export class MerchantSnapshots {
  readonly #snapshots = new Map<string, MerchantSnapshot>()

  get(merchantId: string, requestedAgent: string | undefined): MerchantSnapshot | undefined {
    return this.#snapshots.get(keyOf(merchantId, requestedAgent))
  }

  keep(merchantId: string, requestedAgent: string | undefined, snapshot: MerchantSnapshot): void {
    const key = keyOf(merchantId, requestedAgent)
    this.#snapshots.delete(key)
    if (this.#snapshots.size >= LIMIT) {
      const oldest = this.#snapshots.keys().next()
      if (!oldest.done) this.#snapshots.delete(oldest.value)
    }
    this.#snapshots.set(key, { ...snapshot })
  }

  /** Forgets every snapshot of the merchant (one was found stale). */
  forget(merchantId: string): void {
    const prefix = `${merchantId}\n`
    for (const key of this.#snapshots.keys()) if (key.startsWith(prefix)) this.#snapshots.delete(key)
  }
}

function keyOf(merchantId: string, requestedAgent: string | undefined): string {
  // Agent ids are stored in lower case, and the read compares the lower-cased request.
  return `${merchantId}\n${requestedAgent?.toLowerCase() ?? ''}`
}
