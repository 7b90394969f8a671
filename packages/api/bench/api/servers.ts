// The servers under test of `npm run bench:api`: each runs in a worker thread of its own (this file, loaded
// again in the thread), so that autocannon on the main thread never shares their event loop.
import type { EventLoopUtilization } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { CheckoutSessionRequestSchema } from '@plazo/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { hppUrls } from '../../src/domain/checkout/session-service.ts'
import { seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../src/storage/index.ts'

const HOST = '127.0.0.1'

export type ServerSpec =
  | { kind: 'bare'; bodies: Record<string, string> }
  | { kind: 'api'; databaseUrl: string; schema?: string | undefined; requestLog?: boolean }

type WorkerMessage = { type: 'listening'; port: number } | { type: 'failed'; error: string }

async function serve(spec: ServerSpec): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serve() runs in a worker thread')
  let db: Database | undefined
  let app: FastifyInstance | undefined
  try {
    if (spec.kind === 'bare') {
      // One route per response size (`/bare/<name>`). Parsed once so each request pays for serialising the
      // body, as the API's routes do.
      app = Fastify({ logger: false })
      for (const [name, text] of Object.entries(spec.bodies)) {
        const body: unknown = JSON.parse(text)
        app.get(`/bare/${name}`, async () => body)
      }
    } else {
      // Opened as server.ts opens it.
      db = await openDatabase(spec.databaseUrl, {
        checkTransactionScope: false,
        ...(spec.schema === undefined ? {} : { schema: spec.schema }),
      })
      await seedSandbox(db)
      const config = loadConfig({ PLAZO_DATABASE_URL: spec.databaseUrl })
      const api = await buildApp({ config, db, logger: false, requestLog: spec.requestLog ?? true })
      addValidatedNoop(api, config.publicUrl)
      app = api
    }
    await app.listen({ host: HOST, port: 0 })
  } catch (error) {
    await app?.close()
    await db?.close()
    port.postMessage({ type: 'failed', error: describe(error) } satisfies WorkerMessage)
    port.close()
    return
  }
  const server = app
  const database = db
  // The main thread asks once; closing the port lets the worker's event loop drain and the thread end.
  port.once('message', async () => {
    await server.close()
    await database?.close()
    port.close()
  })
  const address = server.server.address()
  const listening = address !== null && typeof address !== 'string' ? address.port : 0
  port.postMessage({ type: 'listening', port: listening } satisfies WorkerMessage)
}

/**
 * The floor under create, measured in the API itself: a route (bench only, never in the app) that runs what
 * every create runs before its own work (the app's hooks, authentication, the idempotency check, parsing and
 * validating the same body against the same schema) and then answers a create-sized 201 at once: no business
 * logic, no storage. No create can be faster than this on this machine.
 */
function addValidatedNoop(app: FastifyInstance, publicUrl: string): void {
  const answer = {
    checkout_session_id: '019aa4d2-0000-7000-8000-000000000000',
    ...hppUrls(publicUrl, '6f1c2f83-7b2a-4d4e-9a53-1d2c3b4a5e6f'),
  }
  app.post(
    VALIDATED_NOOP_PATH,
    {
      onRequest: [app.authenticate],
      preHandler: [app.idempotent],
      schema: { body: CheckoutSessionRequestSchema },
    },
    async (_request, reply) => reply.status(201).send(answer),
  )
}

export const VALIDATED_NOOP_PATH = '/bench/validated-noop'

// ---------------------------------------------------------------------------------------------------------
// Main side: start a server in a worker, and stop them all.

export interface Server {
  name: string
  base: string
  /** The worker's event-loop utilisation since `start` (or a snapshot to diff later when omitted). */
  utilization(start?: EventLoopUtilization): EventLoopUtilization
  close(): Promise<void>
}

const workers = new Set<Worker>()

// Node 20 does not run tsx's `--import` hook in worker threads, so each worker registers tsx itself before it
// loads this file.
const workerBootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`

export function startServer(name: string, spec: ServerSpec): Promise<Server> {
  const worker = new Worker(workerBootstrap, { eval: true, workerData: spec })
  workers.add(worker)
  worker.on('error', (error) => console.log(`${name} server failed: ${describe(error)}`))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  exited.then(() => workers.delete(worker))
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`${name} server exited (code ${code}) before listening`)))
    worker.once('message', (message: WorkerMessage) => {
      if (message.type === 'failed') {
        reject(new Error(message.error))
        return
      }
      resolve({
        name,
        base: `http://${HOST}:${message.port}`,
        utilization: (start) => worker.performance.eventLoopUtilization(start),
        async close() {
          worker.postMessage('close')
          const timeout = setTimeout(() => void worker.terminate(), 10_000)
          await exited
          clearTimeout(timeout)
        },
      })
    })
  })
}

/** Ends every server thread still running, whatever state it is in. */
export async function terminateServers(): Promise<void> {
  await Promise.all([...workers].map((worker) => worker.terminate()))
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

if (!isMainThread) await serve(workerData as ServerSpec)
