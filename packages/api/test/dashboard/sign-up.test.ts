// The dashboard's sign-up (issue 38 item 1): an account is a merchant, its user (the e-mail is the API
// username), agents `online` and `store` and a webhook secret, and the person is signed in. Refused: a short
// password, an e-mail that is not one or is taken (in any case), a missing or wrong sign-up code when the sandbox
// has one; more than 10 sign-ups an hour from one address. On every engine.
import { ERRORS } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_SIGNUPS_PER_ADDRESS } from '../../src/domain/sandbox/sign-up.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { browser, newAccount, setCookie, signUp } from './kit.ts'

describe.each(testEngines())('dashboard sign-up on $name', (engine) => {
  let t: TestApp
  afterEach(() => t.close())

  describe('open sign-up (no PLAZO_SIGNUP_CODE)', () => {
    beforeEach(async () => {
      t = await testApp(engine)
    })

    it('creates the account, signs the person in, and the e-mail and password log in to the API', async () => {
      const client = browser(t.app)
      const body = newAccount({ email: 'Ana.Garcia@Example.com', default_country: 'FRA' })
      const res = await client.call('POST', '/dashboard/api/sign-up', body)
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        business_name: body.business_name,
        email: 'ana.garcia@example.com',
        default_country: 'FRA',
        seeded: false,
        api_url: 'http://localhost:4000/api/v2',
        clock: { offset_minutes: 0 },
      })
      const cookie = setCookie(res)
      expect(cookie.attributes).toMatchObject({ path: '/dashboard', samesite: 'Strict', httponly: '' })
      expect(cookie.attributes).not.toHaveProperty('secure')
      expect((await client.call('GET', '/dashboard/api/account')).json().email).toBe('ana.garcia@example.com')

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username: 'ana.garcia@example.com', password: body.password },
      })
      expect(login.statusCode).toBe(200)
      const bearer = { authorization: `Bearer ${login.json().access_token}` }
      // A webhook secret of its own, in the Standard Webhooks form.
      const secret = await t.app.inject({ method: 'GET', url: '/api/v2/webhooks/secret', headers: bearer })
      expect(secret.json().payload.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      // Its default agent takes sessions, and the purchase country defaults to the account's.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v2/checkout',
        headers: bearer,
        payload: {
          merchant: { order_reference_1: 'SIGNUP-1' },
          cart: {
            total_price_with_tax: 1000,
            currency: 'EUR',
            items: [
              {
                article: {
                  type: 'product',
                  category: 'physical',
                  name: 'Socks',
                  reference: 'S',
                  unit_price_with_tax: 1000,
                },
                units: 1,
                total_discount: 0,
                total_price_with_tax: 1000,
              },
            ],
          },
          ui: { mode: 'hpp' },
        },
      })
      expect(created.statusCode).toBe(201)
      const session = await t.app.inject({
        method: 'GET',
        url: `/api/v2/checkout/${created.json().checkout_session_id}`,
        headers: bearer,
      })
      expect(session.json().payload).toMatchObject({
        purchase_country: 'FRA',
        merchant_id: res.json().merchant_id,
      })
    })

    it('refuses a password under 12 characters, an e-mail that is not one and a blank name, naming the field', async () => {
      const client = browser(t.app)
      for (const [override, field] of [
        [{ password: 'short pass1' }, '/password'],
        [{ email: 'ana@localhost' }, '/email'],
        [{ business_name: '   ' }, '/business_name'],
        [{ default_country: 'DEU' }, '/default_country'],
      ] as const) {
        const res = await client.call('POST', '/dashboard/api/sign-up', newAccount(override))
        expect(res.statusCode, field).toBe(400)
        expect(res.json().exception).toBe(ERRORS.VALIDATION.exception)
        expect(res.json().schema_errors.map((e: { field: string }) => e.field)).toContain(field)
      }
      expect(client.cookie).toBeUndefined()
    })

    it('refuses an e-mail that has an account, whatever its case, and the seeded ones', async () => {
      const { body } = await signUp(browser(t.app))
      const again = browser(t.app)
      for (const email of [String(body.email).toUpperCase(), 'demo@plazo.test']) {
        const res = await again.call('POST', '/dashboard/api/sign-up', newAccount({ email }))
        expect(res.statusCode).toBe(409)
        expect(res.json()).toEqual({
          status: 'ko',
          exception: 'plazo.dashboard.email_taken',
          error: 'An account with this e-mail already exists: sign in instead.',
        })
      }
      expect(again.cookie).toBeUndefined()
    })

    it('limits sign-ups to 10 an hour per address, failures included, with Retry-After', async () => {
      const now = new Date('2026-11-28T10:00:00Z')
      t.setNow(now)
      const client = browser(t.app, { address: '198.51.100.9' })
      await signUp(client)
      for (let i = 1; i < MAX_SIGNUPS_PER_ADDRESS; i++) {
        // A taken e-mail counts too: addresses cannot be probed at speed.
        const res = await client.call(
          'POST',
          '/dashboard/api/sign-up',
          newAccount({ email: 'demo@plazo.test' }),
        )
        expect(res.statusCode).toBe(409)
      }
      const limited = await client.call('POST', '/dashboard/api/sign-up', newAccount())
      expect(limited.statusCode).toBe(429)
      expect(limited.json().exception).toBe(ERRORS.RATE_LIMITED.exception)
      expect(limited.headers['retry-after']).toBe('3600')
      // Another address signs up meanwhile; an hour later this one can again.
      await signUp(browser(t.app, { address: '198.51.100.10' }))
      t.setNow(new Date(now.getTime() + 60 * 60_000 + 1))
      expect((await client.call('POST', '/dashboard/api/sign-up', newAccount())).statusCode).toBe(201)
    })

    it('answers that no code is needed', async () => {
      expect((await browser(t.app).call('GET', '/dashboard/api/config')).json()).toEqual({
        signup_code_required: false,
      })
    })
  })

  describe('with PLAZO_SIGNUP_CODE set', () => {
    beforeEach(async () => {
      t = await testApp(engine, { PLAZO_SIGNUP_CODE: 'open-sesame-38' })
    })

    it('refuses a missing or wrong code and takes the right one', async () => {
      const client = browser(t.app)
      expect((await client.call('GET', '/dashboard/api/config')).json()).toEqual({
        signup_code_required: true,
      })
      for (const code of [undefined, 'open-sesame-39', '']) {
        const res = await client.call(
          'POST',
          '/dashboard/api/sign-up',
          newAccount(code === undefined ? {} : { signup_code: code }),
        )
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({
          status: 'ko',
          exception: 'plazo.dashboard.signup_code_invalid',
          error: 'The sign-up code is not right: ask whoever runs this sandbox for it.',
        })
      }
      expect(client.cookie).toBeUndefined()
      await signUp(client, { signup_code: 'open-sesame-38' })
      expect(client.cookie).toBeDefined()
    })
  })
})
