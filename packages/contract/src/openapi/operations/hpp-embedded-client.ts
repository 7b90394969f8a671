import { BRAND } from '../../brand.ts'
import {
  ClientCompleteRequestSchema,
  ClientOutcomeSchema,
  ClientSessionQuerySchema,
  ClientSessionSchema,
  SecciQuerySchema,
  SecciSchema,
} from '../../client.ts'
import { ErrorBodySchema, UnauthorizedBodySchema, ValidationErrorBodySchema } from '../../errors.ts'
import {
  CLIENT_DISTRIBUTE_EXAMPLES,
  DISTRIBUTE_REQUEST_EXAMPLES,
  ERROR_EXAMPLES,
  CLIENT_ERROR_EXAMPLES as ERRORS,
  CLIENT_OUTCOME_EXAMPLES as OUTCOMES,
  CLIENT_COMPLETE_REQUEST_EXAMPLES as REQUESTS,
  CLIENT_SECCI_EXAMPLES as SECCI,
  CLIENT_SESSION_EXAMPLES as SESSIONS,
} from '../../examples/index.ts'
import { DistributeRequestSchema, DistributeResponseSchema } from '../../order-management.ts'
import { e400, e500, type OperationSpec, one, type ResponseSpec } from './responses.ts'

/**
 * The client API of the hosted page and of the embedded checkout (docs/adr/0006), as the OpenAPI documents
 * describe it: called from the customer's browser, scoped by the hosted page id or the session's client
 * secret, never by the merchant's bearer token.
 */

export const HPP_CLIENT_TAG = 'Hosted page client (browser)'
export const EMBEDDED_CLIENT_TAG = 'Embedded checkout client (browser)'

export const CLIENT_TAG_DESCRIPTIONS: Record<string, string> = {
  [HPP_CLIENT_TAG]: `What the ${BRAND} hosted payment page calls from the customer's browser: you do not need them to take payments, since the page makes them for you. They are here so you know exactly what the customer sees and does, to build a page or kiosk flow of your own, and for the distribution page your store staff use. No token: the hosted page id in the path (the last segment of \`redirect_url\`, \`payload.hpp.id\`) is the capability, so treat the link like the order itself. They are same-origin calls of the hosted page (no CORS headers).`,
  [EMBEDDED_CLIENT_TAG]: `What the embedded checkout calls from the customer's browser, authenticated by the session's \`client_secret\` in the \`x-client-secret\` header, never by your bearer token. The CheckoutSessionComponent iframe makes them for you; with your own form, checkout-js \`checkoutSession({ clientSecret })\` reads the session and \`paymentIntent({ clientSecret, … })\` completes it. They answer CORS for any origin (\`access-control-allow-origin: *\`; the OPTIONS preflight allows \`content-type\` and \`x-client-secret\`), without cookies.`,
}

const sandboxLender =
  'In the sandbox the lender decides from the customer\u2019s e-mail: `+denied`, `+on_hold` or `+challenge` in its local part (`ana+denied@example.com`) deny, hold or ask for a down payment; any other address is approved at once.'

const hppNotFound: ResponseSpec = {
  description: 'No hosted page has this id.',
  schema: ErrorBodySchema,
  examples: one('Unknown hosted page', ERRORS.hppNotFound),
}
const hppIdNotUuid = e400('Hosted page id not a UUID', ERRORS.hppIdNotUuid)

const secret401: ResponseSpec = {
  description:
    'No `x-client-secret` header (`invalid_request`), or a secret that opens no session (`invalid_token`): check that you pass the `client_secret` of `POST /checkout` as it was returned. Checked before the body, so nothing about the session or the schemas is revealed. The body is the 401 of every call, with its token wording, and a `www-authenticate: Bearer` header.',
  schema: UnauthorizedBodySchema,
  examples: {
    missing: { summary: 'No x-client-secret header', value: ERRORS.secretMissing },
    invalid: { summary: 'Wrong or unknown secret', value: ERRORS.secretInvalid },
  },
}

const complete409: ResponseSpec = {
  description:
    'The customer can no longer act on this session: it is already confirmed, desisted, denied, cancelled or expired; it waits for its down payment (pay that first); or the chosen method was denied (choose another one whose `status` is `initial`). Nothing changed: read the session again and show what the message says.',
  schema: ErrorBodySchema,
  examples: {
    done: { summary: 'Already confirmed', value: ERRORS.alreadyConfirmed },
    denied: { summary: 'This method was denied', value: ERRORS.methodDenied },
    downPayment: { summary: 'A down payment is due', value: ERRORS.waitsForDownPayment },
  },
}

const desist409: ResponseSpec = {
  description:
    'The customer can no longer give up: the session is already confirmed, desisted, denied, cancelled or expired, or it waits for its down payment (give up on the down payment instead). Nothing changed.',
  schema: ErrorBodySchema,
  examples: {
    desisted: { summary: 'Already desisted', value: ERRORS.alreadyDesisted },
    downPayment: { summary: 'A down payment is due', value: ERRORS.waitsForDownPayment },
  },
}

const completeRequest = (examples: Record<string, { summary: string; value: unknown }>) => ({
  schema: ClientCompleteRequestSchema,
  examples,
})

const complete400 = (extra: Record<string, { summary: string; value: unknown }> = {}): ResponseSpec => ({
  schema: ValidationErrorBodySchema,
  description:
    'The body or the customer details are not valid, nothing changed. `schema_errors` names each field as a JSON pointer of the body (`/customer/phone_number`), ready to show beside the form field: a missing or malformed detail (phone numbers in international form `+34600123456`; no spaces in the document number; dates as `YYYY-MM-DD`), an unknown field, the full customer missing for a `full` method, a term that is not offered (`/period`), a grace period longer than the method\u2019s `max_grace_period` (`/grace_period`), or a method the session does not offer (`/payment_method_type`).',
  examples: {
    loan: { summary: 'A loan needs the full customer', value: ERRORS.loanWithBasicCustomer },
    fields: { summary: 'Names missing or empty', value: ERRORS.customerFields },
    term: { summary: 'Term not offered', value: ERRORS.termNotOffered },
    grace: { summary: 'Grace period too long', value: ERRORS.graceTooLong },
    ...extra,
  },
})

const graceQuery = [
  {
    name: 'grace_period',
    description: (ClientSessionQuerySchema.properties.grace_period as unknown as { description: string })
      .description,
    required: false,
    schema: ClientSessionQuerySchema.properties.grace_period,
  },
]

const outcomeGuide =
  'Act on the answer: `status: confirmed` is paid; `status: initial` with `payment_intent_status: approved` is done for the customer in delegated checkout mode (you confirm the order); `payment_intent_status: denied` with `status: initial` means that method was refused and the customer can choose another (`session.payment_methods[].status: initial`); `status: denied` means every method was refused; `status: challenge` means the lender approves only with a down payment (`session.down_payment`); `payment_intent_status: on_hold` alone means the lender decides later (read the session again).'

const detailsRule =
  'Send the details the chosen method asks for (`customer_details` of the session\u2019s payment method): `basic` is first and last name with, optionally, e-mail, phone in international form and document number; `full` is the full customer of a payment intent (identity document, family situation, residence, professional details and income). They are checked before anything happens (400 naming each field). `period` is one of the method\u2019s offered terms (`offers[].period`; default the shortest). `grace_period` is the months of grace the customer chose before the first instalment, 0 (the default) to the method\u2019s `max_grace_period`: interest accrues during the grace and is added to the principal each month, and the first instalment falls due at month `grace_period + 1`. Show the figures of that choice from the session read with `?grace_period`.'

const secciQuery = Object.entries(SecciQuerySchema.properties).map(([name, schema]) => ({
  name,
  description:
    name === 'payment_method_type'
      ? 'The payment method of the offer: one of the session\u2019s methods with offers.'
      : ((schema as { description?: string }).description ?? ''),
  required: name === 'payment_method_type',
  schema,
}))

const secciGuide =
  'The Standard European Consumer Credit Information of the offer the customer is looking at (Directive 2008/48/EC, Annex II: «Información normalizada europea sobre el crédito al consumo» in Spain, «Fiche d\u2019information standardisée européenne» in France): the five sections of the annex, in its order, each row with its heading and the offer\u2019s own figures formatted for `lang` — the lender and its address, the type of credit, the total amount of credit, the duration, the instalments, the total amount payable, the goods and their cash price, the borrowing rate, the APR with a representative example, insurance, related costs, late-payment costs, the 14-day right of withdrawal, early repayment, and the rest. `offer` is the very offer of the session read with the same `grace_period`. Show it before the customer confirms (the hosted page and the embedded checkout do, in a disclosure), and give `credit_warning` where it is not null.'

const secci400 = (extra: Record<string, { summary: string; value: unknown }> = {}): ResponseSpec => ({
  schema: ValidationErrorBodySchema,
  description:
    'Not an offer of the session: a method it does not have or without credit (`/payment_method_type`: card and bank transfer have no SECCI), a term not offered (`/period`), a grace period longer than the method allows (`/grace_period`), or a language other than `es`, `fr` and `en`.',
  examples: { term: { summary: 'Term not offered', value: ERRORS.secciTermNotOffered }, ...extra },
})

// ------------------------------------------------------------------------------------- hosted page

export const getHppClientSession: OperationSpec = {
  id: 'getHostedPageClientSession',
  method: 'get',
  path: '/client/hpp/{hpp_id}',
  tag: HPP_CLIENT_TAG,
  summary: 'Read the session of a hosted page',
  description:
    'The order as the hosted page shows it to the customer: your merchant name, page title and logo, the cart lines and total, the customer details already known (to prefill the form), and each payment method with `customer_details` (which form to show: `basic` or `full`), its `status` and one offer per term with the conditions, the monthly schedule, the total payable and the cost of credit, computed as the payment intent will record them. A method whose `max_grace_period` is above 0 lets the customer put off the first instalment by up to that many months: read the session again with `?grace_period=N` for every offer priced with that grace, and send the same `grace_period` when completing. `success_url` and `cancel_url` already carry `order_reference` and `checkout_session_id`. After a challenge, `down_payment.redirect_url` is the page where the customer pays the down payment, and the offers are on the amount left to finance. It answers in every status, so a page reloaded after the end can still show the result.',
  auth: false,
  pathParams: ['hpp_id'],
  queryParams: graceQuery,
  responses: {
    '200': {
      description: 'The session as the customer sees it.',
      schema: ClientSessionSchema,
      examples: {
        open: { summary: 'Open: two methods, two terms each', value: SESSIONS.hpp },
        challenge: { summary: 'A down payment is due', value: SESSIONS.hppChallenge },
        downPayment: { summary: 'The down-payment page', value: SESSIONS.downPaymentHpp },
      },
    },
    '400': hppIdNotUuid,
    '404': hppNotFound,
    '500': e500,
  },
}

export const getHppSecci: OperationSpec = {
  id: 'getHostedPageSecci',
  method: 'get',
  path: '/client/hpp/{hpp_id}/secci',
  tag: HPP_CLIENT_TAG,
  summary: 'Read the SECCI of an offer on the hosted page',
  description: `${secciGuide} \`printable_url\` is the same information as a page to print or save as PDF (\`/hpp/{hpp_id}/secci\` with the same query, outside the API prefix), which the hosted page links to.`,
  auth: false,
  pathParams: ['hpp_id'],
  queryParams: secciQuery,
  responses: {
    '200': {
      description: 'The SECCI of the offer.',
      schema: SecciSchema,
      examples: one('A consumer loan over 24 months, in Spanish', SECCI.loan),
    },
    '400': secci400({ id: { summary: 'Hosted page id not a UUID', value: ERRORS.hppIdNotUuid } }),
    '404': hppNotFound,
    '500': e500,
  },
}

export const completeHppCheckout: OperationSpec = {
  id: 'completeHostedPageCheckout',
  method: 'post',
  path: '/client/hpp/{hpp_id}/complete',
  tag: HPP_CLIENT_TAG,
  summary: 'Complete the checkout on the hosted page',
  description: `The customer chooses a payment method and term and confirms: the lender decides at once and the answer is the outcome. ${detailsRule} The basic details are kept on the session (never the financial profile).

${outcomeGuide} When \`redirect_url\` is set, send the customer there: your \`success_url\` when paid or approved, your \`cancel_url\` when every method was denied, each with \`order_reference\` and \`checkout_session_id\`. After a challenge it is null: send the customer to \`session.down_payment.redirect_url\`, whose page takes the down payment with this same call (\`card_payment\` or \`a2a_payment\`) and then sends the customer on as the order would.

Your \`notification_url\` is notified of every status change. ${sandboxLender}`,
  auth: false,
  pathParams: ['hpp_id'],
  request: completeRequest({
    bnpl: { summary: 'BNPL in 3 instalments, basic customer', value: REQUESTS.bnpl },
    loan: { summary: 'Consumer loan over 24 months, full customer', value: REQUESTS.loan },
    grace: { summary: 'First instalment in 3 months (2 months of grace)', value: REQUESTS.loanWithGrace },
    downPayment: { summary: 'Down payment by card (down-payment page)', value: REQUESTS.downPaymentCard },
  }),
  responses: {
    '200': {
      description: 'The lender decided; the outcome says where the customer goes next.',
      schema: ClientOutcomeSchema,
      examples: {
        confirmed: { summary: 'Paid: to the success URL', value: OUTCOMES.hppConfirmed },
        approved: { summary: 'Approved, delegated mode', value: OUTCOMES.hppDelegatedApproved },
        denied: { summary: 'Method denied: choose another', value: OUTCOMES.hppDenied },
        challenge: { summary: 'Down payment asked', value: OUTCOMES.hppChallenge },
        downPaymentPaid: { summary: 'Down payment paid', value: OUTCOMES.hppDownPaymentPaid },
      },
    },
    '400': complete400(),
    '404': hppNotFound,
    '409': complete409,
    '500': e500,
  },
}

export const desistHppCheckout: OperationSpec = {
  id: 'desistHostedPageCheckout',
  method: 'post',
  path: '/client/hpp/{hpp_id}/desist',
  tag: HPP_CLIENT_TAG,
  summary: 'Give up the checkout on the hosted page',
  description:
    'The customer goes back to the shop without paying: the session becomes `desisted` and the hosted page `cancelled`, for good. `redirect_url` is your `cancel_url` with `order_reference` and `checkout_session_id`: send the customer there. Giving up on a down-payment page desists the order too, and the customer goes to the order\u2019s cancel URL. No body. Your `notification_url` is notified of the status change.',
  auth: false,
  pathParams: ['hpp_id'],
  responses: {
    '200': {
      description: 'Desisted; send the customer to `redirect_url`.',
      schema: ClientOutcomeSchema,
      examples: one('Back to the cancel URL', OUTCOMES.hppDesisted),
    },
    '400': hppIdNotUuid,
    '404': hppNotFound,
    '409': desist409,
    '500': e500,
  },
}

export const distributeFromPage: OperationSpec = {
  id: 'distributeHostedPageFromPage',
  method: 'post',
  path: '/client/hpp/{hpp_id}/distribute',
  tag: HPP_CLIENT_TAG,
  summary: 'Send the hosted page link from the distribution page',
  description:
    'What the distribution page (`distribution_url`) calls when your store staff type the customer\u2019s e-mail address or mobile number: it sends `redirect_url` by e-mail (an address) or SMS (a phone number with `+` and country code, no spaces), in the language of the purchase country. Only while the order can be paid (session and hosted page `initial` or `challenge`; 409 afterwards). No token, so it is limited to 5 sends per hosted page and hour: the next answers 429 with `Retry-After` (seconds). From your server, use `POST /checkout/hpp/{hpp_id}/distribute` with your token instead (no hourly limit, `Idempotency-Key`). The sandbox sends nothing: it keeps each message, which `GET /test-helpers/outbox` lists.',
  auth: false,
  pathParams: ['hpp_id'],
  request: {
    schema: DistributeRequestSchema,
    examples: DISTRIBUTE_REQUEST_EXAMPLES,
  },
  responses: {
    '201': {
      description: 'Sent (kept in the outbox in the sandbox).',
      schema: DistributeResponseSchema,
      examples: {
        sms: { summary: 'Sent by SMS', value: CLIENT_DISTRIBUTE_EXAMPLES.sms },
        email: { summary: 'Sent by e-mail', value: CLIENT_DISTRIBUTE_EXAMPLES.email },
      },
    },
    '400': e400('Not an e-mail or a phone with country code', ERROR_EXAMPLES.recipientInvalid),
    '404': hppNotFound,
    '409': {
      description: 'The order can no longer be paid (confirmed, desisted, denied, cancelled or expired).',
      schema: ErrorBodySchema,
      examples: one('Already paid', ERRORS.pageNotPayable),
    },
    '429': {
      description:
        'Five links were sent for this hosted page in the last hour. Wait the seconds of `Retry-After` (the message says them too), or send it from your server.',
      schema: ErrorBodySchema,
      examples: one('Hourly limit reached', ERRORS.rateLimited),
      headers: {
        'Retry-After': {
          description: 'Seconds until this hosted page can send again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
    '500': e500,
  },
}

// ------------------------------------------------------------------------------------- embedded

const embedded = { auth: false, clientSecret: true, cors: true, tag: EMBEDDED_CLIENT_TAG } as const

export const getEmbeddedClientSession: OperationSpec = {
  ...embedded,
  id: 'getEmbeddedClientSession',
  method: 'get',
  path: '/client/embedded',
  summary: 'Read the embedded session',
  queryParams: graceQuery,
  description:
    'The session the `client_secret` opens, as the customer sees it: your merchant name, the cart lines and total, your `ui.customization`, the customer details already known (to prefill your form), and each payment method with `customer_details` (which form to show: `basic` or `full`), its `status` and one offer per term with the conditions, the monthly schedule, the total payable and the cost of credit, computed as the payment intent will record them. A method whose `max_grace_period` is above 0 lets the customer put off the first instalment by up to that many months: read the session again with `?grace_period=N` for every offer priced with that grace, and send the same `grace_period` when completing. Show a summary or your own method picker from it. `success_url`, `cancel_url` and `down_payment.redirect_url` are null: the embedded checkout never redirects, your page decides. checkout-js `checkoutSession({ clientSecret })` makes this call.',
  responses: {
    '200': {
      description: 'The session as the customer sees it.',
      schema: ClientSessionSchema,
      examples: {
        open: { summary: 'Open: two methods, two terms each', value: SESSIONS.embedded },
        challenge: { summary: 'A down payment is due', value: SESSIONS.embeddedChallenge },
      },
    },
    '401': secret401,
    '500': e500,
  },
}

export const getEmbeddedSecci: OperationSpec = {
  ...embedded,
  id: 'getEmbeddedSecci',
  method: 'get',
  path: '/client/embedded/secci',
  summary: 'Read the SECCI of an offer of the embedded session',
  queryParams: secciQuery,
  description: `${secciGuide} \`printable_url\` is null: the client secret never goes in a URL, so the embedded checkout prints the information it shows instead.`,
  responses: {
    '200': {
      description: 'The SECCI of the offer.',
      schema: SecciSchema,
      examples: one('A consumer loan over 24 months, in Spanish', { ...SECCI.loan, printable_url: null }),
    },
    '400': secci400(),
    '401': secret401,
    '500': e500,
  },
}

export const completeEmbeddedCheckout: OperationSpec = {
  ...embedded,
  id: 'completeEmbeddedCheckout',
  method: 'post',
  path: '/client/embedded/complete',
  summary: 'Complete the embedded checkout',
  description: `The customer chooses a payment method and term and confirms: the lender decides at once and the answer is the outcome. ${detailsRule} The basic details are kept on the session (never the financial profile).

${outcomeGuide} \`redirect_url\` is always null: show the result in your page. After a challenge, take the down payment with \`GET /client/embedded/down-payment\` and \`POST /client/embedded/down-payment/complete\`, with the same secret. Fulfil the order from your server (the notification to your \`notification_url\`, or \`GET /checkout/{checkout_session_id}\`), never from what the browser says. checkout-js \`paymentIntent({ clientSecret, paymentMethodType, term, customer })\` makes this call. ${sandboxLender}`,
  request: completeRequest({
    bnpl: { summary: 'BNPL in 3 instalments, basic customer', value: REQUESTS.bnpl },
    loan: { summary: 'Consumer loan over 24 months, full customer', value: REQUESTS.loan },
    grace: { summary: 'First instalment in 3 months (2 months of grace)', value: REQUESTS.loanWithGrace },
  }),
  responses: {
    '200': {
      description: 'The lender decided; the outcome says what to show.',
      schema: ClientOutcomeSchema,
      examples: {
        confirmed: { summary: 'Paid with a consumer loan', value: OUTCOMES.embeddedConfirmed },
        challenge: { summary: 'Down payment asked', value: OUTCOMES.embeddedChallenge },
      },
    },
    '400': complete400(),
    '401': secret401,
    '409': complete409,
    '500': e500,
  },
}

export const desistEmbeddedCheckout: OperationSpec = {
  ...embedded,
  id: 'desistEmbeddedCheckout',
  method: 'post',
  path: '/client/embedded/desist',
  summary: 'Give up the embedded checkout',
  description:
    'The customer gives up without paying: the session becomes `desisted`, for good, and the secret can only read it from then on. Create a new session if the customer wants to try again. No body. Your `notification_url` is notified of the status change.',
  responses: {
    '200': {
      description: 'Desisted.',
      schema: ClientOutcomeSchema,
      examples: one('Desisted', OUTCOMES.embeddedDesisted),
    },
    '401': secret401,
    '409': desist409,
    '500': e500,
  },
}

const noDownPayment: ResponseSpec = {
  description:
    'The order has no down payment to pay: the lender did not ask for one (`down_payment` is null), or the order is over. Nothing changed.',
  schema: ErrorBodySchema,
  examples: one('No down payment', ERRORS.noDownPayment),
}

export const getEmbeddedDownPayment: OperationSpec = {
  ...embedded,
  id: 'getEmbeddedDownPayment',
  method: 'get',
  path: '/client/embedded/down-payment',
  summary: 'Read the down payment of the embedded session',
  description:
    'After a challenge (`status: challenge` and `down_payment.paid: false` on the order), the session that collects the down payment: one line `Down payment` for `down_payment.amount`, paid by `card_payment` or `a2a_payment` (no offers, `customer_details: basic`). It has no secret of its own: the order\u2019s `client_secret` opens it.',
  responses: {
    '200': {
      description: 'The down-payment session.',
      schema: ClientSessionSchema,
      examples: one('Card or bank transfer', SESSIONS.downPaymentEmbedded),
    },
    '401': secret401,
    '409': noDownPayment,
    '500': e500,
  },
}

export const completeEmbeddedDownPayment: OperationSpec = {
  ...embedded,
  id: 'completeEmbeddedDownPayment',
  method: 'post',
  path: '/client/embedded/down-payment/complete',
  summary: 'Pay the down payment of the embedded session',
  description:
    'The customer pays the down payment by `card_payment` or `a2a_payment`, with the basic details. Once paid (`status: confirmed`, `payment_intent_status: paid`), the order moves on at once with the method chosen before the challenge: confirmed, or approved in delegated mode. Read it again with `GET /client/embedded`. Any other method answers 400. The outcome is the down-payment session\u2019s; your `notification_url` receives `down_payment_status_changed` and the order\u2019s changes.',
  request: completeRequest({
    card: { summary: 'By card', value: REQUESTS.downPaymentCard },
    a2a: { summary: 'By bank transfer', value: REQUESTS.downPaymentA2a },
  }),
  responses: {
    '200': {
      description: 'The down payment is paid.',
      schema: ClientOutcomeSchema,
      examples: one('Paid by bank transfer', OUTCOMES.embeddedDownPaymentPaid),
    },
    '400': complete400({
      method: { summary: 'Not a down-payment method', value: ERRORS.methodNotOffered },
    }),
    '401': secret401,
    '409': {
      ...noDownPayment,
      description:
        'No down payment to pay (the lender did not ask for one), or it is already paid or given up. Nothing changed.',
      examples: {
        none: { summary: 'No down payment', value: ERRORS.noDownPayment },
        done: { summary: 'Already paid', value: ERRORS.alreadyConfirmed },
      },
    },
    '500': e500,
  },
}

export const desistEmbeddedDownPayment: OperationSpec = {
  ...embedded,
  id: 'desistEmbeddedDownPayment',
  method: 'post',
  path: '/client/embedded/down-payment/desist',
  summary: 'Give up the down payment of the embedded session',
  description:
    'The customer will not pay the down payment: the down-payment session and the order both become `desisted`, for good. No body. Your `notification_url` receives `down_payment_status_changed` and the order\u2019s status change.',
  responses: {
    '200': {
      description: 'The down payment, and with it the order, are desisted.',
      schema: ClientOutcomeSchema,
      examples: one('Desisted', OUTCOMES.embeddedDownPaymentDesisted),
    },
    '401': secret401,
    '409': noDownPayment,
    '500': e500,
  },
}
