// What each operation's sample needs before it runs, set up through the API in-process, and given to the
// sample as the environment variables its code reads (besides PLAZO_API_URL and PLAZO_ACCESS_TOKEN). Every
// run gets fresh state of its own, so the three languages of one operation, and all operations, can run
// at the same time: a capture gets its own confirmed order, a redelivery its own event.
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import type { HppKit } from '../client/hpp-kit.ts'

export interface Setup {
  env: Record<string, string>
  /** Run as Other Shop: the sandbox clock is per merchant, and moving it must not expire the others' sessions. */
  merchant?: 'other'
}

type Prepare = (kit: HppKit) => Promise<Setup>

const nothing: Prepare = async () => ({ env: {} })

const session: Prepare = async (kit) => ({
  env: { PLAZO_CHECKOUT_SESSION_ID: (await kit.createEmbedded()).id },
})

const embedded: Prepare = async (kit) => ({
  env: { PLAZO_CLIENT_SECRET: (await kit.createEmbedded()).secret },
})

/** An embedded session whose customer the lender challenged: it now waits for the down payment. */
const challenged: Prepare = async (kit) => {
  const email = 'ana+challenge@example.com'
  const { secret } = await kit.createEmbedded({ email })
  const res = await kit.client(
    'POST',
    '/embedded/complete',
    { payment_method_type: 'bnpl_instalments', customer: { first_name: 'Ana', last_name: 'García', email } },
    { 'x-client-secret': secret },
  )
  if (res.json().status !== 'challenge') throw new Error(`expected a challenge: ${res.body}`)
  return { env: { PLAZO_CLIENT_SECRET: secret } }
}

const hostedPage: Prepare = async (kit) => ({ env: { PLAZO_HPP_ID: (await kit.createHpp()).hppId } })

/** The SECCI of an offer: a session of either kind, and the financed method whose offer it describes. */
const secci =
  (prepare: Prepare): Prepare =>
  async (kit) => {
    const { env } = await prepare(kit)
    return { env: { ...env, PLAZO_PAYMENT_METHOD_TYPE: 'consumer_loan_instalments' } }
  }

const agent: Prepare = async () => ({ env: { PLAZO_AGENT_ID: SANDBOX.demoStore.agents.online.id } })

/** A session approved in the given mode (auto_capture captures it at once). */
const approved =
  (checkoutMode: 'auto_capture' | 'auto_confirm' | 'delegated'): Prepare =>
  async (kit) => {
    const { id } = await kit.createEmbedded({ checkoutMode })
    await kit.actOk(id, 'approve', 'bnpl_instalments')
    return { env: { PLAZO_CHECKOUT_SESSION_ID: id } }
  }

export const SETUPS: Record<string, Prepare> = {
  login: async () => ({
    env: { PLAZO_USERNAME: SANDBOX.demoStore.username, PLAZO_PASSWORD: SANDBOX.password },
  }),
  refreshToken: async (kit) => {
    const res = await kit.inject('POST', '/auth/login/', {
      username: SANDBOX.demoStore.username,
      password: SANDBOX.password,
    })
    return { env: { PLAZO_REFRESH_TOKEN: res.json().refresh_token } }
  },
  // A login of its own: the sample ends it, and the other samples share the suite's token.
  logout: async (kit) => {
    const res = await kit.inject('POST', '/auth/login/', {
      username: SANDBOX.demoStore.username,
      password: SANDBOX.password,
    })
    return { env: { PLAZO_ACCESS_TOKEN: res.json().access_token } }
  },
  createEmbeddedCheckoutSession: nothing,
  createHppCheckoutSession: nothing,
  createPaymentIntent: nothing,
  listCheckoutSessions: session,
  getCheckoutSession: session,
  updateCheckoutSession: session,
  cancelCheckoutSession: session,
  confirmCheckoutSession: approved('delegated'),
  captureCheckoutSession: approved('auto_confirm'),
  refundCheckoutSession: approved('auto_capture'),
  getEmbeddedClientSession: embedded,
  getEmbeddedSecci: secci(embedded),
  completeEmbeddedCheckout: embedded,
  desistEmbeddedCheckout: embedded,
  getEmbeddedDownPayment: challenged,
  completeEmbeddedDownPayment: challenged,
  desistEmbeddedDownPayment: challenged,
  getAgentConfiguration: agent,
  getAgentPricings: agent,
  simulateOffers: agent,
  distributeHostedPage: hostedPage,
  getHostedPageClientSession: hostedPage,
  getHostedPageSecci: secci(hostedPage),
  completeHostedPageCheckout: hostedPage,
  desistHostedPageCheckout: hostedPage,
  distributeHostedPageFromPage: hostedPage,
  sandboxOutbox: async (kit) => {
    const { hppId } = await kit.createHpp()
    await kit.inject('POST', `/checkout/hpp/${hppId}/distribute/`, { recipient: '+34600123456' })
    return { env: { PLAZO_HPP_ID: hppId } }
  },
  sandboxCustomerAction: session,
  sandboxClockAdvance: async () => ({ env: {}, merchant: 'other' }),
  listWebhookEvents: approved('auto_capture'),
  redeliverWebhookEvent: async (kit) => {
    const { env } = await approved('auto_capture')(kit)
    const events = await kit.inject(
      'GET',
      `/webhooks/events?checkout_session_id=${env.PLAZO_CHECKOUT_SESSION_ID}`,
    )
    const [first] = events.json().payload as Array<{ event_id: string }>
    if (!first) throw new Error(`no event to redeliver: ${events.body}`)
    return { env: { PLAZO_EVENT_ID: first.event_id } }
  },
  setSessionNotificationUrl: session,
  getWebhookSecret: nothing,
  rotateWebhookSecret: nothing,
  downloadWebhookCaCertificate: nothing,
  downloadWebhookClientCertificate: nothing,
  streamEvents: nothing,
  listRequestLog: nothing,
  listLatestEvents: approved('auto_capture'),
  startIntegrationCheck: nothing,
  getIntegrationCheck: async (kit) => {
    const run = await kit.inject('POST', '/test-helpers/integration-checks/', { kind: 'flow' })
    return { env: { PLAZO_INTEGRATION_CHECK_ID: run.json().id } }
  },
  // A webhooks run whose notifications the client sends: it waits for the answers the sample reports.
  answerIntegrationCheck: async (kit) => {
    const run = await kit.inject('POST', '/test-helpers/integration-checks/', {
      kind: 'webhooks',
      url: 'http://127.0.0.1:9/webhooks',
      deliver: 'client',
    })
    return { env: { PLAZO_INTEGRATION_CHECK_ID: run.json().id } }
  },
}
