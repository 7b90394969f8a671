// expect: ClientSessionSchema
// Creates a hosted-page session with your title, logo, colours and shape, then reads it as the page does.
import type {
  ClientSessionSchema,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  Static,
} from '@plazo/contract'

type ClientSession = Static<typeof ClientSessionSchema>

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login/', undefined, {
  username: USERNAME,
  password: PASSWORD,
})

const request: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100091' },
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
  purchase_country: 'ESP',
  ui: {
    mode: 'hpp',
    customization: {
      color_brand: '#0b3d91',
      color_brand_foreground: '#ffffff',
      color_background: '#f8fafc',
      shape: 'rectangular',
    },
    hpp: {
      customization: {
        page_title: 'Montaña Shop · Checkout',
        logo_url: 'https://shop.example.com/assets/logo.svg',
      },
      merchant_urls: {
        success_url: 'https://shop.example.com/checkout/success',
        cancel_url: 'https://shop.example.com/checkout/cancel',
      },
    },
  },
}
const { redirect_url: redirectUrl } = await call<HppCreateResponse>('POST', '/checkout/', token, request)

// What the hosted page loads when the customer opens redirect_url (no token: the page id is the key).
const hppId = new URL(redirectUrl).pathname.split('/').pop() ?? ''
const page = await call<ClientSession>('GET', `/client/hpp/${hppId}`)
console.error(`Title "${page.page_title}", logo ${page.logo_url}`)
console.log(JSON.stringify(page, null, 2))
