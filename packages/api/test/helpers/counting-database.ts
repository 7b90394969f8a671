// A database that counts its reads (`query` and `one` calls), for what must not read more as it serves more: the
// event stream's single read loop (test/devtools/event-stream-hub.test.ts and bench/stream.ts).
import type { Database } from '../../src/storage/index.ts'

export function countingReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0
  const wrapped = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target)
      if (property === 'query' || property === 'one') {
        return (...args: unknown[]) => {
          reads++
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: wrapped, reads: () => reads }
}
