/** The bases and helpers of the validation rule rows: each row changes one value of a valid body. */
import { examples, type validate } from '../../src/index.ts'

export type Body = Record<string, unknown>
export const clone = <T>(value: T): T => structuredClone(value)
export const REMOVE = Symbol('remove')

export function setAt(body: Body, path: string, value: unknown): Body {
  const copy = clone(body)
  const keys = path.split('/').filter(Boolean)
  let node: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  const last = keys[keys.length - 1] as string
  if (value === REMOVE) delete node[last]
  else node[last] = value
  return copy
}

export const embedded = (type: string) => examples.embeddedRequestExample(type) as unknown as Body
export const hpp = (type: string) => examples.hppRequestExample(type) as unknown as Body
export const intent = examples.PAYMENT_INTENT_REQUEST_EXAMPLE as unknown as Body
export const login = { username: 'demo@plazo.test', password: 'plazo-sandbox' }
export const withShipping = setAt(embedded('product'), '/shipping', {
  name: 'Home delivery',
  method: 'home',
  first_name: 'Ana',
  last_name: 'García',
  address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
})
export const withBilling = setAt(embedded('product'), '/billing', {
  first_name: 'Ana',
  last_name: 'García',
  address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
})
export const withDownPayment = setAt(embedded('automobile'), '/down_payment', {
  down_payment_collection: 'upfront',
  payment_methods: ['card_payment'],
  amount: 50000,
  currency: 'EUR',
})
export const withSetupFee = setAt(embedded('product'), '/payment_methods/1/options/setup_fee', {
  payment_type: 'type_financed',
  fee_type: 'percentage',
  amount: 0.02,
})
export const unemployed = {
  employment_status: 'unemployed',
}

export interface Row {
  rule: string
  schema: Parameters<typeof validate>[0]
  base: Body
  path: string
  bad: unknown
  good: unknown
  field: string
}
