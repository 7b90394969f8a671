import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * The shared docs password (PLAZO_DOCS_PASSWORD): either the password itself or its scrypt hash
 * (`scrypt:<salt>:<key>`, both base64url, from `npm run hash-password --workspace=apps/docs`).
 * Every comparison takes the same time whatever the candidate, so the answer leaks nothing about it.
 */

export const PASSWORD_MIN_LENGTH = 3
export const PASSWORD_MAX_LENGTH = 50

const SCRYPT_PREFIX = 'scrypt:'
const KEY_LENGTH = 32
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

export interface PasswordVerifier {
  verify(candidate: string): Promise<boolean>
  /** Changes when the password changes; sessions are signed with it so a new password ends them all. */
  readonly fingerprint: string
}

function deriveKey(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export function isValidPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
}

export function isPasswordHash(setting: string): boolean {
  return setting.startsWith(SCRYPT_PREFIX)
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await deriveKey(password, salt)
  return `${SCRYPT_PREFIX}${salt.toString('base64url')}:${key.toString('base64url')}`
}

/** Parses the setting; throws with a message naming what is wrong. */
export function createPasswordVerifier(setting: string): PasswordVerifier {
  const fingerprint = createHash('sha256').update(setting).digest('base64url')
  if (isPasswordHash(setting)) {
    const [salt, key] = setting.slice(SCRYPT_PREFIX.length).split(':')
    const saltBytes = Buffer.from(salt ?? '', 'base64url')
    const keyBytes = Buffer.from(key ?? '', 'base64url')
    if (saltBytes.length < 8 || keyBytes.length !== KEY_LENGTH) {
      throw new Error(
        'expected scrypt:<salt>:<key> as printed by `npm run hash-password --workspace=apps/docs`',
      )
    }
    return {
      fingerprint,
      async verify(candidate) {
        const derived = await deriveKey(candidate, saltBytes)
        return timingSafeEqual(derived, keyBytes)
      },
    }
  }
  if (!isValidPasswordLength(setting)) {
    throw new Error(`expected a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
  }
  // Comparing fixed-length MACs instead of the strings keeps the time independent of length and content.
  const macKey = randomBytes(32)
  const expected = createHmac('sha256', macKey).update(setting).digest()
  return {
    fingerprint,
    async verify(candidate) {
      return timingSafeEqual(createHmac('sha256', macKey).update(candidate).digest(), expected)
    },
  }
}
