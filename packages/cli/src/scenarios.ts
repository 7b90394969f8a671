import type { Plazo } from '@plazo/node'
import { CliError } from './errors.ts'

export type CheckoutMode = 'auto_capture' | 'auto_confirm' | 'delegated'

export interface Scenario {
  name: string
  description: string
  /** The `merchant.checkout_mode` of the session it creates. */
  mode: CheckoutMode
  /** The events it writes, in order (the guide and the tests show the same). */
  events: readonly string[]
  /** What happens after the session is created, step by step (each names itself and calls the API). */
  steps: ReadonlyArray<{ label: string; run: (plazo: Plazo, id: string) => Promise<unknown> }>
}

const action = (name: 'approve' | 'deny' | 'challenge' | 'desist') => ({
  label: `customer ${{ approve: 'approves', deny: 'denies', challenge: 'is challenged', desist: 'desists' }[name]} (test helper)`,
  run: (plazo: Plazo, id: string) => plazo.testHelpers.customerAction(id, { action: name }),
})
const confirm = { label: 'confirm the order', run: (plazo: Plazo, id: string) => plazo.orders.confirm(id) }
const capture = { label: 'capture the order', run: (plazo: Plazo, id: string) => plazo.orders.capture(id) }

/** Every scenario of DESIGN.md ("CLI"), in the order `--list` shows them. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'checkout.approved',
    description: 'the customer completes the checkout and the lender approves (auto_capture)',
    mode: 'auto_capture',
    events: [
      'payment_intent_status_changed',
      'payment_intent_status_changed',
      'checkout_session_status_changed',
      'capture_approved',
    ],
    steps: [action('approve')],
  },
  {
    name: 'checkout.denied',
    description: 'the lender denies the loan',
    mode: 'auto_capture',
    events: ['payment_intent_status_changed'],
    steps: [action('deny')],
  },
  {
    name: 'checkout.desisted',
    description: 'the customer gives up on the hosted page',
    mode: 'auto_capture',
    events: ['checkout_session_status_changed'],
    steps: [action('desist')],
  },
  {
    name: 'checkout.challenge',
    description: 'the lender approves only with a down payment',
    mode: 'auto_capture',
    events: ['payment_intent_status_changed', 'checkout_session_status_changed'],
    steps: [action('challenge')],
  },
  {
    name: 'checkout.expired',
    description: 'nobody pays: the sandbox clock moves past expires_at',
    mode: 'auto_capture',
    events: ['checkout_session_status_changed'],
    steps: [
      {
        label: 'advance the sandbox clock past expires_at (test helper)',
        run: async (plazo, id) => {
          const session = (await plazo.checkoutSessions.retrieve(id)) as unknown as {
            payload: { created_at: string; options: { expires_at: string } }
          }
          const { created_at: created, options } = session.payload
          const span = Date.parse(options.expires_at) - Date.parse(created)
          return plazo.testHelpers.advanceClock({ minutes: Math.max(1, Math.ceil(span / 60_000) + 1) })
        },
      },
    ],
  },
  {
    name: 'order.confirmed',
    description: 'delegated mode: approved by the lender, then confirmed by you',
    mode: 'delegated',
    events: [
      'payment_intent_status_changed',
      'payment_intent_status_changed',
      'checkout_session_status_changed',
    ],
    steps: [action('approve'), confirm],
  },
  {
    name: 'order.captured',
    description: 'delegated mode: approved, confirmed, then captured by you',
    mode: 'delegated',
    events: [
      'payment_intent_status_changed',
      'payment_intent_status_changed',
      'checkout_session_status_changed',
      'capture_approved',
    ],
    steps: [action('approve'), confirm, capture],
  },
  {
    name: 'order.refunded',
    description: 'approved and captured at once (auto_capture), then refunded in full',
    mode: 'auto_capture',
    events: [
      'payment_intent_status_changed',
      'payment_intent_status_changed',
      'checkout_session_status_changed',
      'capture_approved',
      'refund_approved',
    ],
    steps: [
      action('approve'),
      {
        label: 'refund the whole order',
        run: async (plazo, id) => {
          const session = (await plazo.checkoutSessions.retrieve(id)) as unknown as {
            payload: { total_price: { amount: number } }
          }
          return plazo.orders.refund(id, { refunded_amount: session.payload.total_price.amount })
        },
      },
    ],
  },
  {
    name: 'order.cancelled',
    description: 'delegated mode: approved, then cancelled by you before confirming',
    mode: 'delegated',
    events: [
      'payment_intent_status_changed',
      'payment_intent_status_changed',
      'checkout_session_status_changed',
    ],
    steps: [
      action('approve'),
      { label: 'cancel the order', run: (plazo, id) => plazo.checkoutSessions.cancel(id) },
    ],
  },
]

export function findScenario(name: string): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.name === name)
  if (!scenario)
    throw new CliError(`unknown scenario "${name}"; one of: ${SCENARIOS.map((s) => s.name).join(', ')}`)
  return scenario
}

/**
 * The create body of a scenario: a hosted-page order of one product (258,00 €, BNPL in 3–12 instalments or a
 * consumer loan), without a notification URL (events reach `plazo listen` through the stream;
 * `--param merchant.notification_url=…` sets one), with its own order reference, then each
 * `--param path=value` (a dotted path; the value is JSON when it parses, else a string).
 */
export function createBody(scenario: Scenario, params: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchant: {
      order_reference_1: `CLI-${Date.now().toString(36).toUpperCase()}`,
      order_reference_2: 'plazo-cli',
      checkout_mode: scenario.mode,
    },
    cart: {
      reference: 'CART-PLAZO-CLI',
      total_price_with_tax: 25800,
      currency: 'EUR',
      items: [
        {
          article: {
            type: 'product',
            category: 'physical',
            name: 'Trail running shoes',
            reference: '8412345678905',
            unit_price_with_tax: 12900,
          },
          units: 2,
          total_discount: 0,
          total_price_with_tax: 25800,
        },
      ],
    },
    purchase_country: 'ESP',
    payment_methods: [
      { type: 'bnpl_instalments', options: { periods: [3, 6, 9, 12] } },
      { type: 'consumer_loan_instalments', options: { periods: [18, 24, 36, 48], annual_interest: 0.0799 } },
    ],
    customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' },
    ui: {
      mode: 'hpp',
      hpp: {
        merchant_urls: {
          success_url: 'http://localhost:3000/checkout/success',
          cancel_url: 'http://localhost:3000/checkout/cancel',
        },
      },
    },
  }
  for (const param of params) setPath(body, param)
  return body
}

function setPath(body: Record<string, unknown>, param: string): void {
  const equals = param.indexOf('=')
  if (equals <= 0) throw new CliError(`--param expects path=value, got "${param}"`)
  const keys = param.slice(0, equals).split('.')
  const text = param.slice(equals + 1)
  let value: unknown = text
  try {
    value = JSON.parse(text)
  } catch {
    // a plain string
  }
  let node: Record<string, unknown> = body
  for (const key of keys.slice(0, -1)) {
    const next = node[key]
    if (typeof next !== 'object' || next === null) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[keys[keys.length - 1] as string] = value
}
