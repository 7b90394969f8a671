// A URL Plazo will POST to is accepted only if Node can build the request from it (security review, issue 36:
// `http://%ff@127.0.0.1/hook` was accepted, then crashed the process at delivery). The guard is the contract's
// `uri` format; the fuzz test below holds it to the exact use: every URL it accepts, Node's HTTP client builds a
// request from without throwing.
import http from 'node:http'
import https from 'node:https'
import { createAjv, parseHttpUrl, UrlSchema } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { testEngines } from '../helpers/engines.ts'
import { createSession, eachWebhookTest, type WebhookTestApp } from './helpers.ts'

const UNUSABLE = [
  'http://%ff@127.0.0.1:47981/hook',
  'http://user:%ff@127.0.0.1/hook',
  'https://%c3%28@shop.example/hook',
  'http://%e2%82@shop.example/hook',
]

const [sqlite] = testEngines()

describe('URLs Plazo POSTs to are refused when given, if Node could not use them', () => {
  let api: WebhookTestApp
  eachWebhookTest(sqlite as NonNullable<typeof sqlite>, (made) => {
    ;({ api } = made)
  })

  it.each(UNUSABLE)('refuses %s as a notification_url, a corrected one and a token url', async (url) => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: api.demo,
      payload: { ...sessionRequest(), merchant: { ...sessionRequest().merchant, notification_url: url } },
    })
    expect(created.statusCode).toBe(400)
    expect(created.json().schema_errors).toContainEqual(
      expect.objectContaining({
        field: '/merchant/notification_url',
        message: 'must be an http or https URL',
      }),
    )

    const sessionId = await createSession(api.app, api.demo)
    const corrected = await api.app.inject({
      method: 'PUT',
      url: `/api/v2/webhooks/sessions/${sessionId}/notification-url/`,
      headers: api.demo,
      payload: { notification_url: url },
    })
    expect(corrected.statusCode).toBe(400)
    expect(corrected.json().schema_errors).toContainEqual(
      expect.objectContaining({ field: '/notification_url' }),
    )

    const oauth = { url, client_id: 'c', client_secret: 's', username: 'u', password: 'p' }
    const withToken = await api.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: api.demo,
      payload: { ...sessionRequest(), merchant: { ...sessionRequest().merchant, notification_auth: oauth } },
    })
    expect(withToken.statusCode).toBe(400)
  })

  it('still takes user-info that decodes, and ports, queries and IPv6 hosts', async () => {
    for (const url of [
      'http://user:p%40ss@127.0.0.1:8080/hook?x=1',
      'http://[::1]:9/hook',
      'HTTPS://Shop.Example/h',
    ]) {
      const sessionId = await createSession(api.app, api.demo)
      const corrected = await api.app.inject({
        method: 'PUT',
        url: `/api/v2/webhooks/sessions/${sessionId}/notification-url/`,
        headers: api.demo,
        payload: { notification_url: url },
      })
      expect(corrected.statusCode, url).toBe(200)
    }
  })
})

describe('the uri guard, fuzzed against the way Node uses the URL', () => {
  const validate = createAjv().compile(UrlSchema)
  const pieces = [
    'http://',
    'https://',
    'HTTP://',
    'ftp://',
    '//',
    '%',
    '%ff',
    '%41',
    '%c3%28',
    '%e2%82%ac',
    '@',
    ':',
    '::',
    '[',
    ']',
    '[::1]',
    '127.0.0.1',
    'localhost',
    'shop.example',
    'ñ',
    'ü',
    '\u0000',
    '\t',
    ' ',
    '\n',
    '/',
    '?',
    '#',
    '\\',
    '..',
    ':65536',
    ':0',
    ':80',
    'user',
    'pass',
    'xn--',
    '%2e',
    '%00',
    '"',
    '<',
    "'",
    '`',
    '{',
    '|',
  ]

  it('builds a request, without throwing, from every URL it accepts (10,000 seeded cases)', () => {
    const random = seededRandom(36)
    let accepted = 0
    for (let n = 0; n < 10_000; n++) {
      const length = 2 + Math.floor(random() * 8)
      let candidate = random() < 0.8 ? (random() < 0.5 ? 'http://' : 'https://') : ''
      for (let i = 0; i < length; i++) candidate += pieces[Math.floor(random() * pieces.length)]
      if (!validate(candidate)) continue
      accepted++
      const url = parseHttpUrl(candidate)
      expect(url, candidate).toBeDefined()
      // The same call the sender makes; aborted before it connects.
      const client = url?.protocol === 'https:' ? https : http
      const request = client.request(url as URL, { method: 'POST', agent: false })
      request.on('error', () => undefined)
      request.destroy()
    }
    expect(accepted).toBeGreaterThan(300)
  })

  it('refuses every unusable URL of the review', () => {
    for (const url of UNUSABLE) expect(validate(url), url).toBe(false)
  })
})

function sessionRequest() {
  return {
    merchant: { order_reference_1: 'URL-1' },
    cart: {
      total_price_with_tax: 1000,
      currency: 'EUR',
      items: [
        {
          article: {
            type: 'product',
            category: 'physical',
            name: 'Cap',
            reference: 'C',
            unit_price_with_tax: 1000,
          },
          units: 1,
          total_discount: 0,
          total_price_with_tax: 1000,
        },
      ],
    },
    ui: { mode: 'hpp' },
  }
}
