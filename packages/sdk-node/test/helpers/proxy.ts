// A loopback HTTP proxy in front of the sandbox that records what the SDK sends and can misbehave on cue: cut
// the connection after the API has answered (the answer is lost on the way back), or answer by itself.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Seen {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  /** What the API answered, when the request was forwarded. */
  upstream?: { status: number; body: string }
}

/** 'forward': pass the API's answer on; 'cut': forward, then drop the connection; or answer without the API. */
export type Behaviour = 'forward' | 'cut' | { status: number; body?: string; forward?: boolean }

export interface Proxy {
  /** The API URL through the proxy (`http://127.0.0.1:<port>/api/v2`). */
  apiUrl: string
  seen: Seen[]
  close(): Promise<void>
}

export async function proxy(
  target: string,
  decide: (seen: Seen, index: number) => Behaviour,
): Promise<Proxy> {
  const seen: Seen[] = []
  const origin = new URL(target).origin
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const entry: Seen = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', origin).pathname,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    const index = seen.push(entry) - 1
    const behaviour = decide(entry, index)
    if (typeof behaviour === 'object' && !behaviour.forward) {
      res.writeHead(behaviour.status, behaviour.body ? { 'content-type': 'application/json' } : {})
      res.end(behaviour.body ?? '')
      return
    }
    const headers = { ...req.headers } as Record<string, string>
    delete headers.host
    delete headers.connection
    const answer = await fetch(`${origin}${req.url}`, {
      method: entry.method,
      headers,
      ...(entry.body ? { body: entry.body } : {}),
    })
    entry.upstream = { status: answer.status, body: await answer.text() }
    if (behaviour === 'cut') {
      res.socket?.destroy()
      return
    }
    if (typeof behaviour === 'object') {
      res.writeHead(behaviour.status, behaviour.body ? { 'content-type': 'application/json' } : {})
      res.end(behaviour.body ?? '')
      return
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(entry.upstream.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiUrl: `http://127.0.0.1:${port}${new URL(target).pathname}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
