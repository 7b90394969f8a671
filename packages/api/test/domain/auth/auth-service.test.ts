import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AuthService, type TokenResponse } from '../../../src/domain/auth/auth-service.ts'
import { hashForUnknownUsers } from '../../../src/domain/auth/password.ts'
import { hashToken, parseBearer } from '../../../src/domain/auth/tokens.ts'
import { SANDBOX } from '../../../src/domain/sandbox/seed.ts'
import { type TestDatabase, testEngines } from '../../helpers/engines.ts'

const TTL_SECONDS = 2_678_400
const DAY = 24 * 60 * 60 * 1000

describe.each(testEngines())('AuthService on $name', (engine) => {
  let t: TestDatabase
  let clock: Date
  let auth: AuthService

  beforeEach(async () => {
    t = await engine.open()
    clock = new Date('2025-03-01T10:00:00.000Z')
    auth = new AuthService(t.db, { accessTokenTtlSeconds: TTL_SECONDS, now: () => clock })
  })
  afterEach(() => t.cleanup())

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }

  const login = async (username = 'demo@plazo.test', password = 'plazo-sandbox'): Promise<TokenResponse> => {
    const result = await auth.login(username, password, '127.0.0.1')
    if (!result.ok) throw new Error(`login failed: ${result.failure}`)
    return result.tokens
  }

  describe('login', () => {
    it('returns a bearer token pair for the sandbox user', async () => {
      const tokens = await login()
      expect(tokens).toEqual({
        token_type: 'Bearer',
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expires_in: TTL_SECONDS,
      })
      expect(tokens.access_token).not.toBe(tokens.refresh_token)
    })

    it('accepts the username in any case', async () => {
      await expect(auth.login('Demo@Plazo.TEST', 'plazo-sandbox', '127.0.0.1')).resolves.toMatchObject({
        ok: true,
      })
    })

    it('gives the same failure for a wrong password and an unknown user', async () => {
      expect(await auth.login('demo@plazo.test', 'wrong-password', '127.0.0.1')).toEqual({
        ok: false,
        failure: 'invalid_credentials',
      })
      expect(await auth.login('nobody@plazo.test', 'plazo-sandbox', '127.0.0.1')).toEqual({
        ok: false,
        failure: 'invalid_credentials',
      })
    })

    // Not a timing assertion (those fail at random on a shared machine): an unknown user is checked against a
    // stand-in hash with the same scrypt cost as a real one, so both answers take the same work.
    it('does the same scrypt work for an unknown user as for a wrong password', async () => {
      const row = await t.db.one<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE username = $1',
        ['demo@plazo.test'],
      )
      const cost = (encoded: string) => encoded.split('$').slice(0, 4).join('$')
      expect(row).toBeDefined()
      expect(cost(await hashForUnknownUsers())).toBe(cost(row?.password_hash ?? ''))
      expect(cost(await hashForUnknownUsers())).toMatch(/^scrypt\$\d+\$\d+\$\d+$/)
    })

    it('stores only hashes of the tokens, with their expiry', async () => {
      const tokens = await login()
      const rows = await t.db.query(
        'SELECT token_hash, user_id, kind, expires_at, revoked_at FROM access_tokens ORDER BY kind',
      )
      expect(rows).toEqual([
        {
          token_hash: hashToken(tokens.access_token),
          user_id: SANDBOX.demoStore.userId,
          kind: 'access',
          expires_at: '2025-04-01T10:00:00.000Z',
          revoked_at: null,
        },
        {
          token_hash: hashToken(tokens.refresh_token),
          user_id: SANDBOX.demoStore.userId,
          kind: 'refresh',
          expires_at: '2025-05-30T10:00:00.000Z',
          revoked_at: null,
        },
      ])
      const everything = JSON.stringify(await t.db.query('SELECT * FROM access_tokens'))
      expect(everything).not.toContain(tokens.access_token)
      expect(everything).not.toContain(tokens.refresh_token)
    })
  })

  describe('authenticate', () => {
    it("identifies the user and the user's merchant", async () => {
      const demo = await login()
      const other = await login('other@plazo.test')
      // loginId: the token's family, the same for every token of one login (the request log keeps it).
      const principal = (userId: string, merchantId: string) => ({
        userId,
        merchantId,
        loginId: expect.any(String),
      })
      expect(await auth.authenticate(demo.access_token)).toEqual({
        ok: true,
        principal: principal(SANDBOX.demoStore.userId, SANDBOX.demoStore.merchantId),
      })
      expect(await auth.authenticate(other.access_token)).toEqual({
        ok: true,
        principal: principal(SANDBOX.otherShop.userId, SANDBOX.otherShop.merchantId),
      })
    })

    it('tells a missing token from an invalid one', async () => {
      expect(await auth.authenticate(undefined)).toEqual({ ok: false, failure: 'missing_token' })
      expect(await auth.authenticate('')).toEqual({ ok: false, failure: 'missing_token' })
      expect(await auth.authenticate('not-a-token')).toEqual({ ok: false, failure: 'invalid_token' })
    })

    it('refuses a refresh token used as an access token', async () => {
      const tokens = await login()
      expect(await auth.authenticate(tokens.refresh_token)).toEqual({ ok: false, failure: 'invalid_token' })
    })

    it('accepts the token until its expiry and reports it expired from then on', async () => {
      const tokens = await login()
      advance(TTL_SECONDS * 1000 - 1)
      expect(await auth.authenticate(tokens.access_token)).toMatchObject({ ok: true })
      advance(1)
      expect(await auth.authenticate(tokens.access_token)).toEqual({ ok: false, failure: 'expired_token' })
    })

    it('uses the configured lifetime', async () => {
      const short = new AuthService(t.db, { accessTokenTtlSeconds: 60, now: () => clock })
      const result = await short.login('demo@plazo.test', 'plazo-sandbox', '127.0.0.1')
      if (!result.ok) throw new Error('login failed')
      expect(result.tokens.expires_in).toBe(60)
      advance(60_000)
      expect(await short.authenticate(result.tokens.access_token)).toEqual({
        ok: false,
        failure: 'expired_token',
      })
    })
  })

  describe('refresh', () => {
    it('returns a new working pair and revokes the refresh token it used', async () => {
      const first = await login()
      advance(DAY)
      const refreshed = await auth.refresh(first.refresh_token)
      if (!refreshed.ok) throw new Error(`refresh failed: ${refreshed.failure}`)
      expect(refreshed.tokens).toMatchObject({ token_type: 'Bearer', expires_in: TTL_SECONDS })
      expect(refreshed.tokens.access_token).not.toBe(first.access_token)
      expect(refreshed.tokens.refresh_token).not.toBe(first.refresh_token)
      expect(await auth.authenticate(refreshed.tokens.access_token)).toMatchObject({
        ok: true,
        principal: { merchantId: SANDBOX.demoStore.merchantId },
      })
      // The new access token lives a full lifetime from the refresh, not from the login.
      advance(TTL_SECONDS * 1000 - 1)
      expect(await auth.authenticate(refreshed.tokens.access_token)).toMatchObject({ ok: true })
    })

    it('refuses a refresh token used twice, and then revokes everything issued from it', async () => {
      const first = await login()
      const refreshed = await auth.refresh(first.refresh_token)
      if (!refreshed.ok) throw new Error('refresh failed')
      expect(await auth.refresh(first.refresh_token)).toEqual({ ok: false, failure: 'invalid_token' })
      // A replayed refresh token means it leaked: the line of tokens it started is revoked.
      expect(await auth.authenticate(refreshed.tokens.access_token)).toEqual({
        ok: false,
        failure: 'invalid_token',
      })
      expect(await auth.refresh(refreshed.tokens.refresh_token)).toEqual({
        ok: false,
        failure: 'invalid_token',
      })
      // Other logins are not affected.
      const other = await login()
      expect(await auth.authenticate(other.access_token)).toMatchObject({ ok: true })
    })

    it('lets exactly one of concurrent refreshes with the same token succeed', async () => {
      const first = await login()
      const results = await Promise.all(Array.from({ length: 5 }, () => auth.refresh(first.refresh_token)))
      expect(results.filter((result) => result.ok)).toHaveLength(1)
    })

    it('does not remember an access token read while a refresh revoked its family', async () => {
      const first = await login()
      const refreshed = await auth.refresh(first.refresh_token)
      if (!refreshed.ok) throw new Error('refresh failed')
      // The verification reads the token before the revocation and answers after it has committed.
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const slowRead = new Proxy(t.db, {
        get(target, property) {
          if (property === 'one') {
            return async (sql: string, params: unknown[]) => {
              const row = await target.one(sql, params as never)
              if (sql.includes('FROM access_tokens t')) await released
              return row
            }
          }
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const racing = new AuthService(slowRead, { accessTokenTtlSeconds: TTL_SECONDS, now: () => clock })
      const inFlight = racing.authenticate(refreshed.tokens.access_token)
      await new Promise((resolve) => setTimeout(resolve, 20))
      // A replay of the used refresh token revokes the family on this node.
      expect(await racing.refresh(first.refresh_token)).toEqual({ ok: false, failure: 'invalid_token' })
      release()
      // The request already in flight read a live token; the next one must see the revocation.
      expect(await inFlight).toMatchObject({ ok: true })
      expect(await racing.authenticate(refreshed.tokens.access_token)).toEqual({
        ok: false,
        failure: 'invalid_token',
      })
    })

    it('refuses an access token, an unknown token and no token', async () => {
      const first = await login()
      expect(await auth.refresh(first.access_token)).toEqual({ ok: false, failure: 'invalid_token' })
      expect(await auth.refresh('unknown')).toEqual({ ok: false, failure: 'invalid_token' })
      expect(await auth.refresh(undefined)).toEqual({ ok: false, failure: 'missing_token' })
    })

    it('reports an expired refresh token', async () => {
      const first = await login()
      advance(90 * DAY)
      expect(await auth.refresh(first.refresh_token)).toEqual({ ok: false, failure: 'expired_token' })
    })
  })
})

describe('parseBearer', () => {
  it.each([
    ['Bearer abc_DEF-123', 'abc_DEF-123'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    [undefined, undefined],
    ['', undefined],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic dXNlcjpwYXNz', undefined],
  ])('reads %j as %j', (header, token) => {
    expect(parseBearer(header)).toBe(token)
  })
})
