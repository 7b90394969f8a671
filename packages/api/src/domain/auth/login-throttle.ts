import type { Database } from '../../storage/index.ts'
import { loginAttemptRepository } from '../../storage/login-attempt-repository.ts'

/** How long an attempt counts. */
export const LOGIN_WINDOW_MS = 15 * 60_000
/** Attempts one username may make within the window (failures, and checks in progress). */
export const MAX_ATTEMPTS_PER_USERNAME = 10
/** Attempts one client address may make within the window, whatever the usernames. */
export const MAX_ATTEMPTS_PER_ADDRESS = 50

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * Limits password guessing (issue 38): within 15 minutes, 10 attempts per username and 50 per client address;
 * beyond, the login is refused before its password is hashed, with the seconds until the oldest counted attempt
 * leaves the window. An attempt is recorded before its password is checked, so logins sent all at once cannot
 * slip past the limit while the first ones are still being hashed; a success removes its username's attempts
 * (the count starts again), a failure stays counted. In the database, so every API node counts the same.
 */
export class LoginThrottle {
  readonly #db: Database
  readonly #now: () => Date

  constructor(db: Database, now: () => Date) {
    this.#db = db
    this.#now = now
  }

  /**
   * Records an attempt of `username` from `address`, or refuses it when either is over its limit. Attempts are
   * numbered as they are recorded, and each counts those numbered up to it: of logins sent all at once, the
   * first ones within the limit are checked, whichever API node records them. (On PostgreSQL a number is drawn
   * before its row commits, so an attempt can miss one of the same instant: a burst may get one or two more.)
   */
  async admit(username: string, address: string): Promise<Admission> {
    const now = this.#now()
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
    await loginAttemptRepository.prune(this.#db, since)
    const attempt = await loginAttemptRepository.insert(this.#db, username, address, now)
    const [byUsername, byAddress] = await Promise.all([
      loginAttemptRepository.countByUsername(this.#db, username, since, attempt),
      loginAttemptRepository.countByAddress(this.#db, address, since, attempt),
    ])
    const over = [
      byUsername.count > MAX_ATTEMPTS_PER_USERNAME ? byUsername.oldest : undefined,
      byAddress.count > MAX_ATTEMPTS_PER_ADDRESS ? byAddress.oldest : undefined,
    ].filter((oldest): oldest is string => typeof oldest === 'string')
    if (over.length === 0) return { ok: true }
    // A refused attempt is not counted: only attempts whose password was checked keep the window full.
    await loginAttemptRepository.remove(this.#db, attempt)
    const freeAt = Math.max(...over.map((oldest) => Date.parse(oldest) + LOGIN_WINDOW_MS))
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) }
  }

  /** The password was right: the username's attempts are forgotten. */
  async succeeded(username: string): Promise<void> {
    await loginAttemptRepository.clearUsername(this.#db, username)
  }
}
