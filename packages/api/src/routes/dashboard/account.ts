import {
  type AccountDeleteRequest,
  AccountDeleteRequestSchema,
  type DashboardAccount,
  type DashboardConfig,
  type PasswordChangeRequest,
  PasswordChangeRequestSchema,
  type SignInRequest,
  SignInRequestSchema,
  type SignUpRequest,
  SignUpRequestSchema,
} from '@plazo/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AuthService, LoginResult } from '../../domain/auth/index.ts'
import { normalizeUsername } from '../../domain/auth/index.ts'
import { AccountError, type Accounts, isSeededMerchant } from '../../domain/sandbox/accounts.ts'
import type { Clock } from '../../domain/sandbox/clock.ts'
import type { SignUp } from '../../domain/sandbox/sign-up.ts'
import { ApiError, invalidFields, RateLimitedError } from '../../errors.ts'
import { DashboardError } from './errors.ts'
import type { SessionCookies } from './session.ts'
import type { OpenStreams } from './stream.ts'

export interface AccountRouteOptions {
  accounts: Accounts
  auth: AuthService
  signUp: SignUp
  clock: Clock
  cookies: SessionCookies
  /** The live streams open on this node, ended with the login that holds them. */
  streams: OpenStreams
  publicUrl: string
  apiPrefix: string
}

/**
 * The dashboard's account calls, under /dashboard/api: the sign-up, sign-in and sign-out that set and clear the
 * session cookie, the signed-in account, its password and its deletion. The sign-in is the API's login
 * (AuthService.login): the same throttle, the same 429 with Retry-After.
 */
export function accountRoutes(scope: FastifyInstance, options: AccountRouteOptions): void {
  const { auth, cookies, accounts, streams } = options
  const signedIn = { onRequest: [cookies.sameOrigin, cookies.authenticate] }

  /** A login's answer: the cookie on success, else the API's 429 or 403. */
  const signInWith = (reply: FastifyReply, result: LoginResult) => {
    if (!result.ok && result.failure === 'rate_limited') throw new RateLimitedError(result.retryAfterSeconds)
    if (!result.ok) throw new ApiError('INVALID_CREDENTIALS')
    cookies.start(reply, result.tokens)
  }

  const account = async (userId: string, merchantId: string): Promise<DashboardAccount> => {
    const row = await accounts.findByUser(userId)
    if (!row) throw new ApiError('TOKEN_INVALID')
    const [now, offset] = await Promise.all([
      options.clock.now(merchantId),
      options.clock.offsetMinutes(merchantId),
    ])
    return {
      merchant_id: row.merchant_id,
      business_name: row.business_name,
      email: row.username,
      default_country: row.default_country,
      seeded: isSeededMerchant(row.merchant_id),
      public_url: options.publicUrl,
      api_url: `${options.publicUrl}${options.apiPrefix}`,
      clock: { now: now.toISOString(), offset_minutes: offset },
    }
  }

  scope.get(
    '/dashboard/api/config',
    async (): Promise<DashboardConfig> => ({
      signup_code_required: options.signUp.codeRequired,
    }),
  )

  scope.post<{ Body: SignUpRequest }>(
    '/dashboard/api/sign-up',
    { onRequest: [cookies.sameOrigin], schema: { body: SignUpRequestSchema } },
    async (request, reply) => {
      const { body } = request
      let result: Awaited<ReturnType<SignUp['signUp']>>
      try {
        result = await options.signUp.signUp(
          {
            name: body.business_name,
            email: body.email,
            password: body.password,
            defaultCountry: body.default_country,
          },
          body.signup_code,
          request.ip,
        )
      } catch (error) {
        if (error instanceof AccountError && error.reason === 'email_taken')
          throw new DashboardError('EMAIL_TAKEN')
        if (error instanceof AccountError && error.reason === 'invalid') {
          const field = error.field === 'name' ? 'business_name' : (error.field ?? '')
          throw invalidFields([{ field: `/${field}`, message: error.message, keyword: 'account' }], {
            ...body,
            password: '********',
          })
        }
        throw error
      }
      if (!result.ok && result.failure === 'rate_limited')
        throw new RateLimitedError(result.retryAfterSeconds)
      if (!result.ok) throw new DashboardError('SIGNUP_CODE')
      const created = result.account
      cookies.start(reply, await auth.issueLogin(created.userId))
      return reply.status(201).send(await account(created.userId, created.merchantId))
    },
  )

  scope.post<{ Body: SignInRequest }>(
    '/dashboard/api/sign-in',
    { onRequest: [cookies.sameOrigin], schema: { body: SignInRequestSchema } },
    async (request, reply) => {
      const result = await auth.login(request.body.email, request.body.password, request.ip)
      signInWith(reply, result)
      const principal = result.ok ? await auth.authenticate(result.tokens.access_token) : undefined
      if (!principal?.ok) throw new ApiError('INVALID_CREDENTIALS')
      return account(principal.principal.userId, principal.principal.merchantId)
    },
  )

  // Ends the login the cookie holds (its whole token family), and the cookie. Without a live cookie there is
  // nothing to end: the cookie is cleared all the same.
  scope.post('/dashboard/api/sign-out', { onRequest: [cookies.sameOrigin] }, async (request, reply) => {
    const token = request.cookies.plazo_dashboard
    if (token) {
      const signedIn = await auth.authenticate(token)
      const login = signedIn.ok ? signedIn.principal.loginId : undefined
      await auth.logout(token)
      // The whole login ends: the streams of its token family (or of this token, if it names none).
      streams.end((holder) => (login !== undefined ? holder.loginId === login : holder.token === token))
    }
    cookies.end(reply)
    return { status: 'ok' }
  })

  scope.get('/dashboard/api/account', { onRequest: [cookies.authenticate] }, async (request) =>
    account(request.account.userId, request.account.merchantId),
  )

  scope.post<{ Body: PasswordChangeRequest }>(
    '/dashboard/api/account/password',
    { ...signedIn, schema: { body: PasswordChangeRequestSchema } },
    async (request, reply) => {
      const { current_password: current, new_password: next } = request.body
      signInWith(reply, await auth.changePassword(request.account.userId, current, next, request.ip))
      // Every login of the user ended: its streams too (the page reconnects with the new cookie).
      streams.end((holder) => holder.userId === request.account.userId)
      return { status: 'ok' }
    },
  )

  scope.delete<{ Body: AccountDeleteRequest }>(
    '/dashboard/api/account',
    { ...signedIn, schema: { body: AccountDeleteRequestSchema } },
    async (request, reply) => {
      const { userId, merchantId } = request.account
      const row = await accounts.findByUser(userId)
      if (!row) throw new ApiError('TOKEN_INVALID')
      if (normalizeUsername(request.body.email.trim()) !== row.username) {
        throw invalidFields(
          [{ field: '/email', message: 'is not this account\u2019s e-mail', keyword: 'confirmation' }],
          request.body,
        )
      }
      try {
        await accounts.delete(merchantId)
      } catch (error) {
        if (error instanceof AccountError && error.reason === 'seeded')
          throw new DashboardError('SEEDED_ACCOUNT')
        throw error
      }
      auth.forgetVerifiedTokens()
      streams.end((holder) => holder.merchantId === merchantId)
      cookies.end(reply)
      return { status: 'ok' }
    },
  )
}
