import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../../storage/types.ts'
import { type TokenRow, tokenRepository, userRepository } from '../../storage/user-repository.ts'
import { LoginThrottle } from './login-throttle.ts'
import { hashForUnknownUsers, hashPassword, verifyPassword } from './password.ts'
import { generateToken, hashToken } from './tokens.ts'
import { normalizeUsername } from './users.ts'

/** The login and refresh response body (spec §3 "Login"). */
export interface TokenResponse {
  token_type: 'Bearer'
  access_token: string
  refresh_token: string
  /** Seconds until the access token expires. */
  expires_in: number
}

/** Who is calling, once an access token is accepted. */
export interface Principal {
  userId: string
  merchantId: string
  /**
   * The login the token belongs to (its token family: the login and every refresh since). Absent for callers
   * that are not a bearer token (the dashboard's cookie session).
   */
  loginId?: string
}

/** Wrong username or password; deliberately the same failure for both. */
export type LoginFailure = 'invalid_credentials'
/** No token given / not a live token of the right kind / a token past its expiry. */
export type TokenFailure = 'missing_token' | 'invalid_token' | 'expired_token'

export type LoginResult =
  | { ok: true; tokens: TokenResponse }
  | { ok: false; failure: LoginFailure }
  /** Too many attempts for the username or the address lately (login-throttle.ts): retry after that long. */
  | { ok: false; failure: 'rate_limited'; retryAfterSeconds: number }
export type RefreshResult = { ok: true; tokens: TokenResponse } | { ok: false; failure: TokenFailure }
export type AuthenticateResult = { ok: true; principal: Principal } | { ok: false; failure: TokenFailure }

export const DEFAULT_REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60

export interface AuthServiceOptions {
  /** Lifetime of access tokens (config PLAZO_ACCESS_TOKEN_TTL_SECONDS). */
  accessTokenTtlSeconds: number
  /** Lifetime of refresh tokens; 90 days unless given. */
  refreshTokenTtlSeconds?: number
  /** The clock; injectable so expiry can be tested without waiting. */
  now?: () => Date
}

/**
 * Username/password login with opaque bearer tokens. Tokens are random and stored only as hashes, so a
 * copy of the database does not let anyone call the API. Refresh tokens rotate: each refresh revokes the
 * token it used. A refresh token presented again after that is treated as stolen (RFC 9700 §4.14.2): every
 * token of its family (everything issued since that login) is revoked and the caller must log in again.
 */
/**
 * Verified access tokens are remembered for a few seconds, so a burst of calls with one token reads the
 * database once. A revocation made on this node clears the memory at once; on another API node it takes
 * effect within VERIFIED_CACHE_MS. The memory is keyed by the token itself, not its hash, so a remembered token
 * costs a map lookup and no SHA-256; it holds tokens only as long as the requests that carried them, and only
 * in this process.
 */
const VERIFIED_CACHE_MS = 5_000
const VERIFIED_CACHE_SIZE = 10_000

export class AuthService {
  readonly #verified = new Map<string, { principal: Principal; until: number; expiresAt: number }>()
  /**
   * Bumped when a refresh begins and when it ends: a verification whose database read overlapped a refresh
   * (which may revoke a whole family of tokens) answers from what it read but is not remembered.
   */
  #revocations = 0
  readonly #db: Database
  readonly #accessTtlMs: number
  readonly #refreshTtlMs: number
  readonly #accessTtlSeconds: number
  readonly #now: () => Date
  readonly #throttle: LoginThrottle

  constructor(db: Database, options: AuthServiceOptions) {
    this.#db = db
    this.#accessTtlSeconds = options.accessTokenTtlSeconds
    this.#accessTtlMs = options.accessTokenTtlSeconds * 1000
    this.#refreshTtlMs = (options.refreshTokenTtlSeconds ?? DEFAULT_REFRESH_TOKEN_TTL_SECONDS) * 1000
    this.#now = options.now ?? (() => new Date())
    this.#throttle = new LoginThrottle(db, this.#now)
  }

  /** `address` is the client's (the throttle counts attempts per username and per address). */
  async login(username: string, password: string, address: string): Promise<LoginResult> {
    const key = normalizeUsername(username)
    const admission = await this.#throttle.admit(key, address)
    if (!admission.ok)
      return { ok: false, failure: 'rate_limited', retryAfterSeconds: admission.retryAfterSeconds }
    const user = await userRepository.findByUsername(this.#db, key)
    // Always pay for one scrypt, so an unknown username answers as slowly as a wrong password.
    const matches = await verifyPassword(password, user?.password_hash ?? (await hashForUnknownUsers()))
    if (!user || !matches) return { ok: false, failure: 'invalid_credentials' }
    await this.#throttle.succeeded(key)
    const tokens = await this.#db.transaction((tx) => this.#issue(tx, user.id, randomUUID()))
    return { ok: true, tokens }
  }

  /**
   * A new login for a user whose identity was proven another way (the dashboard's sign-up, which has just set the
   * password): a new token family, as `login` would issue.
   */
  async issueLogin(userId: string): Promise<TokenResponse> {
    return this.#db.transaction((tx) => this.#issue(tx, userId, randomUUID()))
  }

  /**
   * Changes a user's password when `current` is its password, through the same throttle as a login (the current
   * password could otherwise be guessed here). Every token of the user is revoked, on every device and tool, and
   * a new login is answered for the caller. `next` is assumed valid (the route's schema checks its length).
   */
  async changePassword(userId: string, current: string, next: string, address: string): Promise<LoginResult> {
    const user = await userRepository.findById(this.#db, userId)
    if (!user) return { ok: false, failure: 'invalid_credentials' }
    const admission = await this.#throttle.admit(user.username, address)
    if (!admission.ok)
      return { ok: false, failure: 'rate_limited', retryAfterSeconds: admission.retryAfterSeconds }
    if (!(await verifyPassword(current, user.password_hash)))
      return { ok: false, failure: 'invalid_credentials' }
    await this.#throttle.succeeded(user.username)
    const hash = await hashPassword(next)
    this.#forgetVerified()
    try {
      const tokens = await this.#db.transaction(async (tx) => {
        await userRepository.setPasswordHash(tx, userId, hash)
        await tokenRepository.revokeUser(tx, userId, this.#now())
        return this.#issue(tx, userId, randomUUID())
      })
      return { ok: true, tokens }
    } finally {
      this.#forgetVerified()
    }
  }

  /**
   * Forgets the tokens this node verified lately, so that tokens removed from the database (an account deleted)
   * stop working here at once rather than within VERIFIED_CACHE_MS.
   */
  forgetVerifiedTokens(): void {
    this.#forgetVerified()
  }

  async refresh(refreshToken: string | undefined): Promise<RefreshResult> {
    if (!refreshToken) return { ok: false, failure: 'missing_token' }
    // Refresh may revoke tokens: forget what this node verified, before and again once the revocation has
    // committed, so that nothing read in between is remembered (other nodes forget within VERIFIED_CACHE_MS).
    this.#forgetVerified()
    try {
      return await this.#refresh(refreshToken)
    } finally {
      this.#forgetVerified()
    }
  }

  /**
   * Ends the login `accessToken` belongs to: every token of its family (the access and refresh tokens issued
   * since that login, and their refreshes) is revoked at once. False for a token that is unknown, revoked,
   * expired or not an access token; then nothing changes.
   */
  async logout(accessToken: string): Promise<boolean> {
    this.#forgetVerified()
    try {
      return await this.#db.transaction(async (tx) => {
        const row = await tokenRepository.lock(tx, hashToken(accessToken))
        const now = this.#now()
        if (row?.kind !== 'access' || row.revoked_at !== null || isExpired(row, now)) return false
        await tokenRepository.revokeFamily(tx, row.family_id, now)
        return true
      })
    } finally {
      this.#forgetVerified()
    }
  }

  #forgetVerified(): void {
    this.#revocations++
    this.#verified.clear()
  }

  #refresh(refreshToken: string): Promise<RefreshResult> {
    const tokenHash = hashToken(refreshToken)
    return this.#db.transaction(async (tx): Promise<RefreshResult> => {
      // The lock makes two refreshes with the same token take turns, so only the first one can succeed.
      const row = await tokenRepository.lock(tx, tokenHash)
      if (row?.kind !== 'refresh') return { ok: false, failure: 'invalid_token' }
      const now = this.#now()
      if (row.revoked_at !== null) {
        await tokenRepository.revokeFamily(tx, row.family_id, now)
        return { ok: false, failure: 'invalid_token' }
      }
      if (isExpired(row, now)) return { ok: false, failure: 'expired_token' }
      await tokenRepository.revoke(tx, tokenHash, now)
      return { ok: true, tokens: await this.#issue(tx, row.user_id, row.family_id) }
    })
  }

  /** The principal of an access token verified within VERIFIED_CACHE_MS and not expired since, if any. */
  remembered(accessToken: string): Principal | undefined {
    const cached = this.#verified.get(accessToken)
    if (!cached) return undefined
    const nowMs = this.#now().getTime()
    if (cached.until > nowMs && cached.expiresAt > nowMs) return cached.principal
    this.#verified.delete(accessToken)
    return undefined
  }

  async authenticate(accessToken: string | undefined): Promise<AuthenticateResult> {
    if (!accessToken) return { ok: false, failure: 'missing_token' }
    const remembered = this.remembered(accessToken)
    if (remembered) return { ok: true, principal: remembered }
    const nowMs = this.#now().getTime()
    const tokenHash = hashToken(accessToken)
    const revocations = this.#revocations
    const row = await tokenRepository.findWithMerchant(this.#db, tokenHash)
    if (row?.kind !== 'access' || row.revoked_at !== null) return { ok: false, failure: 'invalid_token' }
    if (isExpired(row, this.#now())) return { ok: false, failure: 'expired_token' }
    const principal = { userId: row.user_id, merchantId: row.merchant_id, loginId: row.family_id }
    if (revocations !== this.#revocations) return { ok: true, principal }
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verified.keys().next().value
      if (oldest !== undefined) this.#verified.delete(oldest)
    }
    this.#verified.set(accessToken, {
      principal,
      until: nowMs + VERIFIED_CACHE_MS,
      expiresAt: Date.parse(row.expires_at),
    })
    return { ok: true, principal }
  }

  async #issue(tx: Queryable, userId: string, familyId: string): Promise<TokenResponse> {
    const now = this.#now()
    const accessToken = generateToken()
    const refreshToken = generateToken()
    await tokenRepository.insert(tx, {
      tokenHash: hashToken(accessToken),
      userId,
      kind: 'access',
      familyId,
      expiresAt: new Date(now.getTime() + this.#accessTtlMs),
      createdAt: now,
    })
    await tokenRepository.insert(tx, {
      tokenHash: hashToken(refreshToken),
      userId,
      kind: 'refresh',
      familyId,
      expiresAt: new Date(now.getTime() + this.#refreshTtlMs),
      createdAt: now,
    })
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: this.#accessTtlSeconds,
    }
  }
}

function isExpired(row: Pick<TokenRow, 'expires_at'>, now: Date): boolean {
  return now.getTime() >= Date.parse(row.expires_at)
}
