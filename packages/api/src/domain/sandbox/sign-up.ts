import { createHash, timingSafeEqual } from 'node:crypto'
import type { Database } from '../../storage/index.ts'
import { signupAttemptRepository } from '../../storage/signup-attempt-repository.ts'
import { type CreatedAccount, createAccount, type NewAccount } from './accounts.ts'

/** How long a sign-up counts against its address. */
export const SIGNUP_WINDOW_MS = 60 * 60_000
/** Sign-ups one client address may try within the window, successful or not. */
export const MAX_SIGNUPS_PER_ADDRESS = 10

export type SignUpResult =
  | { ok: true; account: CreatedAccount }
  | { ok: false; failure: 'rate_limited'; retryAfterSeconds: number }
  | { ok: false; failure: 'signup_code' }

export interface SignUpOptions {
  /** PLAZO_SIGNUP_CODE: when set, a sign-up must give it. */
  signupCode: string | undefined
  now: () => Date
}

/** Whether `given` is the code, in time that does not depend on where they differ. */
function sameCode(given: string | undefined, code: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return given !== undefined && timingSafeEqual(digest(given), digest(code))
}

/**
 * The dashboard's sign-up: at most 10 tries an hour from one address (every try counts, a wrong sign-up code
 * and a taken e-mail too, so neither can be guessed at speed), then the sign-up code when the sandbox has one,
 * then {@link createAccount} (which may throw its AccountError). Attempts are recorded before they are
 * checked, as the login throttle does, so a burst sent at once cannot slip past the limit.
 */
export class SignUp {
  readonly #db: Database
  readonly #options: SignUpOptions

  constructor(db: Database, options: SignUpOptions) {
    this.#db = db
    this.#options = options
  }

  get codeRequired(): boolean {
    return this.#options.signupCode !== undefined
  }

  async signUp(
    account: NewAccount & { password: string },
    givenCode: string | undefined,
    address: string,
  ): Promise<SignUpResult> {
    const now = this.#options.now()
    const since = new Date(now.getTime() - SIGNUP_WINDOW_MS)
    await signupAttemptRepository.prune(this.#db, since)
    const attempt = await signupAttemptRepository.insert(this.#db, address, now)
    const counted = await signupAttemptRepository.countByAddress(this.#db, address, since, attempt)
    if (counted.count > MAX_SIGNUPS_PER_ADDRESS) {
      await signupAttemptRepository.remove(this.#db, attempt)
      const freeAt = Date.parse(counted.oldest ?? now.toISOString()) + SIGNUP_WINDOW_MS
      const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
      return { ok: false, failure: 'rate_limited', retryAfterSeconds }
    }
    const code = this.#options.signupCode
    if (code !== undefined && !sameCode(givenCode, code)) {
      return { ok: false, failure: 'signup_code' }
    }
    const created = await createAccount(this.#db, account, this.#options.now)
    return { ok: true, account: created }
  }
}
