import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../storage/types.ts'
import { userRepository } from '../../storage/user-repository.ts'
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
  await userRepository.insert(db, {
    id,
    merchantId: user.merchantId,
    username: normalizeUsername(user.username),
    passwordHash: await hashPassword(user.password),
    createdAt: user.createdAt,
  })
  return id
}
