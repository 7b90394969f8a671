import { describe, expect, it } from 'vitest'
import type { EventSummary } from '../api.ts'
import { failingFirst, sessionOf, snippets } from '../lists.ts'

const event = (status: string, attempt_count: number, created_at: string): EventSummary =>
  ({
    event_id: `${status}-${attempt_count}-${created_at}`,
    type: 'checkout_session_status_changed',
    checkout_session_id: '8a0b5a7e-4d2f-4c1b-9f00-2c5f4b0e6d11',
    status,
    attempt_count,
    created_at,
  }) as EventSummary

describe('the webhooks page', () => {
  it('lists failed deliveries first, then pending ones that failed a try, then the rest; newest first within', () => {
    const ordered = failingFirst([
      event('delivered', 1, '2026-11-28T10:05:00.000Z'),
      event('pending', 0, '2026-11-28T10:04:00.000Z'),
      event('failed', 8, '2026-11-28T10:01:00.000Z'),
      event('pending', 2, '2026-11-28T10:02:00.000Z'),
      event('failed', 0, '2026-11-28T10:03:00.000Z'),
    ])
    expect(ordered.map((e) => `${e.status}/${e.attempt_count}`)).toEqual([
      'failed/0',
      'failed/8',
      'pending/2',
      'pending/0',
      'delivered/1',
    ])
  })
})

describe('the request log', () => {
  const id = '01a21fbd-36f7-73d8-b208-9afa9e8cfbc0'
  it('links a call to its session: by its path, or by what the create answered', () => {
    expect(sessionOf({ path: `/api/v2/checkout/${id}/refund`, response_body: null })).toBe(id)
    expect(
      sessionOf({
        path: `/api/v2/test-helpers/checkout/${id.toUpperCase()}/customer-action`,
        response_body: null,
      }),
    ).toBe(id)
    expect(sessionOf({ path: '/api/v2/checkout', response_body: { checkout_session_id: id } })).toBe(id)
    expect(sessionOf({ path: '/api/v2/checkout/payment-intent', response_body: { payload: { id } } })).toBe(
      id,
    )
    expect(
      sessionOf({ path: '/api/v2/webhooks/secret', response_body: { payload: { secret: 'whsec_x' } } }),
    ).toBeUndefined()
  })
})

describe('the developers page', () => {
  it('fills the SDK, CLI and MCP snippets with the account and the sandbox URL, never a password', () => {
    const code = snippets('https://sandbox.example.com/api/v2', 'ana@example.com')
    expect(code.sdk).toContain(
      "new Plazo({\n  username: 'ana@example.com',\n  password: process.env.PLAZO_PASSWORD,\n  apiUrl: 'https://sandbox.example.com/api/v2',",
    )
    expect(code.cli).toContain('npx plazo login --username ana@example.com')
    expect(JSON.parse(code.mcp)).toEqual({
      command: 'npx',
      args: ['-y', '@plazo/mcp'],
      env: {
        PLAZO_API_URL: 'https://sandbox.example.com/api/v2',
        PLAZO_USERNAME: 'ana@example.com',
        PLAZO_PASSWORD: '<your password>',
      },
    })
  })
})
