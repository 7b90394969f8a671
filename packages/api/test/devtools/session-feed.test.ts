import { describe, expect, it } from 'vitest'
import { lowestIdAt } from '../../src/domain/devtools/session-feed.ts'
import { timeOrderedId } from '../../src/domain/ids.ts'

// The dashboards' feed of new sessions reads a range of session ids by the time they were made: the bound for a
// time sorts below every id made from then on and above every id made before, as text (SQLite and PostgreSQL
// compare the TEXT ids so).
describe('the session feed\u2019s id bounds', () => {
  it('sorts between the ids made before a moment and those made from it', () => {
    const before = timeOrderedId()
    const at = Date.now() + 2
    while (Date.now() < at) {
      // wait for a later millisecond
    }
    const bound = lowestIdAt(at)
    const after = timeOrderedId()
    expect([after, bound, before].sort()).toEqual([before, bound, after])
    expect(lowestIdAt(0)).toBe('00000000-0000-0000-0000-000000000000')
    expect(lowestIdAt(0x0123456789ab)).toBe('01234567-89ab-0000-0000-000000000000')
  })
})
