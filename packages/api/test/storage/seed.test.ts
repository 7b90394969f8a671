import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../src/domain/auth/password.ts'
import { SANDBOX, seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('sandbox seed on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open()
  })
  afterEach(() => t.cleanup())

  const snapshot = async () => ({
    merchants: await t.db.query('SELECT * FROM merchants ORDER BY name'),
    users: await t.db.query('SELECT * FROM users ORDER BY username'),
    agents: await t.db.query('SELECT * FROM agents ORDER BY merchant_id, name'),
  })

  it('creates Demo Store and Other Shop as DESIGN.md describes', async () => {
    const merchants = await t.db.query(
      'SELECT id, name, default_country, notification_url, notification_auth FROM merchants ORDER BY name',
    )
    expect(merchants).toEqual([
      {
        id: SANDBOX.demoStore.merchantId,
        name: 'Demo Store',
        default_country: 'ESP',
        notification_url: null,
        notification_auth: null,
      },
      {
        id: SANDBOX.otherShop.merchantId,
        name: 'Other Shop',
        default_country: 'ESP',
        notification_url: null,
        notification_auth: null,
      },
    ])
    expect(
      await t.db.query('SELECT id, merchant_id, name, is_default FROM agents ORDER BY name, merchant_id'),
    ).toEqual([
      {
        id: SANDBOX.demoStore.agents.online.id,
        merchant_id: SANDBOX.demoStore.merchantId,
        name: 'agent-online',
        is_default: 1,
      },
      {
        id: SANDBOX.otherShop.agents.online.id,
        merchant_id: SANDBOX.otherShop.merchantId,
        name: 'agent-online',
        is_default: 1,
      },
      {
        id: SANDBOX.demoStore.agents.store.id,
        merchant_id: SANDBOX.demoStore.merchantId,
        name: 'agent-store',
        is_default: 0,
      },
    ])
    const users = await t.db.query<{
      id: string
      merchant_id: string
      username: string
      password_hash: string
    }>('SELECT id, merchant_id, username, password_hash FROM users ORDER BY username')
    expect(users.map(({ password_hash: _, ...user }) => user)).toEqual([
      {
        id: SANDBOX.demoStore.userId,
        merchant_id: SANDBOX.demoStore.merchantId,
        username: 'demo@plazo.test',
      },
      {
        id: SANDBOX.otherShop.userId,
        merchant_id: SANDBOX.otherShop.merchantId,
        username: 'other@plazo.test',
      },
    ])
    for (const user of users) {
      expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/)
      expect(await verifyPassword('plazo-sandbox', user.password_hash)).toBe(true)
    }
  })

  it('gives each merchant its own webhook secret', async () => {
    const secrets = await t.db.query<{ webhook_secret: string }>('SELECT webhook_secret FROM merchants')
    expect(secrets).toHaveLength(2)
    expect(secrets[0]?.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(secrets[0]?.webhook_secret).not.toBe(secrets[1]?.webhook_secret)
  })

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await snapshot()
    await seedSandbox(t.db)
    await seedSandbox(t.db)
    expect(await snapshot()).toEqual(before)
  })

  it('keeps what merchants changed and restores only what is missing', async () => {
    await t.db.run('UPDATE merchants SET notification_url = $1 WHERE id = $2', [
      'http://127.0.0.1:9999/webhooks',
      SANDBOX.demoStore.merchantId,
    ])
    await t.db.run('DELETE FROM agents WHERE id = $1', [SANDBOX.demoStore.agents.store.id])
    await seedSandbox(t.db)
    expect(
      await t.db.one('SELECT notification_url FROM merchants WHERE id = $1', [SANDBOX.demoStore.merchantId]),
    ).toEqual({ notification_url: 'http://127.0.0.1:9999/webhooks' })
    expect(
      await t.db.one('SELECT name FROM agents WHERE id = $1', [SANDBOX.demoStore.agents.store.id]),
    ).toEqual({
      name: 'agent-store',
    })
  })
  describe('on a hosted sandbox (random passwords)', () => {
    const hashes = async () =>
      (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users ORDER BY username')).map(
        (row) => row.password_hash,
      )

    it('leaves the documented passwords of an existing sandbox unchanged when not hosted', async () => {
      expect(await seedSandbox(t.db)).toEqual([])
    })

    it('gives a seeded user that still has the documented password a random one, once, and ends its tokens', async () => {
      await t.db.run(
        `INSERT INTO access_tokens (token_hash, user_id, kind, family_id, expires_at, revoked_at, created_at)
         VALUES ($1, $2, 'access', $3, $4, NULL, $5)`,
        ['hash-of-a-token', SANDBOX.demoStore.userId, 'family', new Date(Date.now() + 3_600_000), new Date()],
      )
      const chosen = await seedSandbox(t.db, undefined, 'random')
      expect(chosen.map((c) => c.username)).toEqual(['demo@plazo.test', 'other@plazo.test'])
      const [demoHash, otherHash] = await hashes()
      for (const [credentials, hash] of [
        [chosen[0], demoHash],
        [chosen[1], otherHash],
      ] as const) {
        expect(credentials?.password).toMatch(/^[A-Za-z0-9_-]{24}$/)
        expect(await verifyPassword(credentials?.password ?? '', hash ?? '')).toBe(true)
        expect(await verifyPassword(SANDBOX.password, hash ?? '')).toBe(false)
      }
      expect(chosen[0]?.password).not.toBe(chosen[1]?.password)
      const token = await t.db.one<{ revoked_at: unknown }>(
        'SELECT revoked_at FROM access_tokens WHERE token_hash = $1',
        ['hash-of-a-token'],
      )
      expect(token?.revoked_at).not.toBeNull()

      // The next start shows nothing and changes nothing: the passwords were shown once.
      const before = await hashes()
      expect(await seedSandbox(t.db, undefined, 'random')).toEqual([])
      expect(await hashes()).toEqual(before)
    })
  })
})
