// Runs the real `plazo` binary as a child process, and a local receiver that verifies what `plazo listen`
// forwards with the SDK's webhook verification.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { verifyWebhook } from '@plazo/node'

export const BIN = fileURLToPath(new URL('../../bin/plazo.js', import.meta.url))

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** A fresh configuration folder and the environment a command runs with (no PLAZO_* of the caller leaks in). */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !key.startsWith('PLAZO_') && key !== 'FORCE_COLOR') env[key] = value
  return { ...env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'plazo-cli-')), NO_COLOR: '1', ...extra }
}

export function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr })
      },
    )
    child.stdin?.end()
  })
}

/** A running `plazo --json listen`: its JSON lines as they come. */
export interface Listener {
  child: ChildProcess
  lines: Array<Record<string, unknown>>
  stderr: () => string
  ready: Promise<{ secret: string }>
  stop(): Promise<number | null>
}

export function listen(args: string[], env: Record<string, string>): Listener {
  const child = spawn(process.execPath, [BIN, '--json', 'listen', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Array<Record<string, unknown>> = []
  let err = ''
  let buffer = ''
  let markReady: (value: { secret: string }) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const ready = new Promise<{ secret: string }>((resolve, reject) => {
    markReady = resolve
    fail = reject
  })
  // Decoded as streams, so a character split between two chunks stays whole.
  child.stdout?.setEncoding('utf8')
  child.stderr?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    buffer += chunk
    let end = buffer.indexOf('\n')
    while (end !== -1) {
      const line = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>
      buffer = buffer.slice(end + 1)
      lines.push(line)
      if (line.ready) markReady({ secret: String(line.secret) })
      end = buffer.indexOf('\n')
    }
  })
  child.stderr?.on('data', (chunk: string) => {
    err += chunk
  })
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      fail(new Error(`plazo listen exited (${code}): ${err}`))
      resolve(code)
    }),
  )
  return {
    child,
    lines,
    stderr: () => err,
    ready,
    stop() {
      child.kill('SIGINT')
      return exited
    },
  }
}

export interface Received {
  headers: IncomingHttpHeaders
  body: string
  receivedAt: number
}

/** A local webhook receiver; `status` decides what it answers. */
export async function receiver(status: () => number = () => 200) {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ headers: request.headers, body, receivedAt: performance.now() })
      response.statusCode = status()
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    /** Each notification verified with the SDK (throws on a bad signature), as its event. */
    verified: (secret: string) =>
      received.map(
        (r) =>
          verifyWebhook(r.body, r.headers as Record<string, string>, secret) as {
            event_id: string
            event: string
          },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
