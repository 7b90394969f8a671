// A page of another site cannot act through a signed-in dashboard (issue 38): the session cookie is HttpOnly and
// SameSite=Strict (Secure when the sandbox is served over https), and every dashboard call that changes something
// (sign-up and sign-in included: login CSRF) is refused unless its Origin is the dashboard's own and the browser
// does not call it cross-site. The refused call changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../src/routes/dashboard/index.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Browser, browser, newAccount, ORIGIN, setCookie, signUp } from './kit.ts'

const [engine] = testEngines()
if (!engine) throw new Error('no test engine')

const REFUSED = {
  status: 'ko',
  exception: 'plazo.dashboard.cross_site_request',
}

describe('dashboard calls from another site', () => {
  let t: TestApp
  let signedIn: Browser
  let password: string
  beforeEach(async () => {
    t = await testApp(engine)
    signedIn = browser(t.app)
    password = String((await signUp(signedIn)).body.password)
  })
  afterEach(() => t.close())

  /** The signed-in browser's cookie on a request whose Origin and Sec-Fetch-Site are as given. */
  const forged = (method: 'POST' | 'DELETE', url: string, body: unknown, headers: Record<string, string>) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: `${SESSION_COOKIE}=${signedIn.cookie}`,
        'content-type': 'application/json',
        ...headers,
      },
      payload: JSON.stringify(body),
    })

  const CASES: Array<[string, Record<string, string>]> = [
    ['another origin', { origin: 'https://evil.example' }],
    ['a sibling origin on another port', { origin: 'http://localhost:4001' }],
    ['no Origin at all', {}],
    ['the right Origin, sent cross-site', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['the right Origin, same-site but not same-origin', { origin: ORIGIN, 'sec-fetch-site': 'same-site' }],
  ]

  it.each(CASES)('refuses a state change with %s, and nothing changes', async (_case, headers) => {
    const calls: Array<['POST' | 'DELETE', string, unknown]> = [
      ['POST', '/dashboard/api/v2/checkout', { merchant: { order_reference_1: 'X' } }],
      ['POST', '/dashboard/api/v2/webhooks/secret/rotate', {}],
      ['POST', '/dashboard/api/v2/test-helpers/clock/advance', { minutes: 60 }],
      [
        'POST',
        '/dashboard/api/account/password',
        { current_password: password, new_password: 'another long one' },
      ],
      ['DELETE', '/dashboard/api/account', { email: 'whoever' }],
      ['POST', '/dashboard/api/sign-out', {}],
      ['POST', '/dashboard/api/sign-in', { email: 'demo@plazo.test', password: 'plazo-sandbox' }],
      ['POST', '/dashboard/api/sign-up', newAccount()],
    ]
    const secret = (await signedIn.call('GET', '/dashboard/api/v2/webhooks/secret')).json().payload.secret
    for (const [method, url, body] of calls) {
      const res = await forged(method, url, body, headers)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json(), `${method} ${url}`).toMatchObject(REFUSED)
      expect(res.headers['set-cookie'], `${method} ${url}`).toBeUndefined()
    }
    // The account, its secret, its clock and its login are as they were.
    const account = await signedIn.call('GET', '/dashboard/api/account')
    expect(account.statusCode).toBe(200)
    expect(account.json().clock.offset_minutes).toBe(0)
    expect((await signedIn.call('GET', '/dashboard/api/v2/webhooks/secret')).json().payload.secret).toBe(
      secret,
    )
    expect((await signedIn.call('GET', '/dashboard/api/v2/checkout')).json().payload).toEqual([])
  })

  it('takes the same calls from the dashboard\u2019s own origin', async () => {
    const res = await forged(
      'POST',
      '/dashboard/api/v2/test-helpers/clock/advance',
      { minutes: 60 },
      {
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
      },
    )
    expect(res.statusCode).toBe(201)
    expect((await signedIn.call('GET', '/dashboard/api/account')).json().clock.offset_minutes).toBe(60)
  })

  it('sets a cookie no script reads and no other site sends; Secure when the sandbox is on https', async () => {
    const https = await testApp(engine, { PLAZO_PUBLIC_URL: 'https://sandbox.example.com' })
    try {
      const res = await browser(https.app, { origin: 'https://sandbox.example.com' }).call(
        'POST',
        '/dashboard/api/sign-up',
        newAccount(),
      )
      expect(res.statusCode).toBe(201)
      const { attributes } = setCookie(res)
      expect(attributes).toMatchObject({ httponly: '', samesite: 'Strict', secure: '', path: '/dashboard' })
      expect(Number(attributes['max-age'])).toBeGreaterThan(0)
    } finally {
      await https.close()
    }
  })

  it('reads nothing without the cookie, and the API itself ignores the cookie', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard/api/v2/checkout' })
    expect(anonymous.statusCode).toBe(401)
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v2/checkout',
      headers: { cookie: `${SESSION_COOKIE}=${signedIn.cookie}` },
    })
    expect(api.statusCode).toBe(401)
  })
})
