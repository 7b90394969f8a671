import { PassThrough } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { gateLogger } from '../logger.ts'

/** The gate's log lines for one page request and one warning, as written with `gateLogger(env, tty)`. */
async function linesOf(env: Record<string, string>, tty: boolean): Promise<string[]> {
  const out = new PassThrough()
  const chunks: string[] = []
  out.setEncoding('utf8')
  out.on('data', (chunk: string) => chunks.push(chunk))
  const options = gateLogger(env, tty, out)
  // JSON goes to stdout by default: sent to `out` here to be read.
  const logger =
    typeof options === 'object' && options !== null && !('stream' in options)
      ? { ...options, stream: out }
      : options
  const app = Fastify({ logger })
  app.get('/', async () => 'page')
  await app.inject({ method: 'GET', url: '/' })
  app.log.warn('the password is the local default')
  await app.close()
  return stripVTControlCharacters(chunks.join('')).split('\n').filter(Boolean)
}

describe('the docs gate logs', () => {
  it('at a terminal: its warnings only, one readable line each, not a line per page', async () => {
    const lines = await linesOf({}, true)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d] WARN: docs: the password is the local default$/)
  })

  it('elsewhere, or with PLAZO_LOG_FORMAT=json: every request as JSON', async () => {
    for (const [env, tty] of [
      [{}, false],
      [{ PLAZO_LOG_FORMAT: 'json' }, true],
    ] as const) {
      const lines = await linesOf(env, tty)
      expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
        'incoming request',
        'request completed',
        'the password is the local default',
      ])
    }
  })
})
