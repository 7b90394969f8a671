import { afterEach, describe, expect, it, vi } from 'vitest'
import { idleQueue, isReferencePath } from '../prefetch.ts'

describe('isReferencePath', () => {
  it('knows the four references in both languages, with or without a slash, query or hash', () => {
    expect(isReferencePath('/order-management-api')).toBe(true)
    expect(isReferencePath('/es/webhook-api/')).toBe(true)
    expect(isReferencePath('/checkout-session-hpp-api#tag/Authentication')).toBe(true)
    expect(isReferencePath('/docs/order-management/refunds')).toBe(false)
  })
})

describe('idleQueue', () => {
  const idle: ((deadline: IdleDeadline) => void)[] = []
  afterEach(() => {
    idle.length = 0
    vi.unstubAllGlobals()
  })

  function stubIdle(): void {
    vi.stubGlobal('requestIdleCallback', (run: (deadline: IdleDeadline) => void) => idle.push(run))
  }

  /** Runs the next idle period with `budgets` as the successive answers of timeRemaining(). */
  function idlePeriod(...budgets: number[]): void {
    const run = idle.shift()
    if (!run) throw new Error('nothing is waiting for idle time')
    run({ didTimeout: false, timeRemaining: () => budgets.shift() ?? 0 })
  }

  it('does nothing until the browser is idle, then as much as the idle period leaves room for', () => {
    stubIdle()
    const done: string[] = []
    const later = idleQueue((path) => done.push(path))
    for (const path of ['/a', '/b', '/c', '/d']) expect(later(path)).toBe(true)
    expect(done).toEqual([])
    expect(idle).toHaveLength(1)
    idlePeriod(20, 3)
    expect(done).toEqual(['/a', '/b'])
    idlePeriod(30, 30, 30)
    expect(done).toEqual(['/a', '/b', '/c', '/d'])
  })

  it('does one path per idle period that timed out, and asks for idle time again when given more', () => {
    stubIdle()
    const done: string[] = []
    const later = idleQueue((path) => done.push(path))
    later('/a')
    later('/b')
    idle.shift()?.({ didTimeout: true, timeRemaining: () => 0 })
    expect(done).toEqual(['/a'])
    idlePeriod(50)
    expect(done).toEqual(['/a', '/b'])
    expect(idle).toHaveLength(0)
    later('/c')
    expect(idle).toHaveLength(1)
  })

  it('stops an idle period after a few milliseconds of work, however much room it leaves', () => {
    stubIdle()
    let now = 0
    vi.stubGlobal('performance', { now: () => now })
    const done: string[] = []
    // Each prefetch takes 3 ms: the second one ends past the batch's budget.
    const later = idleQueue((path) => {
      now += 3
      done.push(path)
    })
    for (const path of ['/a', '/b', '/c', '/d']) later(path)
    idlePeriod(49, 49, 49, 49)
    expect(done).toEqual(['/a', '/b'])
    idlePeriod(49, 49, 49, 49)
    expect(done).toEqual(['/a', '/b', '/c', '/d'])
  })
})
