import { createHash, randomBytes } from 'node:crypto'

/** A new bearer token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough here (no salt, no slow hash):
 * the token has 256 random bits, so it cannot be guessed from its hash, and lookups stay a single index read.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function parseBearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)
  return match?.[1]
}
