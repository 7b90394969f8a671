import { LENDER } from '../brand.ts'
import { BNPL_PRICING_ID, CONSUMER_LOAN_PRICING_ID } from '../sandbox-ids.ts'
import { FULL_CUSTOMER_EXAMPLE } from './requests.ts'
import { DISTRIBUTE_RESPONSE_EXAMPLE, HPP_ID, SESSION_ID } from './responses.ts'
import { validationErrorExample } from './validation.ts'

/**
 * Examples of the client API (docs/adr/0006): what the hosted page and the embedded checkout read and send
 * from the customer's browser. They follow one order (the 2 × 129.00 EUR shoes of the other examples, offered
 * in 3 or 6 BNPL instalments or an 18- or 24-month consumer loan at 7.99 %), and their figures are what the
 * sandbox answers for it, down payment included. Every one is validated against its schema in the tests.
 */

const PUBLIC = 'http://localhost:4000'
const SHOP = 'https://shop.example.com/checkout'
/** The down-payment session the sandbox lender asks for on `+challenge` (20 % of the cart) and its page. */
export const DOWN_PAYMENT_SESSION_ID = '2b8d4f6a-1c3e-4a57-9b02-6e8f0a2c4d61'
export const DOWN_PAYMENT_HPP_ID = '7d3b9f1e-6a2c-4e85-b0d4-3f8a1c6e9b52'
const DOWN_PAYMENT = 5160
const TOTAL = 25800

const money = (amount: number) => ({ amount, currency: 'EUR' })

/** One offer as the API computes it: equal instalments, the last one absorbing the rounding. */
function offer(
  type: 'bnpl_instalments' | 'consumer_loan_instalments',
  period: number,
  principal: number,
  quota: number,
  totalPayable: number,
  apr: number,
) {
  const bnpl = type === 'bnpl_instalments'
  return {
    payment_method_type: type,
    pricing_id: bnpl ? BNPL_PRICING_ID : CONSUMER_LOAN_PRICING_ID,
    period,
    conditions: {
      currency: 'EUR',
      principal,
      term: period,
      user_defined_quota: quota,
      interest: bnpl ? 0 : 0.0799,
      apr,
      insurance: null,
      grace_period: 0,
    },
    schedule: Array.from({ length: period }, (_, i) => ({
      number: i + 1,
      month: i + 1,
      amount: i < period - 1 ? quota : totalPayable - quota * (period - 1),
    })),
    total_payable: totalPayable,
    total_cost_of_credit: totalPayable - principal,
  }
}

/** The offers on the whole cart, and on the cart minus the down payment once the lender asked for one. */
const OFFERS = {
  full: {
    bnpl_instalments: [
      offer('bnpl_instalments', 3, TOTAL, 8600, 25800, 0),
      offer('bnpl_instalments', 6, TOTAL, 4300, 25800, 0),
    ],
    consumer_loan_instalments: [
      offer('consumer_loan_instalments', 18, TOTAL, 1526, 27463, 0.0829),
      offer('consumer_loan_instalments', 24, TOTAL, 1167, 28001, 0.0829),
    ],
  },
  afterDownPayment: {
    bnpl_instalments: [
      offer('bnpl_instalments', 3, TOTAL - DOWN_PAYMENT, 6880, 20640, 0),
      offer('bnpl_instalments', 6, TOTAL - DOWN_PAYMENT, 3440, 20640, 0),
    ],
    consumer_loan_instalments: [
      offer('consumer_loan_instalments', 18, TOTAL - DOWN_PAYMENT, 1221, 21969, 0.0829),
      offer('consumer_loan_instalments', 24, TOTAL - DOWN_PAYMENT, 933, 22399, 0.0827),
    ],
  },
}

type Mode = 'hpp' | 'embedded'
type IntentStatus = string

const withOrder = (url: string) => `${url}?order_reference=ORDER-100045&checkout_session_id=${SESSION_ID}`
/** The cancel URL once the session is over: its status is told, for display only. */
const cancelUrlAfter = (status: string) => `${withOrder(`${SHOP}/cancel`)}&checkout_session_status=${status}`
const ENDED_UNPAID = ['denied', 'desisted', 'cancelled', 'expired']

interface SessionOptions {
  status?: string
  hppStatus?: string
  methods?: [IntentStatus, IntentStatus]
  selected?: string | null
  customer?: Record<string, string | null>
  downPayment?: { paid: boolean } | null
}

const ANA = {
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana.garcia@example.com',
  phone_number: null,
  document_number: null,
}

/** The order as the customer sees it, on the hosted page or in the embedded checkout. */
function orderView(mode: Mode, options: SessionOptions = {}) {
  const hpp = mode === 'hpp'
  const downPayment = options.downPayment ?? null
  const offers = downPayment ? OFFERS.afterDownPayment : OFFERS.full
  const [bnplStatus, loanStatus] = options.methods ?? ['initial', 'initial']
  return {
    checkout_session_id: SESSION_ID,
    mode,
    status: options.status ?? 'initial',
    hpp_status: hpp ? (options.hppStatus ?? 'initial') : null,
    purchase_country: 'ESP',
    merchant_name: 'Demo Store',
    lender: LENDER,
    page_title: hpp ? 'Montaña Shop' : null,
    logo_url: hpp ? 'https://shop.example.com/logo.svg' : null,
    customization: hpp ? null : { color_brand: '#0f766e', color_brand_foreground: '#fff', shape: 'rounded' },
    total: money(TOTAL),
    lines: [
      {
        name: 'Trail running shoes',
        units: 2,
        total: money(TOTAL),
        image_url: 'https://shop.example.com/img/trail-shoes.png',
      },
    ],
    customer: { ...ANA, ...(hpp ? {} : { phone_number: '+34600123456' }), ...options.customer },
    payment_methods: [
      {
        type: 'bnpl_instalments',
        customer_details: 'basic',
        offers: offers.bnpl_instalments,
        max_grace_period: 0,
        status: bnplStatus,
      },
      {
        type: 'consumer_loan_instalments',
        customer_details: 'full',
        offers: offers.consumer_loan_instalments,
        max_grace_period: 3,
        status: loanStatus,
      },
    ],
    selected_payment_method_type: options.selected ?? null,
    down_payment: downPayment && {
      amount: money(DOWN_PAYMENT),
      paid: downPayment.paid,
      checkout_session_id: DOWN_PAYMENT_SESSION_ID,
      redirect_url: hpp ? `${PUBLIC}/hpp/${DOWN_PAYMENT_HPP_ID}` : null,
    },
    expires_at: '2026-05-18T10:30:00.000Z',
    success_url: hpp ? withOrder(`${SHOP}/success`) : null,
    cancel_url: !hpp
      ? null
      : ENDED_UNPAID.includes(options.status ?? '')
        ? cancelUrlAfter(options.status ?? '')
        : withOrder(`${SHOP}/cancel`),
  }
}

/** The down-payment session: one line, paid by card or bank transfer, no offers. */
function downPaymentView(mode: Mode, options: { status?: string; methods?: [string, string] } = {}) {
  const hpp = mode === 'hpp'
  const [card, a2a] = options.methods ?? ['initial', 'initial']
  const paid = card === 'paid' ? 'card_payment' : a2a === 'paid' ? 'a2a_payment' : null
  return {
    checkout_session_id: DOWN_PAYMENT_SESSION_ID,
    mode,
    status: options.status ?? 'initial',
    hpp_status: hpp ? (options.status === 'confirmed' ? 'completed' : 'initial') : null,
    purchase_country: 'ESP',
    merchant_name: 'Demo Store',
    lender: LENDER,
    page_title: null,
    logo_url: null,
    customization: null,
    total: money(DOWN_PAYMENT),
    lines: [{ name: 'Down payment', units: 1, total: money(DOWN_PAYMENT), image_url: null }],
    customer: { ...ANA, email: 'ana+challenge@example.com' },
    payment_methods: [
      { type: 'card_payment', customer_details: 'basic', offers: [], max_grace_period: 0, status: card },
      { type: 'a2a_payment', customer_details: 'basic', offers: [], max_grace_period: 0, status: a2a },
    ],
    selected_payment_method_type: paid,
    down_payment: null,
    expires_at: '2026-05-18T10:30:00.000Z',
    // A down payment's page sends the customer back with the order's own references.
    success_url: hpp ? withOrder(`${SHOP}/success`) : null,
    cancel_url: hpp ? withOrder(`${SHOP}/cancel`) : null,
  }
}

const challenged = (mode: Mode) =>
  orderView(mode, {
    status: 'challenge',
    hppStatus: 'challenge',
    methods: ['on_hold', 'initial'],
    selected: 'bnpl_instalments',
    customer: { email: 'ana+challenge@example.com', phone_number: null },
    downPayment: { paid: false },
  })

/** The customer's view of a session, by mode and moment. */
export const CLIENT_SESSION_EXAMPLES = {
  hpp: orderView('hpp'),
  hppChallenge: challenged('hpp'),
  embedded: orderView('embedded'),
  embeddedChallenge: challenged('embedded'),
  downPaymentHpp: downPaymentView('hpp'),
  downPaymentEmbedded: downPaymentView('embedded'),
}

/** What `complete` and `desist` answer: the outcome, where to send the customer, and the session after it. */
export const CLIENT_OUTCOME_EXAMPLES = {
  hppConfirmed: {
    status: 'confirmed',
    payment_intent_status: 'confirmed',
    redirect_url: withOrder(`${SHOP}/success`),
    session: orderView('hpp', {
      status: 'confirmed',
      hppStatus: 'completed',
      methods: ['confirmed', 'cancelled'],
      selected: 'bnpl_instalments',
      customer: { phone_number: '+34600123456' },
    }),
  },
  hppDelegatedApproved: {
    status: 'initial',
    payment_intent_status: 'approved',
    redirect_url: withOrder(`${SHOP}/success`),
    session: orderView('hpp', {
      hppStatus: 'completed',
      methods: ['approved', 'initial'],
      selected: 'bnpl_instalments',
    }),
  },
  hppDenied: {
    status: 'initial',
    payment_intent_status: 'denied',
    redirect_url: null,
    session: orderView('hpp', {
      methods: ['denied', 'initial'],
      selected: 'bnpl_instalments',
      customer: { email: 'ana+denied@example.com' },
    }),
  },
  hppChallenge: {
    status: 'challenge',
    payment_intent_status: 'on_hold',
    redirect_url: null,
    session: challenged('hpp'),
  },
  hppDownPaymentPaid: {
    status: 'confirmed',
    payment_intent_status: 'paid',
    redirect_url: withOrder(`${SHOP}/success`),
    session: downPaymentView('hpp', { status: 'confirmed', methods: ['paid', 'cancelled'] }),
  },
  hppDesisted: {
    status: 'desisted',
    payment_intent_status: null,
    redirect_url: cancelUrlAfter('desisted'),
    session: orderView('hpp', {
      status: 'desisted',
      hppStatus: 'cancelled',
      methods: ['desisted', 'desisted'],
    }),
  },
  embeddedConfirmed: {
    status: 'confirmed',
    payment_intent_status: 'confirmed',
    redirect_url: null,
    session: orderView('embedded', {
      status: 'confirmed',
      methods: ['cancelled', 'confirmed'],
      selected: 'consumer_loan_instalments',
      customer: { document_number: FULL_CUSTOMER_EXAMPLE.document_number },
    }),
  },
  embeddedChallenge: {
    status: 'challenge',
    payment_intent_status: 'on_hold',
    redirect_url: null,
    session: challenged('embedded'),
  },
  embeddedDesisted: {
    status: 'desisted',
    payment_intent_status: null,
    redirect_url: null,
    session: orderView('embedded', { status: 'desisted', methods: ['desisted', 'desisted'] }),
  },
  embeddedDownPaymentPaid: {
    status: 'confirmed',
    payment_intent_status: 'paid',
    redirect_url: null,
    session: downPaymentView('embedded', { status: 'confirmed', methods: ['cancelled', 'paid'] }),
  },
  embeddedDownPaymentDesisted: {
    status: 'desisted',
    payment_intent_status: null,
    redirect_url: null,
    session: downPaymentView('embedded', { status: 'desisted', methods: ['desisted', 'desisted'] }),
  },
}

type SecciRow = [id: string, label: string, value: string]
const section = (id: string, heading: string, rows: SecciRow[]) => ({
  id,
  heading,
  rows: rows.map(([rowId, label, value]) => ({ id: rowId, label, value })),
})

const secciSections = [
  section('creditor', '1. Identidad y detalles de contacto del prestamista', [
    ['creditor', 'Prestamista', LENDER.name],
    ['address', 'Dirección', LENDER.address],
    ['phone', 'Número de teléfono', LENDER.phone],
    ['email', 'Correo electrónico', LENDER.email],
    ['website', 'Dirección de página web', LENDER.website],
    ['intermediary', 'Intermediario del crédito', 'Demo Store, la tienda en la que compras'],
  ]),
  section('product', '2. Descripción de las características principales del producto de crédito', [
    ['type', 'Tipo de crédito', 'Préstamo al consumo vinculado a esta compra, a tipo fijo'],
    ['total_amount_of_credit', 'Importe total del crédito', '258,00 €'],
    [
      'drawdown',
      'Condiciones que rigen la disposición de fondos',
      'El importe se paga íntegro a Demo Store por tu compra cuando se confirma el pedido.',
    ],
    ['duration', 'Duración del contrato de crédito', '24 meses'],
    [
      'instalments',
      'Los plazos y el orden en que se realizarán los pagos',
      '24 cuotas mensuales de 11,67 € (la última de 11,60 €). La primera vence 1 mes después de la compra. Cada cuota paga primero los intereses vencidos y después el capital.',
    ],
    [
      'total_amount_payable',
      'Importe total que deberás pagar',
      '280,01 €: el importe del crédito (258,00 €) más el coste total del crédito (22,01 €).',
    ],
    [
      'goods',
      'Bienes o servicios y su precio al contado',
      '2 × Trail running shoes. Precio al contado: 258,00 €.',
    ],
    ['guarantees', 'Garantías requeridas', 'Ninguna'],
  ]),
  section('costs', '3. Costes del crédito', [
    ['borrowing_rate', 'Tipo deudor (TIN)', '7,99 % anual, fijo durante toda la duración del crédito.'],
    [
      'apr',
      'Tasa anual equivalente (TAE)',
      '8,29 %. Es el coste total expresado en porcentaje anual del importe total del crédito. Ejemplo representativo: para 258,00 € a 24 meses con un tipo deudor (TIN) del 7,99 %, pagas 24 cuotas mensuales de 11,67 € (la última de 11,60 €); importe total adeudado 280,01 €, coste total del crédito 22,01 €, TAE 8,29 %.',
    ],
    [
      'ancillary_services',
      '¿Es obligatorio contratar un seguro u otro servicio accesorio para obtener el crédito?',
      'No',
    ],
    ['related_costs', 'Costes relacionados', 'Ninguno: sin comisión de apertura ni de mantenimiento.'],
    [
      'late_payment',
      'Costes en caso de pagos atrasados',
      'Interés de demora del 9,99 % anual sobre el importe vencido, sin otras comisiones. El impago puede tener consecuencias graves para ti y dificultar la obtención de crédito.',
    ],
  ]),
  section('legal', '4. Otros aspectos jurídicos importantes', [
    [
      'withdrawal',
      'Derecho de desistimiento',
      'Sí. Puedes desistir del contrato de crédito en los 14 días naturales siguientes a su firma, o a la recepción de sus condiciones si es posterior, sin indicar el motivo (Ley 16/2011, de contratos de crédito al consumo, art. 28). Si desistes, devuelve el capital y los intereses devengados hasta que lo devuelvas (0,06 € al día) en un plazo de 30 días.',
    ],
    [
      'early_repayment',
      'Reembolso anticipado',
      'Tienes derecho a reembolsar anticipadamente el crédito, total o parcialmente, en cualquier momento (Ley 16/2011, de contratos de crédito al consumo, art. 30). El prestamista no cobra compensación por ello.',
    ],
    [
      'database',
      'Consulta de una base de datos',
      'Si tu solicitud se rechaza tras consultar una base de datos, el prestamista te informará de inmediato y gratuitamente del resultado y de la base de datos consultada.',
    ],
    [
      'draft_agreement',
      'Derecho a un proyecto del contrato de crédito',
      `Tienes derecho a que se te facilite gratuitamente, si lo pides, una copia del proyecto de contrato de crédito: escribe a ${LENDER.email}.`,
    ],
    [
      'validity',
      'Periodo durante el cual el prestamista está vinculado por la información precontractual',
      'Hasta el 18 de mayo de 2026 a las 12:30, cuando caduca este enlace de pago.',
    ],
  ]),
  section(
    'distance',
    '5. Información adicional en caso de comercialización a distancia de servicios financieros',
    [
      ['registration', 'Registro', LENDER.registration],
      ['supervisor', 'Autoridad de supervisión', LENDER.supervisor],
      [
        'withdrawal_exercise',
        'Ejercicio del derecho de desistimiento',
        `Comunícalo a ${LENDER.name} dentro de los 14 días, por correo electrónico a ${LENDER.email} o por correo postal a ${LENDER.address}.`,
      ],
      [
        'law',
        'Legislación aplicable al contrato de crédito y tribunal competente',
        'La legislación española; los tribunales de tu domicilio.',
      ],
      [
        'language',
        'Régimen lingüístico',
        'Esta información y el contrato de crédito están en español; también hay versiones en francés y en inglés.',
      ],
      [
        'complaints',
        'Procedimientos extrajudiciales de reclamación y recurso',
        `Escribe primero al servicio de atención al cliente del prestamista (${LENDER.email}); si en un mes la respuesta no te satisface, al servicio de reclamaciones del Banco de España.`,
      ],
    ],
  ),
]

/**
 * The SECCI of the example order's 24-month consumer loan, in Spanish, as the sandbox answers it (a test of the
 * API builds it from the same order and compares).
 */
export const CLIENT_SECCI_EXAMPLES = {
  loan: {
    language: 'es',
    title: 'Información normalizada europea sobre el crédito al consumo',
    payment_method_type: 'consumer_loan_instalments',
    offer: OFFERS.full.consumer_loan_instalments[1],
    lender: LENDER,
    sections: secciSections,
    credit_warning: null,
    printable_url: `${PUBLIC}/hpp/${HPP_ID}/secci?payment_method_type=consumer_loan_instalments&period=24&grace_period=0&lang=es`,
  },
}

const BASIC = { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' }

/** What the browser sends to complete a checkout. */
export const CLIENT_COMPLETE_REQUEST_EXAMPLES = {
  bnpl: {
    payment_method_type: 'bnpl_instalments',
    period: 3,
    customer: { ...BASIC, phone_number: '+34600123456' },
  },
  loan: { payment_method_type: 'consumer_loan_instalments', period: 24, customer: FULL_CUSTOMER_EXAMPLE },
  loanWithGrace: {
    payment_method_type: 'consumer_loan_instalments',
    period: 24,
    grace_period: 2,
    customer: FULL_CUSTOMER_EXAMPLE,
  },
  downPaymentCard: {
    payment_method_type: 'card_payment',
    customer: { ...BASIC, email: 'ana+challenge@example.com' },
  },
  downPaymentA2a: {
    payment_method_type: 'a2a_payment',
    customer: { ...BASIC, email: 'ana+challenge@example.com' },
  },
}

const ko = (exception: string, error: string) => ({ status: 'ko', exception, error })
/** The errors the client API answers, as the sandbox words them. */
export const CLIENT_ERROR_EXAMPLES = {
  hppIdNotUuid: validationErrorExample(
    [{ field: '/hpp_id', message: 'must match format "uuid"', keyword: 'format' }],
    {
      hpp_id: 'not-a-uuid',
    },
  ),
  loanWithBasicCustomer: validationErrorExample(
    [
      'phone_number',
      'document_number',
      'document_details',
      'familiar_situation_details',
      'main_residence_details',
      'professional_details',
      'income',
    ].map((name) => ({ field: `/customer/${name}`, message: 'is required', keyword: 'required' })),
    { payment_method_type: 'consumer_loan_instalments', period: 24, customer: BASIC },
  ),
  termNotOffered: validationErrorExample(
    [{ field: '/period', message: 'must be one of the terms offered: 3, 6', keyword: 'enum' }],
    { payment_method_type: 'bnpl_instalments', period: 12, customer: BASIC },
  ),
  secciTermNotOffered: validationErrorExample(
    [{ field: '/period', message: 'must be one of the terms offered: 18, 24', keyword: 'enum' }],
    { payment_method_type: 'consumer_loan_instalments', period: 36 },
  ),
  graceTooLong: validationErrorExample(
    [
      {
        field: '/grace_period',
        message:
          'must be at most 3: the longest grace period the consumer_loan_instalments payment method offers',
        keyword: 'rule',
      },
    ],
    { payment_method_type: 'consumer_loan_instalments', period: 24, grace_period: 6, customer: BASIC },
  ),
  customerFields: validationErrorExample(
    [
      { field: '/customer/last_name', message: 'is required', keyword: 'required' },
      {
        field: '/customer/first_name',
        message: 'must NOT have fewer than 1 characters',
        keyword: 'minLength',
      },
    ],
    { payment_method_type: 'bnpl_instalments', customer: { first_name: '' } },
  ),
  methodNotOffered: validationErrorExample(
    [{ field: '/payment_method_type', message: 'is not offered in this checkout session', keyword: 'rule' }],
    { payment_method_type: 'bnpl_instalments', customer: { ...BASIC, email: 'ana+challenge@example.com' } },
  ),
  secretMissing: { error: 'invalid_request', error_description: 'The access token is missing' },
  secretInvalid: { error: 'invalid_token', error_description: 'The access token is invalid or has expired' },
  hppNotFound: ko('plazo.hpp.not_found', `Hosted payment page ${HPP_ID} not found.`),
  alreadyConfirmed: ko(
    'plazo.checkout.invalid_state',
    'The checkout session is confirmed: the customer can no longer act on it.',
  ),
  alreadyDesisted: ko(
    'plazo.checkout.invalid_state',
    'The checkout session is desisted: the customer can no longer act on it.',
  ),
  methodDenied: ko(
    'plazo.checkout.invalid_state',
    'The bnpl_instalments payment intent is denied: choose another payment method.',
  ),
  waitsForDownPayment: ko(
    'plazo.checkout.invalid_state',
    `The checkout session waits for its down payment: the customer pays it in session ${DOWN_PAYMENT_SESSION_ID}.`,
  ),
  noDownPayment: ko(
    'plazo.checkout.invalid_state',
    'The checkout session is initial: it has no down payment to pay.',
  ),
  pageNotPayable: ko(
    'plazo.checkout.invalid_state',
    'The checkout session is confirmed: its hosted page can no longer be paid.',
  ),
  rateLimited: ko('plazo.request.rate_limited', 'Too many requests: retry after 2712 s.'),
}

/** What the distribution page sends and receives (`POST /client/hpp/{hpp_id}/distribute`). */
export const CLIENT_DISTRIBUTE_EXAMPLES = {
  sms: DISTRIBUTE_RESPONSE_EXAMPLE,
  email: {
    status: 'ok',
    payload: {
      id: '9e1f5c3a-2b7d-4e08-a6c4-1d8f3b5e7a92',
      hpp_id: HPP_ID,
      recipient: 'ana.garcia@example.com',
      channel: 'email',
      sent_at: '2026-05-17T10:31:20Z',
    },
    identifier: '9e1f5c3a-2b7d-4e08-a6c4-1d8f3b5e7a92',
  },
}
