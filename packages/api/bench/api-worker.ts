// The API in a worker thread for the benches that measure it under load (login-flood.ts, error-amplification.ts):
// one event loop, as a node has, on SQLite in memory with the sandbox seed, so the bench's own thread (the
// clients) does not compete with it. A bench file runs `serveApi()` in the worker and `startApiWorker()` in the
// main thread, which starts that same file again in the worker.
import { type MessagePort, parentPort, Worker } from 'node:worker_threads'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedSandbox } from '../src/domain/sandbox/seed.ts'
import { openDatabase } from '../src/storage/index.ts'

export const HOST = '127.0.0.1'

/**
 * In the worker: the API listening on a free loopback port, which it posts to the main thread. A message from the
 * main thread closes it, unless `answer` takes it (and returns true).
 */
export async function serveApi(answer?: (message: unknown, port: MessagePort) => boolean): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serveApi() runs in a worker thread')
  const url = 'sqlite::memory:'
  const db = await openDatabase(url)
  await seedSandbox(db)
  const app = await buildApp({ config: loadConfig({ PLAZO_DATABASE_URL: url }), db, logger: false })
  await app.listen({ host: HOST, port: 0 })
  port.on('message', async (message) => {
    if (answer?.(message, port)) return
    await app.close()
    await db.close()
    port.close()
  })
  const address = app.server.address()
  port.postMessage(address !== null && typeof address !== 'string' ? address.port : 0)
}

/** In the main thread: runs the bench file `moduleUrl` (its TypeScript through tsx) in a worker; its API's port. */
export async function startApiWorker(moduleUrl: string): Promise<{ worker: Worker; port: number }> {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}) })`
  const worker = new Worker(bootstrap, { eval: true })
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return { worker, port }
}
