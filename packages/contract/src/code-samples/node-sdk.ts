// The Node.js sample of each operation a merchant's server makes, written with the Plazo SDK (`@plazo/node`)
// as Stripe's reference shows its own: plain ESM JavaScript that `node sample.mjs` runs once the package is
// installed. The client reads PLAZO_API_URL and PLAZO_ACCESS_TOKEN (or PLAZO_USERNAME and PLAZO_PASSWORD) by
// itself (`Plazo.fromEnv()`). The login, the refresh and the calls of the browser (client secret, public
// agent data) have no SDK method: their samples stay plain fetch.
import { camelCase } from './literals.ts'
import type { EnvVariable } from './request.ts'

/** The SDK call of an operation: its arguments, in order, are `$body` or a variable's name. */
const CALLS: Record<string, { call: string; args: string[] }> = {
  logout: { call: 'logout', args: [] },
  createEmbeddedCheckoutSession: { call: 'checkoutSessions.create', args: ['$body'] },
  createHppCheckoutSession: { call: 'checkoutSessions.create', args: ['$body'] },
  createPaymentIntent: { call: 'checkoutSessions.createWithPaymentIntent', args: ['$body'] },
  listCheckoutSessions: { call: 'checkoutSessions.list', args: [] },
  getCheckoutSession: { call: 'checkoutSessions.retrieve', args: ['PLAZO_CHECKOUT_SESSION_ID'] },
  updateCheckoutSession: { call: 'checkoutSessions.update', args: ['PLAZO_CHECKOUT_SESSION_ID', '$body'] },
  cancelCheckoutSession: { call: 'checkoutSessions.cancel', args: ['PLAZO_CHECKOUT_SESSION_ID'] },
  confirmCheckoutSession: { call: 'orders.confirm', args: ['PLAZO_CHECKOUT_SESSION_ID'] },
  captureCheckoutSession: { call: 'orders.capture', args: ['PLAZO_CHECKOUT_SESSION_ID', '$body'] },
  refundCheckoutSession: { call: 'orders.refund', args: ['PLAZO_CHECKOUT_SESSION_ID', '$body'] },
  distributeHostedPage: { call: 'hpp.distribute', args: ['PLAZO_HPP_ID', '$body'] },
  sandboxCustomerAction: { call: 'testHelpers.customerAction', args: ['PLAZO_CHECKOUT_SESSION_ID', '$body'] },
  sandboxOutbox: { call: 'testHelpers.outbox', args: ['{ hpp_id: hppId }'] },
  sandboxClockAdvance: { call: 'testHelpers.advanceClock', args: ['$body'] },
  listWebhookEvents: { call: 'webhooks.listEvents', args: ['{ checkout_session_id: checkoutSessionId }'] },
  redeliverWebhookEvent: { call: 'webhooks.redeliver', args: ['PLAZO_EVENT_ID'] },
  setSessionNotificationUrl: {
    call: 'webhooks.setNotificationUrl',
    args: ['PLAZO_CHECKOUT_SESSION_ID', '$body'],
  },
  getWebhookSecret: { call: 'webhooks.secret', args: [] },
  rotateWebhookSecret: { call: 'webhooks.rotateSecret', args: ['$body'] },
  downloadWebhookCaCertificate: { call: 'webhooks.caCertificate', args: [] },
  downloadWebhookClientCertificate: { call: 'webhooks.clientCertificate', args: [] },
  startIntegrationCheck: { call: 'testHelpers.startIntegrationCheck', args: ['$body'] },
  getIntegrationCheck: { call: 'testHelpers.integrationCheck', args: ['PLAZO_INTEGRATION_CHECK_ID'] },
  answerIntegrationCheck: {
    call: 'testHelpers.answerIntegrationCheck',
    args: ['PLAZO_INTEGRATION_CHECK_ID', '$body'],
  },
}

/** What the client reads by itself. */
const CLIENT_VARIABLES = new Set(['PLAZO_API_URL', 'PLAZO_ACCESS_TOKEN', 'PLAZO_USERNAME', 'PLAZO_PASSWORD'])

/** The example body as a JavaScript object literal, each placeholder replaced by its variable. */
function bodyLiteral(json: string): string {
  const pretty = JSON.stringify(JSON.parse(json), null, 2)
  return pretty
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:')
    .replace(/"((?:[^"\\]|\\.)*)"/g, (quoted, text: string) => {
      const whole = /^__(PLAZO_[A-Z_]+?)__$/.exec(text)
      if (whole?.[1]) return camelCase({ name: whole[1] })
      if (/__PLAZO_[A-Z_]+__/.test(text)) throw new Error(`A placeholder inside a string: ${quoted}`)
      return `'${JSON.parse(quoted).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
    })
}

/** The operation's sample with the SDK, or undefined when the SDK has no method for it. */
export function sdkProgram(
  id: string,
  variables: EnvVariable[],
  body: string | undefined,
): string | undefined {
  const spec = CALLS[id]
  if (!spec) return undefined
  const declarations = variables
    .filter((variable) => !CLIENT_VARIABLES.has(variable.name))
    .map((variable) => `const ${camelCase(variable)} = process.env.${variable.name};`)
  const args = spec.args.flatMap((arg) => {
    if (arg === '$body') return body === undefined ? [] : ['body']
    return [arg.startsWith('PLAZO_') ? camelCase({ name: arg }) : arg]
  })
  const lines = [
    "import { Plazo } from '@plazo/node';",
    '',
    '// PLAZO_API_URL, and PLAZO_ACCESS_TOKEN or PLAZO_USERNAME + PLAZO_PASSWORD.',
    'const plazo = Plazo.fromEnv();',
  ]
  if (declarations.length > 0) lines.push(...declarations)
  if (body !== undefined && spec.args.includes('$body')) lines.push('', `const body = ${bodyLiteral(body)};`)
  lines.push('', `const answer = await plazo.${spec.call}(${args.join(', ')});`)
  const pem = id.startsWith('downloadWebhook')
  lines.push(pem ? 'console.log(answer);' : 'console.log(JSON.stringify(answer, null, 2));')
  return lines.join('\n')
}
