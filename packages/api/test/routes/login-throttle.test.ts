// Too many failed logins (10 per username or 50 per address within 15 minutes) answer 429 RATE_LIMITED with
// Retry-After, before any password is hashed; a success clears the username's count (issue 38). On both
// engines, and with the attempts of a burst sent all at once.
import { ERRORS } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS_PER_ADDRESS, MAX_ATTEMPTS_PER_USERNAME } from '../../src/domain/auth/login-throttle.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('login throttling on $name', (engine) => {
  let t: TestApp
  const now = new Date('2026-11-28T10:00:00Z')
  beforeEach(async () => {
    t = await testApp(engine)
    t.setNow(now)
  })
  afterEach(() => t.close())

  const login = (username: string, password: string, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username, password },
      remoteAddress: address,
    })
  const demo = SANDBOX.demoStore.username

  it('refuses the 11th attempt for a username with 429 and Retry-After, then lets it in once the window moves', async () => {
    for (let i = 0; i < MAX_ATTEMPTS_PER_USERNAME; i++)
      expect((await login(demo, 'wrong')).statusCode).toBe(403)
    const limited = await login(demo, SANDBOX.password)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      status: 'ko',
      exception: ERRORS.RATE_LIMITED.exception,
      error: 'Too many requests: retry after 900 s.',
    })
    expect(limited.headers['retry-after']).toBe('900')
    // Another address is refused too: the username is what is being guessed.
    expect((await login(demo, SANDBOX.password, '198.51.100.1')).statusCode).toBe(429)
    t.setNow(new Date(now.getTime() + 15 * 60_000 + 1))
    expect((await login(demo, SANDBOX.password)).statusCode).toBe(200)
  })

  it('clears the username count on a success', async () => {
    for (let i = 0; i < MAX_ATTEMPTS_PER_USERNAME - 1; i++) await login(demo, 'wrong')
    expect((await login(demo, SANDBOX.password)).statusCode).toBe(200)
    for (let i = 0; i < MAX_ATTEMPTS_PER_USERNAME - 1; i++)
      expect((await login(demo, 'wrong')).statusCode).toBe(403)
    expect((await login(demo, SANDBOX.password)).statusCode).toBe(200)
  })

  it('counts the username however it is written', async () => {
    for (let i = 0; i < MAX_ATTEMPTS_PER_USERNAME; i++)
      await login(i % 2 ? demo.toUpperCase() : demo, 'wrong')
    expect((await login('Demo@Plazo.Test', SANDBOX.password)).statusCode).toBe(429)
  })

  it('refuses an address after 50 attempts across usernames, and not another address', async () => {
    for (let i = 0; i < MAX_ATTEMPTS_PER_ADDRESS; i++) {
      expect((await login(`nobody${i}@shop.example`, 'wrong')).statusCode).toBe(403)
    }
    expect((await login(demo, SANDBOX.password)).statusCode).toBe(429)
    expect((await login(demo, SANDBOX.password, '198.51.100.2')).statusCode).toBe(200)
  })

  it('checks exactly the first 10 of a burst of 40 sent at once, and refuses the others', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(demo, 'wrong')))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(MAX_ATTEMPTS_PER_USERNAME)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      40 - MAX_ATTEMPTS_PER_USERNAME,
    )
    expect(new Set(statuses)).toEqual(new Set([403, 429]))
  })
})
