// Large bodies are parsed one per event-loop turn (json-body.ts), so the requests whose data arrives meanwhile
// are served between them instead of after all of them; `npm run bench:errors` measures what it does for a GET
// beside four worst-case bodies.
import { describe, expect, it } from 'vitest'
import { LargeBodyTurns } from '../../src/plugins/json-body.ts'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('large bodies in turns', () => {
  it('runs one body a turn, in arrival order, with what arrived meanwhile in between', async () => {
    const turns = new LargeBodyTurns()
    const seen: string[] = []
    for (const name of ['a', 'b', 'c']) turns.push(() => seen.push(name))
    // Work of other requests, ready while the bodies wait: one turn later, and two turns later.
    setImmediate(() => {
      seen.push('get 1')
      setImmediate(() => seen.push('get 2'))
    })
    for (let turn = 0; turn < 4; turn++) await nextTurn()
    expect(seen).toEqual(['a', 'get 1', 'b', 'get 2', 'c'])
  })

  it("finishes a body's work started in promises before the next body", async () => {
    const turns = new LargeBodyTurns()
    const seen: string[] = []
    turns.push(() => void Promise.resolve().then(() => seen.push('a validated')))
    turns.push(() => seen.push('b'))
    for (let turn = 0; turn < 3; turn++) await nextTurn()
    expect(seen).toEqual(['a validated', 'b'])
  })

  it('starts again at once after it ran dry', async () => {
    const turns = new LargeBodyTurns()
    const seen: string[] = []
    turns.push(() => seen.push('a'))
    await nextTurn()
    await nextTurn()
    turns.push(() => seen.push('b'))
    await nextTurn()
    expect(seen).toEqual(['a', 'b'])
  })
})
