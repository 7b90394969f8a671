import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../src/domain/auth/password.ts'

describe('password hashing', () => {
  it('encodes scrypt parameters, salt and hash', async () => {
    expect(await hashPassword('plazo-sandbox')).toMatch(
      /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/,
    )
  })

  it('uses a new salt each time', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('plazo-sandbox')
    expect(await verifyPassword('plazo-sandbox', hash)).toBe(true)
    expect(await verifyPassword('plazo-sandbox ', hash)).toBe(false)
    expect(await verifyPassword('Plazo-sandbox', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats canonically equivalent Unicode spellings as the same password', async () => {
    const hash = await hashPassword('contrase\u00f1a')
    expect(await verifyPassword('contrasen\u0303a', hash)).toBe(true)
  })

  it('verifies hashes made with other parameters, read from the hash itself', async () => {
    const salt = Buffer.from('0123456789abcdef')
    const key = scryptSync('x', salt, 24, { N: 1024, r: 4, p: 2 })
    const encoded = `scrypt$1024$4$2$${salt.toString('base64url')}$${key.toString('base64url')}`
    expect(await verifyPassword('x', encoded)).toBe(true)
    expect(await verifyPassword('y', encoded)).toBe(false)
  })

  it.each([
    'plain-text',
    'scrypt$16384$8$1$onlysalt',
    'bcrypt$16384$8$1$c2FsdA$aGFzaA',
    'scrypt$1000$8$1$c2FsdA$aGFzaA',
    'scrypt$4194304$8$1$c2FsdA$aGFzaA',
    'scrypt$16384$8$1$$aGFzaA',
  ])('never matches a malformed or out-of-bounds hash (%s)', async (encoded) => {
    expect(await verifyPassword('anything', encoded)).toBe(false)
  })
})
