import { clockRepository } from '../../storage/clock-repository.ts'
import type { Queryable } from '../../storage/index.ts'

/**
 * Time as a merchant sees it. In the sandbox each merchant has its own clock: real time plus the minutes
 * moved forward with the clock test helper, so timers can be tested at once without touching other
 * merchants. The offset lives in the database, so every API node agrees on it.
 */
export class Clock {
  readonly #db: Queryable
  readonly #realNow: () => Date

  constructor(db: Queryable, realNow: () => Date = () => new Date()) {
    this.#db = db
    this.#realNow = realNow
  }

  realNow(): Date {
    return this.#realNow()
  }

  async offsetMinutes(merchantId: string, db: Queryable = this.#db): Promise<number> {
    return clockRepository.offsetMinutes(db, merchantId)
  }

  async now(merchantId: string, db: Queryable = this.#db): Promise<Date> {
    const offset = await this.offsetMinutes(merchantId, db)
    return new Date(this.#realNow().getTime() + offset * 60_000)
  }
}
