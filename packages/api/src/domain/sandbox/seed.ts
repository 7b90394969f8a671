import { randomBytes } from 'node:crypto'
import type { Database, Transaction } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { tokenRepository, userRepository } from '../../storage/user-repository.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { createUser } from '../auth/users.ts'

/**
 * The sandbox seed of DESIGN.md, with fixed ids so the docs and the tests can name them. Two merchants, so
 * that every test can prove one merchant never sees the other's data.
 */
export const SANDBOX = {
  password: 'plazo-sandbox',
  demoStore: {
    merchantId: '90b2ea23-a417-48b7-8400-554a197f2db1',
    name: 'Demo Store',
    defaultCountry: 'ESP',
    userId: 'cbcb62d7-07f1-4602-a16f-7de95f6bc0ac',
    username: 'demo@plazo.test',
    agents: {
      online: { id: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', name: 'agent-online' },
      store: { id: 'ac009233-ed1f-4234-9a5a-09f6cf935ced', name: 'agent-store' },
    },
  },
  otherShop: {
    merchantId: 'ca3a7926-972d-421e-ba91-5d6c2c77025a',
    name: 'Other Shop',
    defaultCountry: 'ESP',
    userId: 'a8838a4d-170d-4d99-8fde-ae5bcc7fda23',
    username: 'other@plazo.test',
    agents: {
      online: { id: '6a6094af-d3a8-4e72-8d7e-2dc1375898bd', name: 'agent-online' },
    },
  },
} as const

interface SeedMerchant {
  merchantId: string
  name: string
  defaultCountry: string
  userId: string
  username: string
  /** The first agent is the merchant's default. */
  agents: Record<string, { id: string; name: string }>
}

/**
 * How the seeded users' passwords are set: the documented `plazo-sandbox` (a sandbox of one's own), or a random
 * one each, shown once (a sandbox hosted for many merchants, where the documented password would let anyone in as
 * Demo Store).
 */
export type SeedPasswords = 'documented' | 'random'

/** A seeded user whose password this start chose: the only time it is shown. */
export interface SeededCredentials {
  username: string
  password: string
}

/**
 * Creates the sandbox merchants, users and agents that are missing; existing rows are left as they are (a
 * merchant's notification_url set through the API survives a restart). Safe to run on every start. With random
 * passwords, a seeded user that still has the documented one (a sandbox started before it was hosted) gets a
 * random one too, and its tokens are revoked. Answers the passwords chosen now.
 */
export async function seedSandbox(
  db: Database,
  now: () => Date = () => new Date(),
  passwords: SeedPasswords = 'documented',
): Promise<SeededCredentials[]> {
  return db.transaction(async (tx) => {
    const chosen: SeededCredentials[] = []
    for (const merchant of [SANDBOX.demoStore, SANDBOX.otherShop] satisfies SeedMerchant[]) {
      const password = await seedMerchant(tx, merchant, now(), passwords)
      if (password) chosen.push({ username: merchant.username, password })
    }
    return chosen
  })
}

/** Seeds one merchant; answers the password it chose for the user, if it chose one. */
async function seedMerchant(
  tx: Transaction,
  merchant: SeedMerchant,
  createdAt: Date,
  passwords: SeedPasswords,
): Promise<string | undefined> {
  await merchantRepository.insertIfMissing(tx, {
    id: merchant.merchantId,
    name: merchant.name,
    defaultCountry: merchant.defaultCountry,
    webhookSecret: newWebhookSecret(),
    createdAt,
  })
  const agents = Object.values(merchant.agents)
  for (const [index, agent] of agents.entries()) {
    await merchantRepository.insertAgentIfMissing(tx, {
      id: agent.id,
      merchantId: merchant.merchantId,
      name: agent.name,
      isDefault: index === 0,
      createdAt,
    })
  }
  const random = passwords === 'random' ? randomBytes(18).toString('base64url') : undefined
  // Hashing costs tens of milliseconds: only for a user that is really missing, or still documented when hosted.
  const hash = await userRepository.passwordHash(tx, merchant.userId)
  if (hash === undefined) {
    await createUser(tx, {
      id: merchant.userId,
      merchantId: merchant.merchantId,
      username: merchant.username,
      password: random ?? SANDBOX.password,
      createdAt,
    })
    return random
  }
  if (random === undefined || !(await verifyPassword(SANDBOX.password, hash))) return undefined
  await userRepository.setPasswordHash(tx, merchant.userId, await hashPassword(random))
  await tokenRepository.revokeUser(tx, merchant.userId, createdAt)
  return random
}

/** The key webhooks are signed with; random per installation, readable by the merchant through the API. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}
