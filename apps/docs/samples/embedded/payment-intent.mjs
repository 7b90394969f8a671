// expect: GetSessionResponseSchema
// You collected the customer's details and their choice yourself: one call creates the session and processes
// the payment intent, then your server reads the lender's decision.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// The full customer is required; processed_payment_method is the method and term the customer chose.
const request = {
  merchant: { order_reference_1: 'ORDER-100046' },
  cart: {
    total_price_with_tax: 129900,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Road bike',
          reference: '8412345678912',
          unit_price_with_tax: 129900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 129900,
      },
    ],
  },
  purchase_country: 'ESP',
  payment_methods: [{ type: 'consumer_loan_instalments', options: { periods: [18, 24, 36, 48] } }],
  processed_payment_method: { type: 'consumer_loan_instalments', period: 24 },
  customer: {
    first_name: 'Ana',
    last_name: 'García',
    email: 'ana.garcia@example.com',
    phone_number: '+34600123456',
    document_number: '12345678Z',
    document_details: {
      type: 'nif',
      expeditor: 'ESP',
      nationality: 'ESP',
      expiration: '2031-04-12',
      birth_date: '1990-04-12',
      gender: 'F',
    },
    familiar_situation_details: {
      marital: { status: 'married', regime: 'community_of_property' },
      child_support_number: 1,
    },
    main_residence_details: {
      address: {
        street_address: 'Calle Mayor 10',
        postal_code: '28013',
        city: 'Madrid',
        country: 'ESP',
        floor_number: '3',
        door_number: 'B',
      },
      ownership_details: { type: 'ownership', property_type: 'apartment', mortgage: true },
      home_expenses: { mortgage: 65000, currency: 'EUR' },
      entrance_date: '2018-06-01',
    },
    professional_details: {
      employment_status: 'employed',
      professional_position: 'Software engineer',
      company_info: {
        activity: 'Information technology',
        name: 'Tecnologías Ibéricas SL',
        city: 'Madrid',
        seniority: { years: 4, months: 3 },
      },
    },
    income: {
      account_number: 'ES9121000418450200051332',
      net_income: { type: 'monthly', monthly: { amount: 280000, currency: 'EUR' } },
    },
  },
  ui: { mode: 'embedded' },
}
const created = await plazo.checkoutSessions.createWithPaymentIntent(request)

// The lender has decided: read the session (status, chosen intent and its conditions).
const session = await plazo.checkoutSessions.retrieve(created.checkout_session_id)
const intent = session.payload.payment_intents.find(
  (candidate) => candidate.payment_method_id === session.payload.selected_payment_method_id,
)
console.error(
  `Session ${session.payload.status}, intent ${intent?.status}, ${intent?.conditions?.term} months`,
)
console.log(JSON.stringify(session, null, 2))
