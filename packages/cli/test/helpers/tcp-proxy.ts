// A loopback TCP proxy in front of the sandbox that can lose the network on cue: `down()` drops every open
// connection and refuses new ones until `up()`, as a Wi-Fi drop or a laptop lid does to `plazo listen`.
import net from 'node:net'

export interface TcpProxy {
  /** The API URL through the proxy (`http://127.0.0.1:<port>/api/v2`). */
  apiUrl: string
  down(): void
  up(): void
  close(): Promise<void>
}

export async function tcpProxy(apiUrl: string): Promise<TcpProxy> {
  const target = new URL(apiUrl)
  const sockets = new Set<net.Socket>()
  let refusing = false
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy()
      return
    }
    const upstream = net.connect(Number(target.port), target.hostname)
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        sockets.delete(socket)
        other.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const dropAll = () => {
    for (const socket of sockets) socket.destroy()
  }
  return {
    apiUrl: `http://127.0.0.1:${port}${target.pathname}`,
    down() {
      refusing = true
      dropAll()
    },
    up() {
      refusing = false
    },
    close() {
      dropAll()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
