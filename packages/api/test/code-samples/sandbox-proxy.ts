// The samples run as their own processes and call a real HTTP port. Many run at once, so each run gets a
// base URL of its own (`/run/<n>/api/v2`): this proxy strips the prefix, answers through the in-process
// app (app.inject) and records what the run's calls were answered, so a test knows the status and body of
// exactly the call its sample made.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App } from '../../src/app.ts'

export interface Answer {
  method: string
  url: string
  status: number
  contentType: string
  body: string
}

export interface SandboxProxy {
  /** A base URL for one run (PLAZO_API_URL) and the answers its calls got. */
  run(): { apiUrl: string; answers: Answer[] }
  close(): Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function sandboxProxy(app: App): Promise<SandboxProxy> {
  const runs = new Map<string, Answer[]>()
  const server: Server = createServer(async (request, response) => {
    const match = /^\/run\/(\d+)(\/.*)$/.exec(request.url ?? '')
    const answers = match ? runs.get(match[1] as string) : undefined
    if (!match || !answers) {
      response.writeHead(404).end()
      return
    }
    const url = match[2] as string
    const payload = await bodyOf(request)
    // The event stream never ends by itself: bounded to a second, as a reader who watches it and presses Ctrl-C.
    const bounded = /\/webhooks\/events\/stream\/?$/.test(url) ? `${url}?timeout=1` : url
    const res = await app.inject({
      method: request.method as 'GET',
      url: bounded,
      headers: request.headers,
      ...(payload.length ? { payload } : {}),
    })
    answers.push({
      method: request.method ?? '',
      url,
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.body,
    })
    const headers = Object.fromEntries(
      Object.entries(res.headers).filter(([name]) => !['transfer-encoding', 'connection'].includes(name)),
    )
    // Closing the connection lets each sample's process exit as soon as it has printed (no idle keep-alive).
    response.writeHead(res.statusCode, { ...headers, connection: 'close' } as Record<string, string>)
    response.end(res.rawPayload)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let next = 0
  return {
    run() {
      const id = String(++next)
      const answers: Answer[] = []
      runs.set(id, answers)
      return { apiUrl: `http://127.0.0.1:${port}/run/${id}/api/v2`, answers }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
