import {
  type EmbeddedCheckoutSessionRequest,
  type HppCheckoutSessionRequest,
  Plazo,
  PlazoError,
} from '@plazo/node'
import Fastify, { type FastifyInstance } from 'fastify'
import { findProduct, type Product } from './catalog.ts'
import type { DemoConfig } from './config.ts'
import { OrderBook } from './orders.ts'
import {
  checkoutPage,
  homePage,
  type Locale,
  messagePage,
  orderPage,
  ordersPage,
  productPage,
} from './pages.ts'
import { PlazoSignatureVerificationError, secretFrom, WebhookVerifier } from './webhooks.ts'

export interface DemoStore {
  app: FastifyInstance
  orders: OrderBook
}

function localeOf(value: unknown): Locale {
  return value === 'es' || value === 'fr' || value === 'en' ? value : 'en'
}

/** The order as Plazo's cart: one line, the product, with the store's own references. */
function cartOf(product: Product, reference: string) {
  return {
    reference,
    total_price_with_tax: product.price,
    currency: 'EUR' as const,
    items: [
      {
        article: {
          type: 'product' as const,
          category: 'physical' as const,
          name: product.name,
          reference: product.sku,
          description: product.description,
          unit_price_with_tax: product.price,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: product.price,
      },
    ],
  }
}

/**
 * The demo merchant site (app.ts builds, server.ts listens). Every call to Plazo with credentials happens
 * here on the server; pages get only the agent id and, for the embedded checkout, the session's client secret.
 */
export async function buildDemoStore(config: DemoConfig): Promise<DemoStore> {
  const app = Fastify({ logger: false })
  // The store's server-side client: logs in with the store's credentials, renews the token, retries safely.
  const plazo = new Plazo({
    username: config.username,
    password: config.password,
    apiUrl: `${config.apiUrl}/api/v2`,
  })
  const orders = new OrderBook()
  const verifier = new WebhookVerifier(secretFrom(() => plazo.webhooks.secret()))
  const notificationUrl = `${config.publicUrl}/webhooks/plazo`

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'demo store error')
    const detail =
      error instanceof PlazoError
        ? `${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`
        : 'Something went wrong.'
    return reply
      .status(502)
      .type('text/html; charset=utf-8')
      .send(messagePage('Plazo could not take the order', detail))
  })

  app.get<{ Querystring: { lang?: string } }>('/', async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(homePage(config, localeOf(request.query.lang))),
  )

  app.get<{ Params: { sku: string }; Querystring: { lang?: string } }>(
    '/products/:sku',
    async (request, reply) => {
      const product = findProduct(request.params.sku)
      if (!product)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(messagePage('Not found', 'No such product.'))
      return reply
        .type('text/html; charset=utf-8')
        .send(productPage(config, product, localeOf(request.query.lang)))
    },
  )

  app.post<{ Body: { sku?: string; mode?: string; lang?: string } }>('/checkout', async (request, reply) => {
    const product = findProduct(request.body?.sku ?? '')
    if (!product)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(messagePage('Not found', 'No such product.'))
    const locale = localeOf(request.body.lang)
    const reference = orders.nextReference()
    const common = {
      merchant: {
        order_reference_1: reference,
        order_reference_2: 'demo-store',
        notification_url: notificationUrl,
      },
      cart: cartOf(product, reference),
      purchase_country: 'ESP' as const,
      agent_id: config.agentId,
    }
    if (request.body.mode === 'hpp') {
      const body: HppCheckoutSessionRequest = {
        ...common,
        ui: {
          mode: 'hpp',
          hpp: {
            merchant_urls: {
              success_url: `${config.publicUrl}/orders/return`,
              cancel_url: `${config.publicUrl}/orders/return`,
            },
            customization: { page_title: 'Demo Store' },
          },
        },
      }
      const created = await plazo.checkoutSessions.create(body)
      orders.add({ reference, checkoutSessionId: created.checkout_session_id, mode: 'hpp', product })
      return reply.redirect(created.redirect_url, 303)
    }
    const body: EmbeddedCheckoutSessionRequest = { ...common, ui: { mode: 'embedded' } }
    const created = await plazo.checkoutSessions.create(body)
    const order = orders.add({
      reference,
      checkoutSessionId: created.checkout_session_id,
      mode: 'embedded',
      product,
    })
    return reply
      .type('text/html; charset=utf-8')
      .send(checkoutPage(config, order, created.client_secret, locale))
  })

  // The hosted page sends the customer back here with order_reference and checkout_session_id appended.
  app.get<{ Querystring: { checkout_session_id?: string } }>('/orders/return', async (request, reply) => {
    const order = orders.get(request.query.checkout_session_id ?? '')
    if (!order)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(messagePage('Not found', 'No such order.'))
    return reply.redirect(`/orders/${order.checkoutSessionId}`, 303)
  })

  app.get('/orders', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(ordersPage(config, orders.list(), orders.unmatched())),
  )

  app.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => {
    const order = orders.get(request.params.id)
    if (!order)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(messagePage('Not found', 'No such order.'))
    // The page the customer lands on asks Plazo (server to server) rather than trusting the browser.
    const session = await plazo.checkoutSessions.retrieve(order.checkoutSessionId)
    return reply.type('text/html; charset=utf-8').send(orderPage(order, session.payload.status))
  })

  await app.register(async (webhooks) => {
    // The signature covers the exact bytes sent: keep the body as text.
    webhooks.removeAllContentTypeParsers()
    webhooks.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    webhooks.post('/webhooks/plazo', async (request, reply) => {
      try {
        const { event, verified } = await verifier.verify(String(request.body ?? ''), request.headers)
        orders.record({
          id: String(request.headers['webhook-id'] ?? event.event_id),
          receivedAt: new Date().toISOString(),
          verified,
          event,
        })
        return reply.status(204).send()
      } catch (error) {
        if (error instanceof PlazoSignatureVerificationError)
          return reply.status(400).send({ error: error.message })
        throw error
      }
    })
  })

  return { app, orders }
}
