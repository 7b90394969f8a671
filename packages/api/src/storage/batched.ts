import DataLoader from 'dataloader'
import type { Database } from './types.ts'

/** At most this many lookups share one statement. */
const MAX_BATCH = 64

/**
 * Calls that requests make at the same moment, sent to PostgreSQL as one statement (DataLoader, the well-known
 * batching of concurrent loads): lookups by key, and creates' lone INSERTs. On this kind of machine most of a
 * PostgreSQL statement's cost on the API node is the write to the database's socket, which wakes another
 * process: a busy node making ten calls in one event-loop turn pays it once instead of ten times. The batch goes
 * at the end of the turn (setImmediate), once every request that arrived in it has asked; nothing is cached, so
 * each lookup reads committed rows anew, as a statement of its own would. `load` answers in the order of the
 * keys, with an Error for a key that failed on its own. On SQLite, statements are in-process calls and gain
 * nothing: they run one by one.
 */
export function batched<K, V>(
  db: Database,
  load: (keys: readonly K[]) => Promise<Array<V | undefined | Error>>,
  cacheKey: (key: K) => string,
): (key: K) => Promise<V | undefined> {
  if (db.engine !== 'postgres') {
    return async (key) => {
      const [value] = await load([key])
      if (value instanceof Error) throw value
      return value
    }
  }
  const loader = new DataLoader<K, V | undefined, string>(load as DataLoader.BatchLoadFn<K, V | undefined>, {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: (run) => setImmediate(run),
    cacheKeyFn: cacheKey,
  })
  return (key) => loader.load(key)
}
