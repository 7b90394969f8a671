import type { Queryable, Transaction } from './types.ts'

// The sandbox clocks (`sandbox_clocks`): minutes each merchant's clock runs ahead of real time. What the time is
// for a merchant is decided in domain/sandbox/clock.ts.

export const clockRepository = {
  /** The minutes the merchant's clock is ahead; 0 when it was never moved. */
  async offsetMinutes(db: Queryable, merchantId: string): Promise<number> {
    const row = await db.one<{ offset_minutes: number }>(
      'SELECT offset_minutes FROM sandbox_clocks WHERE merchant_id = $1',
      [merchantId],
    )
    return row?.offset_minutes ?? 0
  },

  /** Moves the merchant's clock `minutes` forward (the first move creates its row). */
  async advance(tx: Transaction, merchantId: string, minutes: number, at: Date): Promise<void> {
    const updated = await tx.run(
      'UPDATE sandbox_clocks SET offset_minutes = offset_minutes + $2, updated_at = $3 WHERE merchant_id = $1',
      [merchantId, minutes, at],
    )
    if (updated.changes === 0) {
      await tx.run(
        'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, $2, $3)',
        [merchantId, minutes, at],
      )
    }
  },
}
