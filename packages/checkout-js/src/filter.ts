import type { PaymentMethodType } from './generated/contract.ts'
import type { LoanConditions } from './types.ts'

/**
 * What a {@link FilterByMap} can filter payment methods by, and the value each filter takes:
 *
 * - `paymentMethodType`: only these payment method types.
 * - `term`: only this term, in months.
 * - `minTerm` / `maxTerm`: only terms within these months.
 * - `maxInstalment`: only terms whose monthly instalment is at most this many cents.
 * - `interestFree`: `true` keeps only 0 % APR terms; `false` only terms with interest.
 *
 * @example
 * ```ts
 * const rules: Partial<FilterBy> = { paymentMethodType: ['bnpl_instalments'], maxInstalment: 5000 }
 * const filterBy = new FilterByMap(rules)
 * ```
 */
export type FilterBy = {
  /** Only these payment method types (enum members or their string values). */
  paymentMethodType: Array<PaymentMethodType | `${PaymentMethodType}`>
  /** Only this term, in months. */
  term: number
  /** Only terms of at least this many months. */
  minTerm: number
  /** Only terms of at most this many months. */
  maxTerm: number
  /** Only terms whose monthly instalment is at most this many cents. */
  maxInstalment: number
  /** `true`: only 0 % APR terms; `false`: only terms with interest. */
  interestFree: boolean
}

const KEYS: ReadonlyArray<keyof FilterBy> = [
  'paymentMethodType',
  'term',
  'minTerm',
  'maxTerm',
  'maxInstalment',
  'interestFree',
]

/**
 * Your own rules for which payment methods and terms to offer, as a map from a {@link FilterBy} key to its
 * value. Pass it to {@link availablePaymentMethods} or {@link allAvailablePaymentMethods}: a term is kept when
 * it passes every filter set, and a method when at least one of its terms is kept. An empty map keeps
 * everything.
 *
 * @example
 * ```ts
 * const filterBy = new FilterByMap()
 *   .set('paymentMethodType', [PaymentMethodType.BnplInstalments, 'consumer_loan_instalments'])
 *   .set('maxInstalment', 15000) // at most 150,00 € a month
 * const types = await availablePaymentMethods(60000, filterBy)
 * ```
 */
export class FilterByMap {
  readonly #values = new Map<keyof FilterBy, FilterBy[keyof FilterBy]>()

  /** @param initial filters to start with, e.g. `{ interestFree: true }`. */
  constructor(initial: Partial<FilterBy> = {}) {
    for (const key of KEYS) {
      const value = initial[key]
      if (value !== undefined) this.set(key, value)
    }
  }

  /**
   * Sets one filter, replacing its previous value.
   * @throws TypeError for an unknown key or a value of the wrong kind.
   */
  set<K extends keyof FilterBy>(key: K, value: FilterBy[K]): this {
    if (!KEYS.includes(key))
      throw new TypeError(`FilterByMap: unknown filter "${String(key)}" (use ${KEYS.join(', ')}).`)
    const valid =
      key === 'paymentMethodType'
        ? Array.isArray(value) && value.every((v) => typeof v === 'string')
        : key === 'interestFree'
          ? typeof value === 'boolean'
          : typeof value === 'number' && Number.isFinite(value) && value >= 0
    if (!valid) throw new TypeError(`FilterByMap: invalid value for "${key}": ${JSON.stringify(value)}.`)
    this.#values.set(key, key === 'paymentMethodType' ? ([...(value as string[])] as FilterBy[K]) : value)
    return this
  }

  /** The value of one filter, or undefined when it is not set. */
  get<K extends keyof FilterBy>(key: K): FilterBy[K] | undefined {
    return this.#values.get(key) as FilterBy[K] | undefined
  }

  /** Whether a filter is set. */
  has(key: keyof FilterBy): boolean {
    return this.#values.has(key)
  }

  /** Removes one filter; true when it was set. */
  delete(key: keyof FilterBy): boolean {
    return this.#values.delete(key)
  }

  /** Removes every filter. */
  clear(): void {
    this.#values.clear()
  }

  /** How many filters are set. */
  get size(): number {
    return this.#values.size
  }

  /** The filters set, as `[key, value]` pairs in the order they were set. */
  entries(): Array<[keyof FilterBy, FilterBy[keyof FilterBy]]> {
    return [...this.#values.entries()]
  }

  /** Whether the conditions of one term pass every filter set. */
  matches(conditions: LoanConditions): boolean {
    const types = this.get('paymentMethodType')
    if (types && !(types as string[]).includes(conditions.paymentMethodType)) return false
    const term = this.get('term')
    if (term !== undefined && conditions.term !== term) return false
    const minTerm = this.get('minTerm')
    if (minTerm !== undefined && conditions.term < minTerm) return false
    const maxTerm = this.get('maxTerm')
    if (maxTerm !== undefined && conditions.term > maxTerm) return false
    const maxInstalment = this.get('maxInstalment')
    if (maxInstalment !== undefined && conditions.instalmentAmount > maxInstalment) return false
    const interestFree = this.get('interestFree')
    if (interestFree !== undefined && (conditions.apr === 0) !== interestFree) return false
    return true
  }

  /** The filters as a plain object (for logging and `JSON.stringify`). */
  toJSON(): Partial<FilterBy> {
    return Object.fromEntries(this.#values) as Partial<FilterBy>
  }
}
