// The two ends of `npm run bench:webhooks`'s deliveries: a loopback receiver in a worker thread, and answers
// given in-process through the worker's `post` option.
import { Worker } from 'node:worker_threads'
import type { PostRequest, PostResponse } from '../../src/domain/webhooks/http-post.ts'

// Receiver thread: answers 204 at once and reports (event id, receipt time) in batches. Plain JavaScript run
// with `eval`, so the thread loads nothing but node:http.

type ReceiverMessage =
  | { type: 'listening'; port: number }
  | { type: 'received'; receipts: [string, number][] }

const RECEIVER_SOURCE = `
const http = require('node:http')
const { parentPort } = require('node:worker_threads')
let pending = []
const flush = () => {
  if (pending.length === 0) return
  parentPort.postMessage({ type: 'received', receipts: pending })
  pending = []
}
setInterval(flush, 20).unref()
const server = http.createServer({ keepAliveTimeout: 10000 }, (req, res) => {
  const receivedAt = Date.now()
  req.resume()
  req.on('end', () => {
    pending.push([String(req.headers['webhook-id']), receivedAt])
    res.writeHead(204).end()
  })
})
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }))
parentPort.on('message', (message) => {
  if (message !== 'close') return
  flush()
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
`

export class Receiver {
  readonly receipts = new Map<string, number>()
  #waiters: Array<() => void> = []

  private constructor(
    readonly worker: Worker,
    readonly url: string,
  ) {
    worker.on('message', (message: ReceiverMessage) => {
      if (message.type !== 'received') return
      for (const [id, at] of message.receipts) if (!this.receipts.has(id)) this.receipts.set(id, at)
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  static async start(): Promise<Receiver> {
    const worker = new Worker(RECEIVER_SOURCE, { eval: true })
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject)
      worker.once('message', (message: ReceiverMessage) => {
        if (message.type === 'listening') resolve(message.port)
      })
    })
    return new Receiver(worker, `http://127.0.0.1:${port}/webhooks`)
  }

  /** Resolves when every id has arrived, or at the deadline. */
  async waitFor(ids: readonly string[], deadline: number): Promise<void> {
    while (ids.some((id) => !this.receipts.has(id)) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }

  async close(): Promise<void> {
    this.worker.postMessage('close')
    await new Promise((resolve) => this.worker.once('exit', resolve))
  }
}

/**
 * Answers the worker's POSTs on the API node's own thread, 204 at once, noting each receipt: the worker's `post`
 * option, as the tests use it. No HTTP and no receiver thread: what is left is the database and the worker.
 */
export class InProcessAnswers {
  readonly receipts = new Map<string, number>()

  readonly post = async (request: PostRequest): Promise<PostResponse> => {
    const id = request.headers['webhook-id']
    if (id !== undefined && !this.receipts.has(id)) this.receipts.set(id, Date.now())
    return { statusCode: 204, body: '' }
  }

  /** Resolves when every id has arrived, or at the deadline. */
  async waitFor(ids: readonly string[], deadline: number): Promise<void> {
    while (ids.some((id) => !this.receipts.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
}

/** Where the receipts of a phase are noted: the receiver thread, or the worker's in-process `post`. */
export interface Receipts {
  readonly receipts: ReadonlyMap<string, number>
  waitFor(ids: readonly string[], deadline: number): Promise<void>
}
