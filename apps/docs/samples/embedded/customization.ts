// expect: ClientSessionSchema
// Creates an embedded session in your shop's colours and shape, then reads it as the checkout iframe does:
// `customization` is what the iframe paints itself with.
import type {
  ClientSessionSchema,
  Customization,
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  Static,
} from '@plazo/contract'

type ClientSession = Static<typeof ClientSessionSchema>

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

async function call<T>(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

const { access_token: token } = await call<{ access_token: string }>(
  'POST',
  '/auth/login/',
  {},
  {
    username: USERNAME,
    password: PASSWORD,
  },
)

// 1. ui.customization: colours as '#' + 3 or 6 hex digits, and the shape of buttons, inputs and cards.
//    Keep it in one place of your code and send it with every session.
const brand: Customization = {
  color_text: '#1c1917',
  color_brand: '#b45309',
  color_brand_foreground: '#fff',
  color_border: '#d6d3d1',
  color_background: '#fffbeb',
  shape: 'pill',
}
const request: EmbeddedCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100061' },
  cart: {
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
  ui: { mode: 'embedded', customization: brand },
}
const { client_secret: clientSecret } = await call<EmbeddedCreateResponse>(
  'POST',
  '/checkout/',
  { Authorization: `Bearer ${token}` },
  request,
)

// 2. The session as the embedded checkout receives it (the same call as checkoutSession({ clientSecret })).
const view = await call<ClientSession>('GET', '/client/embedded', { 'x-client-secret': clientSecret })
console.log(JSON.stringify(view, null, 2))
