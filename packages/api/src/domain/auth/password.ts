import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt with the cost recommended for interactive logins (N=2^14, r=8, p=1: about 16 MiB and some tens of
// milliseconds). The parameters are stored in each hash, so raising them later keeps old hashes verifiable.
const COST = { N: 16_384, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16
// Hashes are read from our own database, but a corrupt row must not make a login allocate gigabytes.
const MAX_N = 1_048_576
const MAX_R = 32
const MAX_P = 16

interface ScryptParams {
  N: number
  r: number
  p: number
}

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; the default limit (32 MiB) is too tight for the upper parameters we accept.
    const maxmem = 256 * params.N * params.r + 1_048_576
    scrypt(password.normalize('NFC'), salt, keyLength, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Hashes a password as `scrypt$N$r$p$<salt>$<hash>` (salt and hash in base64url), with a random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Checks a password against a stored hash in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P
  const salt = Buffer.from(parts[4] as string, 'base64url')
  const expected = Buffer.from(parts[5] as string, 'base64url')
  if (!valid || salt.length === 0 || expected.length === 0) return false
  const actual = await derive(password, salt, expected.length, { N, r, p })
  return timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * A hash of a random password with the current cost. Verifying against it when the user does not exist
 * costs the same time as a real check, so response time does not reveal which usernames are registered.
 */
export function hashForUnknownUsers(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}
