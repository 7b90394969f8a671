import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../storage/types.ts'
import { hashPassword } from './password.ts'

/** Usernames are e-mail addresses, which people type in any case: they are stored and compared lowercased. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFC').toLowerCase()
}

export interface NewUser {
  id?: string
  merchantId: string
  username: string
  password: string
  createdAt: Date
}

/** Creates a user with a hashed password and returns its id. A taken username is a unique violation. */
export async function createUser(db: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID()
  await db.run(
    'INSERT INTO users (id, merchant_id, username, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
    [
      id,
      user.merchantId,
      normalizeUsername(user.username),
      await hashPassword(user.password),
      user.createdAt,
    ],
  )
  return id
}
