import { randomUUID } from 'node:crypto'
import { CONSTANTS, normalizeDeprecatedAliases } from '@plazo/contract'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import { AuthService } from './domain/auth/index.ts'
import { LifecycleService } from './domain/checkout/lifecycle-service.ts'
import { PaymentIntentService } from './domain/checkout/payment-intent-service.ts'
import { SessionService } from './domain/checkout/session-service.ts'
import { ClientService } from './domain/client/client-service.ts'
import { DistributionService } from './domain/client/distribution-service.ts'
import { PublicClientService } from './domain/client/public-client.ts'
import { EventStream } from './domain/devtools/event-stream.ts'
import { RequestLog } from './domain/devtools/request-log.ts'
import { SessionFeed } from './domain/devtools/session-feed.ts'
import { SessionSearch } from './domain/devtools/session-search.ts'
import {
  type IntegrationCheckOptions,
  IntegrationChecks,
} from './domain/integration-checks/integration-checks.ts'
import { Accounts } from './domain/sandbox/accounts.ts'
import { Clock } from './domain/sandbox/clock.ts'
import { SignUp } from './domain/sandbox/sign-up.ts'
import {
  createWebhooks,
  type DeliveryWorker,
  type WebhookOptions,
  type WebhookService,
} from './domain/webhooks/index.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerCanonicalIds } from './plugins/canonical-ids.ts'
import { answerFrameworkError, registerErrorHandling } from './plugins/error-handler.ts'
import { registerIdempotency } from './plugins/idempotency.ts'
import { registerJsonBody } from './plugins/json-body.ts'
import { registerRequestLog } from './plugins/request-log.ts'
import { twoPassValidatorCompiler } from './plugins/validator.ts'
import { assetRoutes } from './routes/assets/index.ts'
import { authRoutes } from './routes/auth/index.ts'
import { orderRoutes } from './routes/checkout/orders.ts'
import { checkoutRoutes } from './routes/checkout/sessions.ts'
import { publicClientRoutes } from './routes/client/public.ts'
import { clientSessionRoutes } from './routes/client/session.ts'
import { dashboardRoutes } from './routes/dashboard/index.ts'
import { DEVTOOLS_PATHS, devtoolsRoutes } from './routes/devtools/index.ts'
import { hppDistributionRoutes, hppPageRoutes } from './routes/hpp/index.ts'
import { mcpRoutes } from './routes/mcp/index.ts'
import { testHelperRoutes } from './routes/test-helpers/index.ts'
import { integrationCheckRoutes } from './routes/test-helpers/integration-checks.ts'
import { outboxTestHelperRoutes } from './routes/test-helpers/outbox.ts'
import { webhookRoutes } from './routes/webhooks/index.ts'
import type { Database } from './storage/index.ts'

export const API_PREFIX = '/api/v2'
export const BODY_LIMIT_BYTES = CONSTANTS.BODY_LIMIT_BYTES.value

export interface AppOptions {
  config: Config
  db: Database
  /** Real time; the sandbox clock of each merchant is this plus its offset. Injectable for tests. */
  now?: () => Date
  logger?: FastifyServerOptions['logger']
  /** How often this node runs due timers (ms); 0 disables the loop (tests run timers through the clock helper). */
  timerIntervalMs?: number
  /** The built checkout app served at /hpp and /embedded; defaults to apps/hpp/dist. */
  hppDistDir?: string
  /** The built dashboard served at /dashboard (sandbox only); defaults to apps/dashboard/dist. */
  dashboardDistDir?: string
  /** The checkout-js script served at /checkout.js; defaults to packages/checkout-js/dist/checkout.js. */
  checkoutJsPath?: string
  /** Webhook delivery worker settings (interval, timeout…); `intervalMs: false` leaves passes to `deliverDue()`. */
  webhooks?: WebhookOptions
  /** Keeps the sandbox request log (default: when the sandbox is on); off, for `bench:api` to measure its cost. */
  requestLog?: boolean
  /** The integration check's timings (settle window, latency bound); tests shorten them. */
  integrationChecks?: IntegrationCheckOptions
  /** The dashboard's live stream: its heartbeat and how often it verifies its cookie again (tests shorten them). */
  dashboardStream?: { heartbeatMs?: number; recheckMs?: number }
}

export interface App extends FastifyInstance {
  /** Every route registered, as `METHOD /path` with Fastify's `:param` (HEAD routes Fastify adds excluded). */
  readonly routeList: readonly string[]
  services: {
    auth: AuthService
    sessions: SessionService
    lifecycle: LifecycleService
    clock: Clock
    webhooks: WebhookService
    webhookDelivery: DeliveryWorker
  }
}

/** A request id from the caller's x-request-id when it is safe to log, else a new UUID. */
function requestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID()
}

/** Builds the API as a Fastify instance; `server.ts` only listens. Tests use `app.inject`. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options
  const now = options.now ?? (() => new Date())

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req) => requestId(req.headers['x-request-id']),
    frameworkErrors: answerFrameworkError,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  }) as unknown as App

  const routeList: string[] = []
  Object.defineProperty(app, 'routeList', { value: routeList })
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push(`${method} ${route.url}`)
  })

  app.setValidatorCompiler(twoPassValidatorCompiler())

  registerJsonBody(app, BODY_LIMIT_BYTES)

  // Hooks that every request runs are written with `done` rather than async: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  // Deprecated key spellings of the spec's examples are renamed before validation (never emitted).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined) normalizeDeprecatedAliases(request.body)
    done()
  })

  const clock = new Clock(db, now)
  const auth = new AuthService(db, { accessTokenTtlSeconds: config.accessTokenTtlSeconds, now })
  const sessions = new SessionService({ db, clock, publicUrl: config.publicUrl })
  const lifecycle = new LifecycleService({ db, clock })
  const client = new ClientService({ db, clock, lifecycle, publicUrl: config.publicUrl })
  const distribution = new DistributionService({
    db,
    clock,
    publicUrl: config.publicUrl,
    brand: config.brandName,
    log: app.log,
  })
  const webhooks = createWebhooks({ db, now, clock, log: app.log, ...options.webhooks })
  app.decorate('services', {
    auth,
    sessions,
    lifecycle,
    clock,
    webhooks: webhooks.service,
    webhookDelivery: webhooks.worker,
  })

  registerErrorHandling(app)
  registerAuth(app, auth)
  registerCanonicalIds(app)
  registerIdempotency(app, db, now)
  // The developer tools of the sandbox (`plazo listen`, `plazo logs tail`).
  const requestLog = new RequestLog({
    db,
    now,
    onError: (error) => app.log.error({ err: error }, 'request log write failed'),
  })
  // The dashboard's calls to the API carry this header with a value only this process knows.
  const dashboardMarker = { header: 'x-plazo-dashboard-call', value: randomUUID() }
  if (options.requestLog ?? config.sandbox)
    registerRequestLog(app, requestLog, DEVTOOLS_PATHS, dashboardMarker)

  // The integration check (`plazo check`): sandbox runs that grade a merchant's webhook handler and API flow.
  const integrationChecks = new IntegrationChecks(
    {
      db,
      now,
      clock,
      sessions,
      lifecycle,
      webhooks: webhooks.service,
      certificates: webhooks.certificates,
      requestLog,
      docsUrl: config.docsUrl,
      log: app.log,
    },
    options.integrationChecks,
  )
  app.addHook('onClose', async () => integrationChecks.close())

  // API answers carry tokens, customers' personal data and states that change: no browser or proxy keeps one
  // (a hosted page link stays in history and travels by SMS). Set first, so errors and 404s carry it too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header('cache-control', 'no-store')
  })
  // One read loop per node for every listener: `plazo listen`'s stream and the dashboard's live updates.
  const eventStream = new EventStream({ db })
  await app.register(
    async (api) => {
      authRoutes(api, auth)
      checkoutRoutes(api, sessions, lifecycle, new PaymentIntentService({ db, sessions, lifecycle }))
      orderRoutes(api, lifecycle)
      // Own scope: its CORS hook must not reach the merchant-token routes.
      await api.register(async (scope) => publicClientRoutes(scope, new PublicClientService(db)))
      clientSessionRoutes(api, client)
      hppDistributionRoutes(api, distribution)
      if (config.sandbox) testHelperRoutes(api, lifecycle)
      if (config.sandbox) outboxTestHelperRoutes(api, distribution)
      webhookRoutes(api, webhooks.service)
      if (config.sandbox) devtoolsRoutes(api, eventStream, requestLog)
      if (config.sandbox) integrationCheckRoutes(api, integrationChecks)
    },
    { prefix: API_PREFIX },
  )
  await hppPageRoutes(app, { client, publicUrl: config.publicUrl, distDir: options.hppDistDir })
  // The sandbox dashboard: a merchant's own account, its sessions, events, deliveries and request log.
  if (config.sandbox) {
    await dashboardRoutes(app, {
      accounts: new Accounts(db, { beforeDelete: () => requestLog.flush() }),
      search: new SessionSearch(db),
      auth,
      signUp: new SignUp(db, { signupCode: config.signupCode, now }),
      clock,
      publicUrl: config.publicUrl,
      apiPrefix: API_PREFIX,
      distDir: options.dashboardDistDir,
      marker: dashboardMarker,
      events: eventStream,
      sessions: new SessionFeed({ db }),
      ...(options.dashboardStream ? { stream: options.dashboardStream } : {}),
    })
  }
  // Served at the root, beside the API: <script src="<api>/checkout.js">.
  assetRoutes(app, options.checkoutJsPath ? { checkoutJsPath: options.checkoutJsPath } : {})
  // The MCP server for coding agents (sandbox only): the docs and the sandbox as tools, at /mcp.
  if (config.sandbox) mcpRoutes(app, { apiPrefix: API_PREFIX })
  startTimerLoop(app, lifecycle, options.timerIntervalMs ?? 1000)
  // The outbox worker: started when the app is ready, stopped (its pass finished) when it closes.
  app.addHook('onReady', async () => webhooks.worker.start())
  app.addHook('onClose', async () => webhooks.worker.stop())
  app.addHook('onClose', async () => requestLog.flush())
  return app
}

/** Each node runs due timers on an interval; claims in the database keep two nodes from running one twice. */
function startTimerLoop(app: FastifyInstance, lifecycle: LifecycleService, intervalMs: number): void {
  if (intervalMs <= 0) return
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = running
        .then(() => lifecycle.runDueJobs())
        .catch((error: unknown) => app.log.error({ err: error }, 'timer run failed'))
    }, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
