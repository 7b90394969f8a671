import { randomBytes, randomUUID } from 'node:crypto'
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_PASSWORD_MAX_LENGTH,
  ACCOUNT_PASSWORD_MIN_LENGTH,
  EMAIL_PATTERN,
} from '@plazo/contract'
import { type AccountRow, accountRepository } from '../../storage/account-repository.ts'
import { isUniqueViolation } from '../../storage/errors.ts'
import type { Database } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { createUser, normalizeUsername } from '../auth/users.ts'
import { newSigningSecret } from '../webhooks/signature.ts'
import { SANDBOX } from './seed.ts'

// Sandbox accounts (issue 38): what the dashboard's sign-up, `npm run accounts:create` and
// `plazo-sandbox accounts create` make, and what the dashboard's Developers page deletes. An account is a
// merchant, its one user (the e-mail is the API username), its two agents and its webhook signing secret, the
// same shape as the seeded Demo Store.

export type Country = 'ESP' | 'FRA'

export interface NewAccount {
  /** The business name customers see (1 to 100 characters, trimmed). */
  name: string
  /** The e-mail, which is the API username (stored lower case). */
  email: string
  /** At least 12 characters; when absent one is generated and answered (`generatedPassword`), shown once. */
  password?: string
  /** ESP unless given. */
  defaultCountry?: Country
}

export interface CreatedAccount {
  merchantId: string
  userId: string
  /** The API username: the e-mail, lower case. */
  username: string
  name: string
  defaultCountry: Country
  agents: { online: string; store: string }
  /** The password made for the account when none was given; nowhere else to be read again. */
  generatedPassword?: string
}

/** Why an account was not created or deleted; `field` names the input at fault. */
export class AccountError extends Error {
  override readonly name = 'AccountError'
  constructor(
    readonly reason: 'invalid' | 'email_taken' | 'seeded' | 'not_found',
    message: string,
    readonly field?: 'name' | 'email' | 'password' | 'defaultCountry',
  ) {
    super(message)
  }
}

const EMAIL = new RegExp(EMAIL_PATTERN)
/** The agents of every account, as the design names them; the first is the default. */
export const ACCOUNT_AGENTS = ['online', 'store'] as const

/** A password for an account created without one: 18 random bytes, 24 characters of base64url. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url')
}

/** Checks an account's input as the dashboard's sign-up schema does, for callers that have no schema (a shell). */
function validate(account: NewAccount): { name: string; email: string; country: Country } {
  const name = account.name.trim()
  if (name === '' || [...name].length > ACCOUNT_NAME_MAX_LENGTH) {
    throw new AccountError('invalid', `the name must be 1 to ${ACCOUNT_NAME_MAX_LENGTH} characters`, 'name')
  }
  const email = account.email.trim()
  if (email.length > 254 || !EMAIL.test(email)) {
    throw new AccountError('invalid', 'the e-mail must be an address with a dot in its domain', 'email')
  }
  if (account.password !== undefined) {
    const length = [...account.password].length
    if (length < ACCOUNT_PASSWORD_MIN_LENGTH || length > ACCOUNT_PASSWORD_MAX_LENGTH) {
      throw new AccountError(
        'invalid',
        `the password must be ${ACCOUNT_PASSWORD_MIN_LENGTH} to ${ACCOUNT_PASSWORD_MAX_LENGTH} characters`,
        'password',
      )
    }
  }
  const country = account.defaultCountry ?? 'ESP'
  if (country !== 'ESP' && country !== 'FRA') {
    throw new AccountError('invalid', 'the default country must be ESP or FRA', 'defaultCountry')
  }
  return { name, email, country }
}

/**
 * Creates a sandbox account in one transaction: the merchant, its user, its agents `online` (the default) and
 * `store`, and a webhook signing secret. Throws {@link AccountError}: `invalid` (with the field) or
 * `email_taken`. Nothing is written when it throws.
 */
export async function createAccount(
  db: Database,
  account: NewAccount,
  now: () => Date = () => new Date(),
): Promise<CreatedAccount> {
  const { name, email, country } = validate(account)
  const generatedPassword = account.password === undefined ? generatePassword() : undefined
  const password = account.password ?? (generatedPassword as string)
  const merchantId = randomUUID()
  const userId = randomUUID()
  const agents = { online: randomUUID(), store: randomUUID() }
  const createdAt = now()
  try {
    await db.transaction(async (tx) => {
      await merchantRepository.insertIfMissing(tx, {
        id: merchantId,
        name,
        defaultCountry: country,
        webhookSecret: newSigningSecret(),
        createdAt,
      })
      for (const [index, agent] of ACCOUNT_AGENTS.entries()) {
        await merchantRepository.insertAgentIfMissing(tx, {
          id: agents[agent],
          merchantId,
          name: agent,
          isDefault: index === 0,
          createdAt,
        })
      }
      await createUser(tx, { id: userId, merchantId, username: email, password, createdAt })
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AccountError('email_taken', 'an account with this e-mail already exists', 'email')
    }
    throw error
  }
  return {
    merchantId,
    userId,
    username: normalizeUsername(email),
    name,
    defaultCountry: country,
    agents,
    ...(generatedPassword === undefined ? {} : { generatedPassword }),
  }
}

/** Demo Store and Other Shop: shared by everyone who reads the docs, seeded at every start. */
export function isSeededMerchant(merchantId: string): boolean {
  return merchantId === SANDBOX.demoStore.merchantId || merchantId === SANDBOX.otherShop.merchantId
}

/**
 * Deletes an account and all its data (sessions, events and their tries, request log, clock, tokens…) in one
 * transaction. The seeded accounts are refused (`seeded`): the docs and their samples sign in to them.
 */
export async function deleteAccount(db: Database, merchantId: string): Promise<void> {
  if (isSeededMerchant(merchantId)) {
    throw new AccountError('seeded', 'Demo Store and Other Shop are shared sandbox accounts: they stay')
  }
  const removed = await db.transaction((tx) => accountRepository.remove(tx, merchantId))
  if (!removed) throw new AccountError('not_found', 'no such account')
}

/** The accounts as the dashboard's routes use them: the one a user signs in to, and its deletion. */
export class Accounts {
  readonly #db: Database
  readonly #beforeDelete: () => Promise<void>

  /**
   * `beforeDelete` writes what is buffered about accounts (the request log keeps its rows in memory for a
   * moment): written after the deletion, those rows would name a merchant that no longer exists.
   */
  constructor(db: Database, options: { beforeDelete?: () => Promise<void> } = {}) {
    this.#db = db
    this.#beforeDelete = options.beforeDelete ?? (async () => {})
  }

  /** The account a user signs in to; undefined for an unknown user. */
  findByUser(userId: string): Promise<AccountRow | undefined> {
    return accountRepository.findByUser(this.#db, userId)
  }

  async delete(merchantId: string): Promise<void> {
    await this.#beforeDelete()
    await deleteAccount(this.#db, merchantId)
  }
}
