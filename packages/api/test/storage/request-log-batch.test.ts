import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeCalls, encodeCalls, keepNewest, type NewCall } from '../../src/storage/request-log-batch.ts'

// The request log's batch text (request-log-batch.ts): whatever calls a flush holds, they read back as written,
// and keeping the newest of them keeps exactly those and names exactly their bodies.

const text = fc.string({ unit: 'grapheme', maxLength: 12 })
const call: fc.Arbitrary<NewCall> = fc.record({
  request_id: text,
  at: fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2030-01-01') }),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  path: fc.constantFrom('/api/v2/checkout/', '/api/v2/checkout/a/', '/api/v2/webhooks/secret', '"\\/\u2028'),
  status: fc.integer({ min: 100, max: 599 }),
  duration_ms: fc.nat(60_000),
  idempotency_key: fc.option(text),
  login_id: fc.option(fc.constantFrom('login-1', 'login-2')),
  request_hash: fc.option(fc.constantFrom('h1', 'h2', 'h3')),
  response_hash: fc.option(fc.constantFrom('h1', 'h4')),
})
/** Calls as a flush writes them: oldest first. */
const calls = fc.array(call, { minLength: 1, maxLength: 40 }).map((list) => list.sort((a, b) => a.at - b.at))

const asRead = ({ at, ...rest }: NewCall) => ({ ...rest, created_at: new Date(at).toISOString() })

describe('request log batch text', () => {
  it('reads back every call as written, in order', () => {
    fc.assert(
      fc.property(calls, (written) => {
        expect(decodeCalls(encodeCalls(written))).toEqual(written.map(asRead))
      }),
      { numRuns: 500 },
    )
  })

  it('keeps the newest calls and names exactly their bodies', () => {
    fc.assert(
      fc.property(calls, fc.integer({ min: 1, max: 40 }), (written, keep) => {
        const kept = keepNewest(encodeCalls(written), keep)
        const newest = written.slice(-keep)
        expect(decodeCalls(kept.entries)).toEqual(newest.map(asRead))
        expect(kept.oldestAt).toBe(new Date((newest[0] as NewCall).at).toISOString())
        const named = new Set(
          newest.flatMap((c) => [c.request_hash, c.response_hash]).filter((h) => h !== null),
        )
        expect(new Set(kept.hashes)).toEqual(named)
      }),
      { numRuns: 500 },
    )
  })

  it('reads the calls the migration moved in, a plain array with bodies written out', () => {
    const moved = [
      {
        request_id: 'r1',
        created_at: '2026-11-28T09:00:00.000Z',
        method: 'POST',
        path: '/api/v2/checkout/',
        status: 201,
        duration_ms: 7,
        idempotency_key: 'k',
        login_id: null,
        request_hash: null,
        response_hash: null,
        request_text: '{"a":1}',
        response_text: 'not json',
      },
    ]
    expect(decodeCalls(JSON.stringify(moved))).toEqual(moved)
    expect(keepNewest(JSON.stringify([...moved, { ...moved[0], request_id: 'r2' }]), 1)).toMatchObject({
      hashes: [],
      oldestAt: '2026-11-28T09:00:00.000Z',
    })
  })
})
